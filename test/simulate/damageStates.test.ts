import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { marsagliaNormalCdf } from '../helpers/independent.js';
import { gridXml, uncertaintyXml, type GridLayout } from '../helpers/shakeMapGrids.js';
import { skipTest } from '../helpers/skip.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { makeZip } from '../helpers/zip.js';

// The result's damage_state_probabilities judged as survival is (docs/output-sqlite.md): over
// every element of an asset and integrated over the ground-motion variability. A ShakeMap with a
// constant PGA and a constant σ puts every element of the example feeder at the same shaking, so
// the expected probabilities follow from the published HAZUS 5.1 curves (read from the SimCenter
// table in the reference data) by hand: an element reaches limit state k with
// P_k = Φ(ln(x/θ_k) / √(β_k² + σ²)) (a lognormal curve under lognormal shaking), and an asset of m
// elements (a series system: its damage state is its worst element's) with 1 − (1 − P_k)^m.

const REFDATA = path.resolve('../shared/reference/refdata/simcenter/hazus51_power_network_fragility.csv');
/** Covers the whole example feeder (assets at −79.99…−79.91, 32.75…32.85). */
const LAYOUT: GridLayout = { lonMin: -80.05, latMin: 32.7, lonMax: -79.85, latMax: 32.9, step: 0.01 };
const PGA_PERCENT_G = 40;
const SIGMA = 0.5;
/** The HAZUS 5.1 class of each asset type checked (DEFAULT_CURVES, docs/fragility.md). */
const CLASSES: Record<string, string> = { distribution_overhead_lines: 'EP.C.U', distribution_underground_cables: 'EP.C.U', substation: 'EP.S.L.U' };

/** θ (g) and β of each limit state of a class, from the SimCenter CSV. */
function hazusLimitStates(csv: string, id: string): { theta: number; beta: number }[] {
  const [header, ...rows] = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.trim()));
  const row = rows.find((cells) => cells[0] === id);
  if (!row) throw new Error(`${id} is not in ${REFDATA}`);
  const limitStates = [1, 2, 3, 4].map((k) => ({ theta: Number(row[header.indexOf(`LS${k}-Theta_0`)]), beta: Number(row[header.indexOf(`LS${k}-Theta_1`)]) }));
  if (!limitStates.every(({ theta, beta }) => theta > 0 && beta > 0)) throw new Error(`${id}: unreadable θ or β in ${REFDATA}`);
  return limitStates;
}

interface Context {
  result: string;
}
const test = suite<Context>('damage-state probabilities: every element, integrated over σ', {} as Context);

test.before(async (context) => {
  const cache = tempDir();
  const work = tempDir();
  const constant = { pga: () => PGA_PERCENT_G, pgv: () => 30 };
  const zip = path.join(work, 'constant_shaking.zip');
  fs.writeFileSync(zip, await makeZip({ 'grid.xml': gridXml(LAYOUT, '4', constant), 'uncertainty.xml': uncertaintyXml(LAYOUT, SIGMA, 0.6) }));
  for (const file of [path.join(EXAMPLES, 'feeder/example_feeder.json'), zip]) {
    const upload = runCli(['upload', file, '--cache-dir', cache]);
    assert.is(upload.code, 0, upload.stderr);
  }
  context.result = path.join(work, 'result.sqlite');
  const run = runCli(['simulate', 'example_feeder', 'constant_shaking', '-o', context.result, '--cache-dir', cache]);
  assert.is(run.code, 0, run.stderr);
});

test('P(damage state ≥ k) = P_k for a line (one circuit), with P_k the HAZUS curve under lognormal shaking, worked by hand', ({ result }) => {
  if (!fs.existsSync(REFDATA)) return skipTest(`${REFDATA} is absent`);
  const csv = fs.readFileSync(REFDATA, 'utf8');
  const rows = sqliteRows<{ asset_type: string; elements: number; index: number; probability: number; asset: string }>(
    result,
    `SELECT s.asset_type, m.element_count AS elements, p.damage_state_index AS "index", p.probability, p.distribution_asset AS asset
       FROM damage_state_probabilities p
       JOIN asset_summary m ON m.distribution_asset = p.distribution_asset
       JOIN assetstatetable s ON s.distribution_asset = p.distribution_asset AND s.timestamp = p.timestamp
      WHERE p.quantity = 'pga' ORDER BY p.distribution_asset, p.damage_state_index`,
  );
  const byAsset = new Map<string, { type: string; elements: number; probabilities: number[] }>();
  for (const row of rows) {
    const entry = byAsset.get(row.asset) ?? { type: row.asset_type, elements: row.elements, probabilities: [] };
    entry.probabilities[row.index] = row.probability;
    byAsset.set(row.asset, entry);
  }
  const checked = new Set<string>();
  let multiElement = 0;
  const x = PGA_PERCENT_G / 100;
  for (const { type, elements, probabilities } of byAsset.values()) {
    const id = CLASSES[type];
    if (!id) continue;
    checked.add(type);
    if (elements > 1) multiElement += 1;
    const limitStates = hazusLimitStates(csv, id);
    assert.is(probabilities.length, limitStates.length + 1);
    const reached = limitStates.map(({ theta, beta }) => marsagliaNormalCdf(Math.log(x / theta) / Math.sqrt(beta * beta + SIGMA * SIGMA)));
    // HAZUS's share of circuits failed per damage state (slight 4 %, moderate 12 %, extensive 50 %, complete 80 %).
    const shares = [0.04, 0.12, 0.5, 0.8];
    const expectedShare = reached.reduce((sum, p, k) => sum + (p - (reached[k + 1] ?? 0)) * shares[k], 0);
    limitStates.forEach((_, k) => {
      const element = reached[k];
      // A line is one HAZUS circuit (applies_to: circuit), judged once whatever its element count; its out-of-service
      // states (from extensive, k = 2) together give 1 − survival, the expected share of circuits failed.
      const expected = type === 'substation' ? 1 - (1 - element) ** elements : k === 2 ? expectedShare : element;
      const atLeast = probabilities.slice(k + 1).reduce((sum, value) => sum + value, 0);
      assert.ok(Math.abs(atLeast - expected) < 1e-12, `${type} of ${elements} elements, limit state ${k + 1}: ${atLeast} vs ${expected} by hand`);
    });
  }
  assert.equal([...checked].sort(), Object.keys(CLASSES).sort());
  assert.ok(multiElement > 0, 'some line of several elements was checked (and judged once)');
});

test('per row the out-of-service states give 1 − pga_survival, lines and the integrated survival included, and the states sum to 1', ({ result }) => {
  const rows = sqliteRows<{ oos: number; total: number; survival: number }>(
    result,
    `SELECT SUM(CASE WHEN d.out_of_service = 1 THEN p.probability ELSE 0 END) AS oos, SUM(p.probability) AS total, s.pga_survival AS survival
       FROM damage_state_probabilities p
       JOIN assetstatetable s ON s.distribution_asset = p.distribution_asset AND s.timestamp = p.timestamp
       JOIN damage_states d ON d.asset_type = s.asset_type AND d.quantity = p.quantity AND d.damage_state_index = p.damage_state_index
      WHERE p.quantity = 'pga' GROUP BY p.distribution_asset, p.timestamp`,
  );
  assert.ok(rows.length > 10);
  for (const row of rows) {
    assert.ok(Math.abs(row.oos - (1 - row.survival)) < 1e-12, `${row.oos} vs 1 − ${row.survival}`);
    assert.ok(Math.abs(row.total - 1) < 1e-12, String(row.total));
  }
});

test.run();
