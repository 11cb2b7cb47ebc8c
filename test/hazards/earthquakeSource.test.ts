import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, readHazardModel, validateHazardContent, warningTexts } from '../../src/domain/hazards/index.js';
import { GROUND_MOTION_MODELS } from '../../src/domain/hazards/earthquake/gmpe/index.js';
import { planarRuptureDistances, siteDistances } from '../../src/domain/hazards/earthquake/rupture.js';
import { close, closeRelative } from '../helpers/assert.js';
import { readVerificationTable, referenceDataDir } from './gmpe/_verificationTables.js';
import { sitesOf } from './_sites.js';

const G = 9.80665;
/** km per degree of longitude on the WGS-84 equator (a·π/180): the geodesic along the equator is the equator. */
const KM_PER_EQUATOR_DEGREE = (6378.137 * Math.PI) / 180;

const at = (timestamp: string, fields: Record<string, unknown>) => ({
  type: 'earthquake',
  timestamp,
  origin: { longitude: 0, latitude: 0 },
  depth: '8 kilometer',
  magnitude: 6,
  ...fields,
});

const distances = suite('rupture distances (hand-worked)');

function distancesAt(
  rupture: { strikeDeg: number; dipDeg: number; lengthKm: number; widthKm: number; topDepthKm: number },
  hypocentreKm: number,
  eastKm: number[],
) {
  const longitudes = Float64Array.from(eastKm.map((km) => km / KM_PER_EQUATOR_DEGREE));
  const out = siteDistances(eastKm.length);
  planarRuptureDistances({ latitude: 0, longitude: 0 }, hypocentreKm, rupture, new Float64Array(eastKm.length), longitudes, out);
  return out;
}

distances('vertical strike-slip fault striking north: R_JB = R_x = |east|, R_rup adds nothing for a fault reaching the surface', () => {
  const out = distancesAt({ strikeDeg: 0, dipDeg: 90, lengthKm: 20, widthKm: 10, topDepthKm: 0 }, 5, [10, -4]);
  close(out.rjbKm[0], 10, 1e-6);
  close(out.rrupKm[0], 10, 1e-6);
  close(out.rxKm[0], 10, 1e-6, 'east of a north-striking fault is its dip side');
  close(out.ry0Km[0], 0, 0);
  close(out.rxKm[1], -4, 1e-6);
});

distances('a vertical fault striking east, 20 km long, top 2 km deep: a site 30 km east lies on its trace extended, 20 km past its end', () => {
  const out = distancesAt({ strikeDeg: 90, dipDeg: 90, lengthKm: 20, widthKm: 10, topDepthKm: 2 }, 5, [30]);
  close(out.ry0Km[0], 20, 1e-6);
  close(out.rjbKm[0], 20, 1e-6);
  close(out.rrupKm[0], Math.hypot(20, 2), 1e-6, 'to the end of the top edge, 2 km deep');
  close(out.rxKm[0], 0, 1e-6);
});

distances('45° dip to the east, top at the surface, hypocentre 5 km deep: the trace lies 5 km west of the epicentre', () => {
  const out = distancesAt({ strikeDeg: 0, dipDeg: 45, lengthKm: 40, widthKm: 10 * Math.SQRT2, topDepthKm: 0 }, 5, [10, -10, 0]);
  // 10 km east: 15 km from the trace, 5 km beyond the 10-km-wide surface projection; R_rup = 15·sin 45°.
  close(out.rxKm[0], 15, 1e-6);
  close(out.rjbKm[0], 5, 1e-6);
  close(out.rrupKm[0], 15 / Math.SQRT2, 1e-6);
  // 10 km west: 5 km behind the trace (footwall); the nearest point is the trace itself.
  close(out.rxKm[1], -5, 1e-6);
  close(out.rjbKm[1], 5, 1e-6);
  close(out.rrupKm[1], 5, 1e-6);
  // Above the hypocentre: inside the surface projection; R_rup is the distance to the plane, 5·sin 45°.
  close(out.rjbKm[2], 0, 0);
  close(out.rrupKm[2], 5 / Math.SQRT2, 1e-6);
});

distances.run();

const tables = suite('earthquake hazard model against OpenQuake BSSA14 tables (point source, R_JB = epicentral distance)');
const refdata = referenceDataDir();

