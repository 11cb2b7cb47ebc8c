/**
 * Every published curve DEFAULT_CURVES adopts reproduces its source's numbers as the reference
 * table gives them (../shared/reference/fragility-sources/curves.csv: median/β, coefficient
 * vectors or tabulated points), OpenQuake-style: the source's numbers in a table, a named
 * tolerance per check. Skipped with a notice when the reference folder is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readCsvRecords } from '../../src/base/csv.js';
import { DEFAULT_CURVES, compileCurveSet, curveForType, survivalAt } from '../../src/domain/fragility/index.js';
import { CLASS_4_WOOD_POLE, darestaniLognormal } from '../../src/domain/hazards/wind/poleDarestani2019.js';
import { GOODMAN_PV_2015_POINTS, WATSON_SUBSTATION_2018 } from '../../src/domain/hazards/wind/defaultCurves.js';
import type { AssetType } from '../../src/domain/assets/types.js';
import type { IntensityQuantity } from '../../src/domain/hazards/quantities.js';
import { close } from '../helpers/assert.js';
import { skipTest } from '../helpers/skip.js';

const CURVES_CSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/reference/fragility-sources/curves.csv');

/** Medians the table prints to 4 significant digits (157.6 mph): half a unit of the last digit. */
const PRINTED_MEDIAN_MPH = 0.05;
/** βs the table prints to 4 decimals. */
const PRINTED_BETA = 5e-5;
/** Medians in m/s the table prints to 2 decimals (70.45). */
const PRINTED_MEDIAN_MS = 0.005;
/** A median the table derives by interpolation or by solving the law at p = 0.5, printed to 1 decimal. */
const DERIVED_MEDIAN_P = 0.002;
/** Digitised points against hazsim's lognormal fit through them. */
const DIGITISED_POINT_P = 0.02;
/** Closed-form values checked against formulas worked by hand. */
const EXACT = 1e-12;

const MPH = 0.44704;
const FOOT = 0.3048;

interface Row {
  hazard: string;
  asset_class: string;
  median: string;
  beta: string;
  table_points: string;
  averaging_time: string;
  damage_state: string;
}

function readRows(): Row[] | null {
  if (!fs.existsSync(CURVES_CSV)) return null;
  const [header, ...lines] = readCsvRecords(fs.readFileSync(CURVES_CSV, 'utf8')).map((record) => record.cells);
  return lines
    .filter((cells) => cells.length === header.length)
    .map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])) as unknown as Row);
}

const rows = readRows();
const compiled = compileCurveSet(DEFAULT_CURVES);
/** P(out of service) of a DEFAULT_CURVES curve at an SI intensity. */
const failure = (type: AssetType, quantity: IntensityQuantity, si: number) => 1 - survivalAt(curveForType(compiled, type, quantity), si);
const row = (hazard: string, asset: RegExp) => {
  const found = rows!.filter((r) => r.hazard === hazard && asset.test(r.asset_class));
  assert.is(found.length, 1, `one ${hazard} row matches ${String(asset)}`);
  return found[0];
};
const vector = (text: string, name: string) => JSON.parse(new RegExp(`${name}=(\\[[^\\]]*\\])`).exec(text)![1]) as number[];

const evidence = suite('DEFAULT_CURVES against the reference table');

evidence.before(() => {
  if (!rows) skipTest(`${CURVES_CSV} is absent; the published curves are not checked against it`);
});

evidence('Watson (2018) substation, k1: μ 5.06, σ 0.15 on ln V [mph] gives the table medians of every terrain class; DEFAULT_CURVES takes k1', () => {
  if (!rows) return;
  for (const [terrain, parameters] of Object.entries(WATSON_SUBSTATION_2018)) {
    const published = row('wind', new RegExp(`terrain ${terrain}$`));
    close(Math.exp(parameters.mu), Number(published.median), PRINTED_MEDIAN_MPH);
    close(parameters.sigma, Number(published.beta), PRINTED_BETA);
    close(Math.exp(parameters.mu) * MPH, Number(/median_m_s=([\d.]+)/.exec(published.table_points)![1]), PRINTED_MEDIAN_MS);
  }
  const k1 = row('wind', /terrain k1$/);
  close(failure('substation', 'wind_speed', Number(k1.median) * MPH), 0.5, DERIVED_MEDIAN_P);
  // One β above the median: Φ(1).
  close(failure('substation', 'wind_speed', Math.exp(5.06 + 0.15) * MPH), 0.841344746068543, EXACT);
});

