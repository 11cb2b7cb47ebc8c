// Regenerates the embedded BSSA14 and ASK14 coefficient modules under
// src/domain/hazards/earthquake/gmpe/ from the whitespace-separated coefficient tables in the
// shared reference data (bssa14_coeffs*.txt, ask14_coeffs.txt; see that folder's README for
// their provenance). Run from the repository root:
//
//   node --import tsx scripts/generateGmpeCoefficients.ts [refdataDir]
//
// refdataDir defaults to ../shared/reference/refdata. The generated files are committed; this
// script only needs running again if the published tables are re-read.
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = process.cwd();
const refdataDir = path.resolve(repoRoot, process.argv[2] ?? '../shared/reference/refdata');
const outDir = path.join(repoRoot, 'src/domain/hazards/earthquake/gmpe');

interface Table {
  columns: string[];
  rows: Map<string, number[]>;
}

function readTable(fileName: string): Table {
  const lines = fs
    .readFileSync(path.join(refdataDir, fileName), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const [header, ...body] = lines.map((line) => line.split(/\s+/));
  const rows = new Map<string, number[]>();
  for (const cells of body) {
    const values = cells.slice(1).map(Number);
    if (values.length !== header.length - 1 || values.some((value) => !Number.isFinite(value))) {
      throw new Error(`${fileName}: malformed row for ${cells[0]}`);
    }
    rows.set(cells[0], values);
  }
  return { columns: header.slice(1), rows };
}

/** 'pga' / 'pgv' stay as they are; SA periods become numbers ("0.010" -> 0.01). */
function imtLiteral(key: string): string {
  return key === 'pga' || key === 'pgv' ? `'${key}'` : String(Number(key));
}

function writeModule(fileName: string, contents: string): void {
  fs.writeFileSync(path.join(outDir, fileName), contents);
  console.log(`wrote ${path.relative(repoRoot, path.join(outDir, fileName))}`);
}

function renderRows(table: Table, fieldNames: string[], extra: (key: string) => Record<string, number> = () => ({})): string {
  const lines: string[] = [];
  for (const [key, values] of table.rows) {
    const fields = fieldNames.map((name, index) => `${name}: ${values[index]}`);
    for (const [name, value] of Object.entries(extra(key))) fields.push(`${name}: ${value}`);
    lines.push(`  { imt: ${imtLiteral(key)}, ${fields.join(', ')} },`);
  }
  return lines.join('\n');
}

function generateBssa14(): void {
  const global = readTable('bssa14_coeffs.txt');
  const highQ = readTable('bssa14_coeffs_highq.txt');
  const lowQ = readTable('bssa14_coeffs_lowq.txt');
  const expected = 'e0 e1 e2 e3 e4 e5 e6 Mh c1 c2 c3 h Dc3 c Vc f4 f5 f6 f7 R1 R2 DfR DfV f1 f2 tau1 tau2';
  if (global.columns.join(' ') !== expected) throw new Error(`bssa14_coeffs.txt: unexpected columns ${global.columns.join(' ')}`);
  // The paper's phi1/phi2 are called f1/f2 in the OpenQuake table; renamed here so they cannot be
  // confused with the nonlinear-site constants f1/f3.
  const fieldNames = 'e0 e1 e2 e3 e4 e5 e6 mh c1 c2 c3 h dc3 c vc f4 f5 f6 f7 r1 r2 deltaPhiR deltaPhiV phi1 phi2 tau1 tau2'.split(' ');
  const dc3Index = global.columns.indexOf('Dc3');
  const regionalDc3 = (key: string): Record<string, number> => {
    const high = highQ.rows.get(key);
    const low = lowQ.rows.get(key);
    if (!high || !low) throw new Error(`BSSA14 Q tables lack ${key}`);
    return { dc3ChinaTurkey: high[dc3Index], dc3ItalyJapan: low[dc3Index] };
  };
  writeModule(
    'bssa14Coefficients.ts',
    `// Boore, Stewart, Seyhan & Atkinson (2014) coefficients, Earthquake Spectra 30(3) 1057-1085,
// Table 3 / electronic supplement, as tabulated in OpenQuake's boore_2014.py (BooreEtAl2014.COEFFS;
// the regional anelastic adjustments dc3ChinaTurkey / dc3ItalyJapan from BooreEtAl2014HighQ /
// BooreEtAl2014LowQ). Read from the reference tables bssa14_coeffs.txt, bssa14_coeffs_highq.txt
// and bssa14_coeffs_lowq.txt by scripts/generateGmpeCoefficients.ts; do not edit by hand.
// Units: h, r1, r2 km; vc m/s; f5 per m/s; everything else dimensionless (natural-log model).
// dc3 (global) is 0 for every period; phi1/phi2 are the paper's phi1/phi2 (OpenQuake's f1/f2).

export interface Bssa14Coefficients {
  /** 'pga', 'pgv', or the spectral period in seconds. */
  readonly imt: 'pga' | 'pgv' | number;
  readonly e0: number; readonly e1: number; readonly e2: number; readonly e3: number;
  readonly e4: number; readonly e5: number; readonly e6: number; readonly mh: number;
  readonly c1: number; readonly c2: number; readonly c3: number; readonly h: number; readonly dc3: number;
  readonly c: number; readonly vc: number; readonly f4: number; readonly f5: number; readonly f6: number; readonly f7: number;
  readonly r1: number; readonly r2: number; readonly deltaPhiR: number; readonly deltaPhiV: number;
  readonly phi1: number; readonly phi2: number; readonly tau1: number; readonly tau2: number;
  readonly dc3ChinaTurkey: number; readonly dc3ItalyJapan: number;
}

export const BSSA14_COEFFICIENTS: readonly Bssa14Coefficients[] = [
${renderRows(global, fieldNames, regionalDc3)}
];
`,
  );
}

function generateAsk14(): void {
  const table = readTable('ask14_coeffs.txt');
  const expected =
    'm1 vlin b c c4 a1 a2 a3 a4 a5 a6 a7 a8 a10 a11 a12 a13 a14 a15 a17 a43 a44 a45 a46 a25 a28 a29 a31 a36 a37 a38 a39 a40 a41 a42 s1e s2e s3 s4 s1m s2m s5 s6';
  if (table.columns.join(' ') !== expected) throw new Error(`ask14_coeffs.txt: unexpected columns ${table.columns.join(' ')}`);
  const declarations = table.columns.map((name) => `readonly ${name}: number;`).join(' ');
  writeModule(
    'ask14Coefficients.ts',
    `// Abrahamson, Silva & Kamai (2014) coefficients, Earthquake Spectra 30(3) 1025-1055, Tables 4-6
// and electronic supplement, as tabulated in OpenQuake's abrahamson_2014.py
// (AbrahamsonEtAl2014.COEFFS). Read from the reference table ask14_coeffs.txt by
// scripts/generateGmpeCoefficients.ts; do not edit by hand.
// Units: vlin m/s; c g (cm/s for PGV); c4 km; a17, a25, a28, a29 per km; others dimensionless.
// a25..a42 are the regional (Taiwan, China, Japan) terms; s1e/s2e (estimated Vs30) and s1m/s2m
// (measured Vs30) are the within-event phi_A coefficients, s3/s4 the between-event tau_A.

export interface Ask14Coefficients {
  /** 'pga', 'pgv', or the spectral period in seconds. */
  readonly imt: 'pga' | 'pgv' | number;
  ${declarations}
}

export const ASK14_COEFFICIENTS: readonly Ask14Coefficients[] = [
${renderRows(table, table.columns)}
];
`,
  );
}

generateBssa14();
generateAsk14();