/** Medians (g, cm/s) and total sigma at sites east of the epicentre on the equator, one site per R_JB. */
function modelAtDistances(fields: Record<string, unknown>, rjbKm: number[]) {
  const hazard = readHazardModel({ models: [at('2024-01-01T00:00:00', fields)] });
  const grid = computeIntensities(hazard, sitesOf(rjbKm.map((km) => [km / KM_PER_EQUATOR_DEGREE, 0])));
  return {
    median: { pga: grid.quantities.pga!, pgv: grid.quantities.pgv!, 'sa(0.3)': grid.quantities.sa_0_3!, 'sa(1.0)': grid.quantities.sa_1_0! },
    sigma: {
      pga: grid.lnStandardDeviations.pga!,
      pgv: grid.lnStandardDeviations.pgv!,
      'sa(0.3)': grid.lnStandardDeviations.sa_0_3!,
      'sa(1.0)': grid.lnStandardDeviations.sa_1_0!,
    },
  };
}

const SI_PER_TABLE_UNIT = { pga: G, pgv: 0.01, 'sa(0.3)': G, 'sa(1.0)': G } as const;

function checkTable(file: string, kind: 'median' | 'sigma', tolerancePercent: number) {
  const rows = readVerificationTable(file);
  let checked = 0;
  const failures: string[] = [];
  for (const row of rows) {
    const { rup_mag: magnitude, rup_rake: rake, dist_rjb: rjb, site_vs30: vs30 } = row.inputs;
    const model = modelAtDistances({ magnitude, rake, vs30: `${vs30} meter / second`, ground_motion_model: 'BSSA14' }, [rjb]);
    for (const imt of ['pga', 'pgv', 'sa(0.3)', 'sa(1.0)'] as const) {
      const expected = row.expected.get(imt)!;
      const actual = kind === 'median' ? model.median[imt][0] / SI_PER_TABLE_UNIT[imt] : model.sigma[imt][0];
      const errorPercent = Math.abs((actual / expected) * 100 - 100);
      checked += 1;
      if (!(errorPercent <= tolerancePercent))
        failures.push(`M${magnitude} rake ${rake} Rjb ${rjb} Vs30 ${vs30} ${imt}: ${actual} vs ${expected} (${errorPercent.toFixed(3)} %)`);
    }
  }
  assert.equal(failures, [], `${path.basename(file)}: ${failures.length} of ${checked} values out of tolerance`);
  assert.is(checked, rows.length * 4);
}

tables('every row of BSSA_2014_MEAN: PGA, PGV, SA(0.3), SA(1.0) in SI within 2 %', () => {
  if (!refdata) return;
  checkTable(path.join(refdata, 'oq-engine/BSSA2014/BSSA_2014_MEAN.csv'), 'median', 2);
});

tables('every row of BSSA_2014_TOTAL_STD: the ln standard deviation a run integrates over, within 1 %', () => {
  if (!refdata) return;
  checkTable(path.join(refdata, 'oq-engine/BSSA2014/BSSA_2014_TOTAL_STD.csv'), 'sigma', 1);
});

tables.run();

const fields = suite('earthquake model fields');

fields('BSSA14 is the default; vs30 defaults to 760 m/s; the rake selects the mechanism', () => {
  const byDefault = modelAtDistances({}, [20]);
  const explicit = modelAtDistances({ ground_motion_model: 'BSSA14', vs30: '760 meter / second' }, [20]);
  assert.is(byDefault.median.pga[0], explicit.median.pga[0]);
  const reverse = modelAtDistances({ rake: 90 }, [20]);
  assert.ok(reverse.median.pga[0] !== byDefault.median.pga[0], 'a reverse rake changes BSSA14');
});