evidence('Darestani & Shafieezadeh (2019): the coefficient vectors give the table median and β of all seven classes at 90°, 4 m², 25 years', () => {
  if (!rows) return;
  const configuration = { windAngleDegrees: 90, conductorAreaM2: 4, ageYears: 25 };
  for (let poleClass = 1; poleClass <= 7; poleClass += 1) {
    const published = row('wind', new RegExp(`ANSI class ${poleClass}$`));
    const curve = darestaniLognormal({ mu: vector(published.table_points, 'mu_b'), sigma: vector(published.table_points, 'sigma_b') }, configuration);
    close(curve.medianMph, Number(published.median), PRINTED_MEDIAN_MPH);
    close(curve.beta, Number(published.beta), PRINTED_BETA);
  }
  const class4 = row('wind', /ANSI class 4$/);
  assert.equal([...CLASS_4_WOOD_POLE.mu], vector(class4.table_points, 'mu_b'));
  assert.equal([...CLASS_4_WOOD_POLE.sigma], vector(class4.table_points, 'sigma_b'));
  close(failure('distribution_poles', 'wind_speed', Number(class4.median) * MPH), 0.5, DERIVED_MEDIAN_P);
});

evidence("Darestani class 1: the paper's check (90°, 2 m², 50 years → 165 mph) holds with gridsight's θ·t coefficient, not ERAD's 0 (166.0)", () => {
  if (!rows) return;
  const class1 = row('wind', /ANSI class 1$/);
  const erad = { mu: vector(class1.table_points, 'mu_b'), sigma: vector(class1.table_points, 'sigma_b') };
  const gridsight = { ...erad, mu: erad.mu.map((b, index) => (index === 7 ? Number(/b7=(-?[\d.e-]+)/.exec(class1.table_points)![1]) : b)) };
  const check = { windAngleDegrees: 90, conductorAreaM2: 2, ageYears: 50 };
  close(darestaniLognormal(erad, check).medianMph, 166.0, PRINTED_MEDIAN_MPH);
  close(darestaniLognormal(gridsight, check).medianMph, 165, 0.5);
});

evidence('Quanta (2009) conductors: p = 8.0e-12 V^5.1731, 1 from 139.7 mph, 0.5 at the table median 122.2 mph, per span', () => {
  if (!rows) return;
  const published = row('wind', /distribution conductors\/spans/);
  const [, coefficient, exponent] = /p\(V\)=([\d.e-]+)\*V_mph\^([\d.]+)/.exec(published.table_points)!;
  for (const mph of [60, 100, 130]) close(failure('distribution_overhead_lines', 'wind_speed', mph * MPH), Number(coefficient) * mph ** Number(exponent), 1e-9);
  close(failure('distribution_overhead_lines', 'wind_speed', Number(published.median) * MPH), 0.5, DERIVED_MEDIAN_P);
  close(failure('distribution_overhead_lines', 'wind_speed', 140 * MPH), 1, EXACT);
  assert.is(DEFAULT_CURVES.curves.wind.distribution_overhead_lines![0].applies_to, 'span');
});

evidence('Raj, Kumar & Bhatia (2021) towers: lognormal 280.4 km/h, β 0.088 on the 3-s gust (77.9 m/s)', () => {
  if (!rows) return;
  const published = row('wind', /transmission tower, steel lattice/);
  assert.is(published.averaging_time, '3-s gust');
  const medianMs = Number(published.median) / 3.6;
  close(failure('transmission_tower', 'wind_speed', medianMs), 0.5, EXACT);
  close(failure('transmission_tower', 'wind_speed', medianMs * Math.exp(Number(published.beta))), 0.841344746068543, EXACT);
  close(medianMs, Number(/median_m_s=([\d.]+)/.exec(published.table_points)![1]), 0.05);
});

