// Reads OpenQuake GSIM verification tables (CSV) from the shared reference data and compares a
// model against every row, collecting all failures and the worst relative error per column.
//
// Format (OpenQuake hazardlib tests/gsim/data): rup_* / dist_* / site_* inputs, result_type, damping,
// then one column per intensity measure ('pga', 'pgv', SA period in seconds). Pass criterion as
// upstream: |predicted / expected * 100 - 100| <= tolerance percent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spectralAcceleration, type IntensityMeasure } from '../../../src/domain/hazards/earthquake/gmpe/intensityMeasure.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shared reference-data folder, or undefined (after one NOTICE line) when it is absent. */
export function referenceDataDir(): string | undefined {
  const dir = path.resolve(repoRoot, '../shared/reference/refdata');
  if (fs.existsSync(dir)) return dir;
  console.log(`NOTICE: ${dir} is absent; the OpenQuake verification tables are not checked`);
  return undefined;
}

export interface VerificationRow {
  /** Input columns (rup_*, dist_*, site_*) by name. */
  readonly inputs: Readonly<Record<string, number>>;
  readonly resultType: string;
  /** Expected value per intensity-measure column. */
  readonly expected: ReadonlyMap<IntensityMeasure, number>;
}

const NON_IMT_COLUMNS = new Set(['result_type', 'damping']);

function columnImt(column: string): IntensityMeasure | undefined {
  if (column === 'pga' || column === 'pgv') return column;
  const period = Number(column);
  return Number.isFinite(period) && period > 0 ? spectralAcceleration(period) : undefined;
}

export function readVerificationTable(file: string): VerificationRow[] {
  const [header, ...lines] = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim().length > 0);
  const columns = header.split(',').map((name) => name.trim());
  return lines.map((line) => {
    const cells = line.split(',').map((cell) => cell.trim());
    const inputs: Record<string, number> = {};
    const expected = new Map<IntensityMeasure, number>();
    let resultType = '';
    columns.forEach((column, index) => {
      if (column === 'result_type') resultType = cells[index];
      else if (/^(rup|dist|site)_/.test(column)) inputs[column] = Number(cells[index]);
      else if (!NON_IMT_COLUMNS.has(column)) {
        const imt = columnImt(column);
        // Trailing pandas artefact columns ("Unnamed: 38") carry no IMT and are ignored.
        if (imt && cells[index] !== undefined && cells[index] !== '') expected.set(imt, Number(cells[index]));
      }
    });
    return { inputs, resultType, expected };
  });
}

export interface ColumnReport {
  readonly imt: IntensityMeasure;
  readonly worstPercent: number;
  readonly failures: number;
}

export interface TableReport {
  readonly rows: number;
  readonly values: number;
  readonly failures: string[];
  readonly columns: ColumnReport[];
  readonly worstPercent: number;
}

/**
 * Compares `predict(row, imt)` with every value of the table. Rows whose intensity measure the
 * model does not support must not exist: every column is checked.
 */
export function compareTable(
  rows: readonly VerificationRow[],
  tolerancePercent: number,
  predict: (row: VerificationRow, imt: IntensityMeasure) => number,
): TableReport {
  const worst = new Map<IntensityMeasure, { worstPercent: number; failures: number }>();
  const failures: string[] = [];
  let values = 0;
  for (const [rowIndex, row] of rows.entries()) {
    for (const [imt, expected] of row.expected) {
      const predicted = predict(row, imt);
      const percent = Math.abs((predicted / expected) * 100 - 100);
      const column = worst.get(imt) ?? { worstPercent: 0, failures: 0 };
      values += 1;
      if (!(percent <= tolerancePercent)) {
        column.failures += 1;
        failures.push(`row ${rowIndex + 2} ${imt} ${JSON.stringify(row.inputs)}: expected ${expected}, got ${predicted} (${percent.toFixed(3)} %)`);
      }
      column.worstPercent = Math.max(column.worstPercent, Number.isNaN(percent) ? Infinity : percent);
      worst.set(imt, column);
    }
  }
  const columns = [...worst].map(([imt, column]) => ({ imt, ...column }));
  return { rows: rows.length, values, failures, columns, worstPercent: Math.max(0, ...columns.map((column) => column.worstPercent)) };
}

/** One summary line per table and the worst column, for the test log. */
export function describeReport(name: string, report: TableReport): string {
  const worstColumn = report.columns.reduce((a, b) => (b.worstPercent > a.worstPercent ? b : a));
  const perColumn = report.columns.map((column) => `${column.imt} ${column.worstPercent.toExponential(2)}`).join(', ');
  return `${name}: ${report.rows} rows, ${report.values} values, ${report.failures.length} failures; worst ${report.worstPercent.toExponential(3)} % (${worstColumn.imt})\n  per column (worst %): ${perColumn}`;
}