fields('a Vs30 grid gives each site its own Vs30 (bilinear), the model vs30 outside it, with a warning', () => {
  // 2 × 2 nodes over [0, 1]° × [−1, 0]°: 200 m/s on the west column, 600 m/s on the east one.
  const vs30Grid = { longitude_min: 0, latitude_max: 0, longitude_step: 1, latitude_step: 1, columns: 2, rows: 2, values: [200, 600, 200, 600] };
  const hazard = readHazardModel({ models: [at('2024-01-01T00:00:00', { vs30: '760 meter / second', vs30_grid: vs30Grid })] });
  const sites = sitesOf([
    [0.5, -0.5],
    [0.5, 0.5],
  ]);
  const grid = computeIntensities(hazard, sites);
  const uniform = (vs30: string) => computeIntensities(readHazardModel({ models: [at('2024-01-01T00:00:00', { vs30 })] }), sites).quantities.pga!;
  closeRelative(grid.quantities.pga![0], uniform('400 meter / second')[0], 1e-12, 'mid-cell: (200 + 600)/2 = 400 m/s');
  closeRelative(grid.quantities.pga![1], uniform('760 meter / second')[1], 1e-12, 'outside the grid: vs30');
  assert.equal(warningTexts(grid.warnings), [
    'earthquake at 2024-01-01T00:00:00: 1 site (an asset, or a span or structure of a line) lies outside vs30_grid; vs30 760 m/s used there',
  ]);
});

fields('a rupture feeds R_rup, R_x and the geometry to ASK14; AB06 reads R_rup (hypocentral distance for a point)', () => {
  const point = modelAtDistances({ ground_motion_model: 'AB06', depth: '8 kilometer' }, [6]);
  const deeper = modelAtDistances({ ground_motion_model: 'AB06', depth: '6 kilometer' }, [8]);
  closeRelative(point.median.pga[0], deeper.median.pga[0], 1e-9, 'R_rup = √(6² + 8²) = 10 km either way');
  const ask = modelAtDistances(
    { ground_motion_model: 'ASK14', rake: 90, rupture: { strike: 0, dip: 45, length: '30 kilometer', width: '15 kilometer' } },
    [20],
  );
  // By hand (docs/input-hazard.md): top depth 8 − 7.5·sin 45° = 2.6967 km; the trace runs (8 − 2.6967)·cot 45° = 5.3033 km
  // west of the epicentre, so the site 20 km east has R_x = 25.3033, R_JB = 25.3033 − 15·cos 45° and, in the plane,
  // down-dip 22.6066·cos 45° (0.9853 km past the 15 km bottom) and normal 28·sin 45°.
  const s = Math.SQRT1_2;
  const ztor = 8 - 7.5 * s;
  const rx = 20 + (8 - ztor);
  const rrup = Math.hypot((rx - ztor) * s - 15, (rx + ztor) * s);
  const expected = GROUND_MOTION_MODELS.ASK14.evaluate(
    { magnitude: 6, rakeDegrees: 90, dipDegrees: 45, ztorKm: ztor, widthKm: 15 },
    { rjbKm: rx - 15 * s, rrupKm: rrup, rxKm: rx, ry0Km: 0, vs30: 760 },
    'pga',
  );
  closeRelative(ask.median.pga[0], expected.median * G, 1e-9);
  closeRelative(ask.sigma.pga[0], expected.sigma, 1e-12);
});

fields('bad fields are named: model, rake, dip, a hypocentre off the rupture, a Vs30 grid of the wrong size', () => {
  const issues = validateHazardContent({
    models: [
      at('2024-01-01T00:00:00', { ground_motion_model: 'CY14' }),
      at('2024-01-01T01:00:00', { rake: 200 }),
      at('2024-01-01T02:00:00', { rupture: { strike: 10, dip: 0, length: '10 kilometer', width: '5 kilometer' } }),
      at('2024-01-01T03:00:00', { rupture: { strike: 10, dip: 90, length: '10 kilometer', width: '5 kilometer', top_depth: '10 kilometer' } }),
      at('2024-01-01T04:00:00', { vs30_grid: { longitude_min: 0, latitude_max: 0, longitude_step: 1, latitude_step: 1, columns: 2, rows: 2, values: [300] } }),
      at('2024-01-01T05:00:00', { vs30: '300 meter' }),
    ],
  });
  const byPath = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
  assert.match(byPath['models[0].ground_motion_model'], /must be one of BSSA14, ASK14, AB06, ERAD_V1/);
  assert.match(byPath['models[1].rake'], /rake must be at least -180 and at most 180 degrees, got 200/);
  assert.match(byPath['models[2].rupture.dip'], /dip must be greater than 0/);
  assert.match(
    issues.find((issue) => issue.path.startsWith('models[3]'))!.message,
    /hypocentre depth \(8 km\) must lie on the rupture, between its top \(10 km\)/,
  );
  assert.match(byPath['models[4].vs30_grid'], /columns × rows/);
  assert.match(byPath['models[5].vs30'], /speed/);
});

fields.run();