evidence("Goodman (2015) rooftop PV: hazsim's lognormal passes within 0.02 of every digitised point", () => {
  if (!rows) return;
  const published = row('wind', /residential rooftop PV/);
  const points = published.table_points.split(';').map((pair) => pair.split(':').map(Number));
  assert.equal(
    points,
    GOODMAN_PV_2015_POINTS.map((point) => [...point]),
  );
  for (const [mph, p] of points) close(failure('solar_panels', 'wind_speed', mph * MPH), p, DIGITISED_POINT_P);
  close(failure('solar_panels', 'wind_speed', Number(published.median) * MPH), 0.5, 0.03);
});

evidence('Hazus substation flood: functional at the 4 ft functional depth, non-functional 0.1 ft beyond it', () => {
  if (!rows) return;
  const published = row('flood', /^substations \(all voltage classes\)/);
  const functionalFt = Number(published.median);
  assert.is(functionalFt, 4);
  assert.ok(failure('substation', 'flood_depth', functionalFt * FOOT) < 0.01, 'functional at the functional depth');
  assert.ok(failure('substation', 'flood_depth', (functionalFt + 0.2) * FOOT) > 0.99, 'non-functional beyond it by more than 0.1 ft');
  close(failure('substation', 'flood_depth', (functionalFt + 0.1) * FOOT), 0.5, EXACT);
});

evidence('FEMA (2013) distribution circuits take no damage from submergence: the circuits have no flood curve', () => {
  if (!rows) return;
  for (const asset of [/^distribution circuits, buried crossings/, /^distribution circuits, non-crossing/]) {
    const damage = row('flood', asset)
      .table_points.split(';')
      .map((pair) => Number(pair.split(':')[1]));
    assert.ok(damage.every((value) => value === 0));
  }
  assert.equal(DEFAULT_CURVES.curves.flood.distribution_overhead_lines, []);
  assert.equal(DEFAULT_CURVES.curves.flood.distribution_underground_cables, []);
});

evidence("Butler et al. (2015) clearances anchor the fire judgement: 5 % of the perimeter's value at 33 m (wood) and 21 m (steel)", () => {
  if (!rows) return;
  const upper = (asset: RegExp, which: number) =>
    Number(/range_m=(\d+)-(\d+)/.exec(rows.filter((r) => r.hazard === 'wildfire' && asset.test(r.asset_class))[which].table_points)![2]);
  const wood = upper(/^wood pole/, 0);
  const steel = upper(/^steel transmission tower/, 0);
  assert.equal([wood, steel], [33, 21]);
  for (const [type, clearance] of [
    ['distribution_poles', wood],
    ['transmission_tower', steel],
  ] as const) {
    const atPerimeter = failure(type, 'fire_boundary_distance', 0);
    close(failure(type, 'fire_boundary_distance', clearance), atPerimeter * Math.exp(-3), EXACT);
  }
});

evidence('HAZUS 5.1 earthquake: EP.S.L.U and EP.C.U medians and βs as the table gives them', () => {
  if (!rows) return;
  const states = ['slight', 'moderate', 'extensive', 'complete'];
  for (const [type, hazusClass] of [
    ['substation', 'EP.S.L.U'],
    ['distribution_poles', 'EP.C.U'],
  ] as const) {
    const published = states.map((state) => {
      const found = rows.find((r) => r.hazard === 'earthquake' && r.asset_class === hazusClass && r.damage_state === state)!;
      return [Number(found.median), Number(found.beta)];
    });
    const ours = DEFAULT_CURVES.curves.earthquake[type]![0].limit_states.map((state) => {
      const p = state.parameters as { median: number; beta: number };
      return [p.median, p.beta];
    });
    assert.equal(ours, published);
  }
});

evidence.run();
