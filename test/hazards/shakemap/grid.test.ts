// Reads the real (truncated) ShakeMap 3.5 and 4.x grid.xml files of the shared reference data and
// checks fields, units, dimensions, event metadata and hand-read data values after SI conversion.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  attachUncertainty,
  interpolateField,
  parseShakeMapGrid,
  STANDARD_GRAVITY,
  type ShakeMapGrid,
} from '../../../src/domain/hazards/earthquake/shakemap/index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shakemapDir = path.join(path.resolve(repoRoot, '../shared/reference/refdata'), 'oq-engine', 'shakemap');
const available = fs.existsSync(shakemapDir);
if (!available) console.log(`NOTICE: ${shakemapDir} is absent; the real ShakeMap grid tests are skipped`);

const PCTG = STANDARD_GRAVITY / 100;

function read(name: string): ShakeMapGrid {
  return parseShakeMapGrid(fs.readFileSync(path.join(shakemapDir, name), 'utf8'));
}

function near(actual: number, expected: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${what}: expected ${expected}, got ${actual}`);
}

function fieldSummary(grid: ShakeMapGrid): string[] {
  return [...grid.fields.values()].map((field) => `${field.name}:${field.fileUnits}>${field.units}`);
}

const real = suite('ShakeMap grid.xml reference files');

real('ShakeMap 3.5 Gorkha grid (pctg, cms): fields, units, dimensions, event and values', () => {
  if (!available) return;
  const grid = read('ghorka_grid.xml');
  assert.is(grid.codeVersion, '3.5.1440');
  assert.equal(fieldSummary(grid), [
    'LON:dd>deg',
    'LAT:dd>deg',
    'PGA:pctg>m/s²',
    'PGV:cms>m/s',
    'MMI:intensity>MMI',
    'PSA03:pctg>m/s²',
    'PSA10:pctg>m/s²',
    'PSA30:pctg>m/s²',
    'STDPGA:ln(pctg)>ln',
    'URAT:>1',
    'SVEL:ms>m/s',
  ]);
  assert.equal(grid.specification, {
    lonMin: 81.7314,
    latMin: 25.5875,
    lonMax: 87.7314,
    latMax: 30.8735,
    nominalLonSpacing: 0.016667,
    nominalLatSpacing: 0.016675,
    nlon: 361,
    nlat: 318,
  });
  assert.is(grid.rowCount, 4);
  assert.is(grid.isComplete, false);
  assert.equal(grid.event, {
    eventId: 'us20002926',
    magnitude: 7.8,
    depthKm: 8.22,
    lat: 28.2305,
    lon: 84.7314,
    timestamp: '2015-04-25T06:11:25UTC',
    timeUtcIso: '2015-04-25T06:11:25.000Z',
    network: 'us',
    description: 'NEPAL',
  });
  // Row 1: "81.7314 30.8735 0.44 2.21 3.83 1.82 2.8 1.26 0.53 1 400.758"
  const value = (name: string, row: number) => grid.fields.get(name)!.values[row];
  near(value('LON', 0), 81.7314, 'LON');
  near(value('LAT', 0), 30.8735, 'LAT');
  near(value('PGA', 0), 0.44 * PCTG, 'PGA');
  near(value('PGV', 0), 0.0221, 'PGV');
  near(value('MMI', 0), 3.83, 'MMI');
  near(value('PSA03', 0), 1.82 * PCTG, 'PSA03');
  near(value('PSA10', 0), 2.8 * PCTG, 'PSA10');
  near(value('PSA30', 0), 1.26 * PCTG, 'PSA30');
  near(value('STDPGA', 0), 0.53, 'STDPGA');
  near(value('URAT', 0), 1, 'URAT');
  near(value('SVEL', 0), 400.758, 'SVEL');
  // Row 4: "81.7814 30.8735 0.52 2.78 3.96 2.23 3.51 1.64 0.5 1 301.17"
  near(value('PGA', 3), 0.52 * PCTG, 'PGA row 4');
  near(value('PGV', 3), 0.0278, 'PGV row 4');
  near(value('SVEL', 3), 301.17, 'SVEL row 4');
});

real('ShakeMap 3.5 uncertainty grid: ln standard deviations attach to the grid', () => {
  if (!available) return;
  const uncertainty = read('ghorka_uncertainty.xml');
  assert.is(uncertainty.fields.size, 20);
  assert.is(uncertainty.fields.get('STDPGV')!.quantity, 'lnStandardDeviation');
  assert.is(uncertainty.fields.get('STDMMI')!.quantity, 'intensityStandardDeviation');
  assert.is(uncertainty.fields.get('GMPE_INTRA_STDPSA30')!.units, 'ln');
  const grid = attachUncertainty(read('ghorka_grid.xml'), uncertainty);
  // Row 1: "81.7314 30.8735 0.53 0.56 0.72 0.57 0.66 0.73 0.25 0.47 ... 0.45 0.58"
  const value = (name: string, row: number) => grid.fields.get(name)!.values[row];
  near(value('STDPGA', 0), 0.53, 'STDPGA');
  near(value('STDPGV', 0), 0.56, 'STDPGV');
  near(value('STDMMI', 0), 0.72, 'STDMMI');
  near(value('STDPSA03', 0), 0.57, 'STDPSA03');
  near(value('GMPE_INTER_STDPGA', 0), 0.25, 'GMPE_INTER_STDPGA');
  near(value('GMPE_INTRA_STDPGA', 0), 0.47, 'GMPE_INTRA_STDPGA');
  near(value('GMPE_INTRA_STDPSA30', 3), 0.58, 'GMPE_INTRA_STDPSA30 row 4');
  near(value('STDPGA', 3), 0.5, 'STDPGA row 4');
  near(value('PGA', 0), 0.44 * PCTG, 'PGA kept');
  assert.is(grid.fields.size, 11 + 18 - 1); // STDPGA is in both files
});

real('ShakeMap 4.0 Gorkha grid (%g, cm/s)', () => {
  if (!available) return;
  const grid = read('us20002926-grid.xml');
  assert.is(grid.codeVersion, '4.0.2+335.gcbad862');
  assert.equal(fieldSummary(grid), [
    'LON:dd>deg',
    'LAT:dd>deg',
    'MMI:intensity>MMI',
    'PGA:%g>m/s²',
    'PGV:cm/s>m/s',
    'PSA03:%g>m/s²',
    'PSA10:%g>m/s²',
    'PSA30:%g>m/s²',
    'SVEL:m/s>m/s',
  ]);
  assert.is(grid.specification.nlon, 558);
  assert.is(grid.specification.nlat, 479);
  assert.is(grid.rowCount, 10);
  assert.is(grid.event.magnitude, 7.8);
  assert.is(grid.event.eventId, 'us20002926');
  assert.is(grid.event.timeUtcIso, '2015-04-25T06:11:25.000Z');
  assert.is(grid.event.description, '36km E of Khudi, Nepal');
  // Row 1: "80.8500 31.9500 3.1 0.3604 0.5737 0.4633 0.7183 0.3315 496.4"
  const value = (name: string, row: number) => grid.fields.get(name)!.values[row];
  near(value('MMI', 0), 3.1, 'MMI');
  near(value('PGA', 0), 0.3604 * PCTG, 'PGA');
  near(value('PGV', 0), 0.005737, 'PGV');
  near(value('PSA30', 0), 0.3315 * PCTG, 'PSA30');
  near(value('SVEL', 0), 496.4, 'SVEL');
  // Row 10: "81.0000 31.9500 3.2 0.4089 0.9211 0.6505 1.198 0.5088 274.3"
  near(value('LON', 9), 81, 'LON row 10');
  near(value('PSA10', 9), 1.198 * PCTG, 'PSA10 row 10');
});

real('ShakeMap 4.0 Türkiye grid', () => {
  if (!available) return;
  const grid = read('us6000jllz-grid.xml');
  assert.is(grid.specification.nlon, 585);
  assert.is(grid.specification.nlat, 457);
  assert.is(grid.rowCount, 9);
  assert.is(grid.event.magnitude, 7.8);
  assert.is(grid.event.description, '25 km ENE of Nurdağı, Gaziantep, TR');
  // Row 2: "28.6250 44.4167 3.5 0.09872 1.208 0.3268 1.205 0.6107 339.3"
  const value = (name: string, row: number) => grid.fields.get(name)!.values[row];
  near(value('PGA', 1), 0.09872 * PCTG, 'PGA row 2');
  near(value('PGV', 1), 0.01208, 'PGV row 2');
  near(value('PSA03', 1), 0.3268 * PCTG, 'PSA03 row 2');
  // Row 9 ends with Vs30 "600" (integer token)
  near(value('SVEL', 8), 600, 'SVEL row 9');
});

real('ShakeMap 4.1 Kamchatka grid with PSA06', () => {
  if (!available) return;
  const grid = read('us7000n7n8-grid.xml');
  assert.is(grid.codeVersion, '4.1.5');
  assert.equal([...grid.fields.keys()], ['LON', 'LAT', 'MMI', 'PGA', 'PGV', 'PSA03', 'PSA06', 'PSA10', 'PSA30', 'SVEL']);
  assert.is(grid.fields.get('PSA06')!.units, 'm/s²');
  assert.is(grid.specification.nlon, 815);
  assert.is(grid.specification.nlat, 497);
  assert.is(grid.rowCount, 11);
  assert.is(grid.event.magnitude, 7.0);
  assert.is(grid.event.depthKm, 29);
  // Row 11: "156.8667 54.9667 3.4 0.5009 0.9003 1.111 0.9932 0.7649 0.2415 494.2"
  const value = (name: string, row: number) => grid.fields.get(name)!.values[row];
  near(value('PSA06', 10), 0.9932 * PCTG, 'PSA06 row 11');
  near(value('PGV', 10), 0.009003, 'PGV row 11');
  near(value('SVEL', 10), 494.2, 'SVEL row 11');
});

real('truncated fixtures are flagged and refused for interpolation with a message saying so', () => {
  if (!available) return;
  const grid = read('us7000n7n8-grid.xml');
  const out = new Float64Array(1);
  assert.throws(() => interpolateField(grid, 'PGA', new Float64Array([157]), new Float64Array([53]), out), /11 of 405055 data rows \(truncated\)/);
});

real('Gorkha v3.5 and v4 agree on the event and on the far-field PGA level of their first rows', () => {
  if (!available) return;
  const v35 = read('ghorka_grid.xml');
  const v4 = read('us20002926-grid.xml');
  assert.is(v35.event.eventId, v4.event.eventId);
  assert.is(v35.event.magnitude, v4.event.magnitude);
  assert.ok(Math.abs(v35.event.lat - v4.event.lat) < 1e-4 && Math.abs(v35.event.lon - v4.event.lon) < 1e-4, 'same epicentre');
  // The fixtures keep only their first (northernmost) rows, ~410 km (v3.5) and ~550 km (v4) from
  // the epicentre, so the epicentral region itself cannot be compared. What can be: the two runs
  // (different ShakeMap versions, GMPEs, Vs30 maps and station sets, rows ~140 km apart) give the
  // same far-field level, within a factor 2, and the farther v4 rows are not stronger.
  const mean = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const pga35 = mean(v35.fields.get('PGA')!.values);
  const pga4 = mean(v4.fields.get('PGA')!.values);
  assert.ok(pga35 / pga4 > 0.5 && pga35 / pga4 < 2, `PGA v3.5 ${pga35} vs v4 ${pga4} m/s²`);
  assert.ok(pga4 <= pga35, 'rows farther from the epicentre are weaker');
});

real.run();
