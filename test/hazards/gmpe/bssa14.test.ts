// BSSA14 against every row of OpenQuake's verification tables (generated upstream from David
// Boore's Fortran implementation), plus a spot check worked by hand and the sanity values quoted
// in docs/gmpe.md.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bssa14, bssa14ForSites, type Bssa14Options } from '../../../src/domain/hazards/earthquake/gmpe/bssa14.js';
import { groundMotionArrays } from '../../../src/domain/hazards/earthquake/gmpe/groundMotion.js';
import type { IntensityMeasure } from '../../../src/domain/hazards/earthquake/gmpe/intensityMeasure.js';
import { compareTable, describeReport, readVerificationTable, referenceDataDir, type VerificationRow } from './_verificationTables.js';

const test = suite('BSSA14');
const refdata = referenceDataDir();

// Upstream tolerances (OpenQuake boore_2014_test.py): 2 % on the median, 1 % on standard deviations.
const MEAN_TOLERANCE_PERCENT = 2;
const STD_TOLERANCE_PERCENT = 1;

function predict(row: VerificationRow, imt: IntensityMeasure, options: Bssa14Options) {
  const z1 = row.inputs.site_z1pt0;
  return bssa14(
    { magnitude: row.inputs.rup_mag, rakeDegrees: row.inputs.rup_rake },
    { rjbKm: row.inputs.dist_rjb, vs30: row.inputs.site_vs30, z1Metres: z1 === undefined ? undefined : z1 },
    imt,
    options,
  );
}

const TABLES: { file: string; options: Bssa14Options; value: 'median' | 'sigma' | 'tau' | 'phi'; tolerance: number; resultType: string }[] = [
  { file: 'oq-engine/BSSA2014/BSSA_2014_MEAN.csv', options: {}, value: 'median', tolerance: MEAN_TOLERANCE_PERCENT, resultType: 'MEAN' },
  { file: 'oq-engine/BSSA2014/BSSA_2014_TOTAL_STD.csv', options: {}, value: 'sigma', tolerance: STD_TOLERANCE_PERCENT, resultType: 'TOTAL_STDDEV' },
  { file: 'oq-engine/BSSA2014/BSSA_2014_INTER_STD.csv', options: {}, value: 'tau', tolerance: STD_TOLERANCE_PERCENT, resultType: 'INTER_EVENT_STDDEV' },
  { file: 'oq-engine/BSSA2014/BSSA_2014_INTRA_STD.csv', options: {}, value: 'phi', tolerance: STD_TOLERANCE_PERCENT, resultType: 'INTRA_EVENT_STDDEV' },
  {
    file: 'oq-engine/BSSA2014/BSSA_2014_CALIFORNIA_MEAN.csv',
    options: { region: 'california' },
    value: 'median',
    tolerance: MEAN_TOLERANCE_PERCENT,
    resultType: 'MEAN',
  },
  {
    file: 'oq-hazardlib/BSSA2014/BSSA_2014_CALIFORNIA_MEAN.csv',
    options: { region: 'california' },
    value: 'median',
    tolerance: MEAN_TOLERANCE_PERCENT,
    resultType: 'MEAN',
  },
  { file: 'oq-engine/BSSA2014/BSSA_2014_JAPAN_MEAN.csv', options: { region: 'japan' }, value: 'median', tolerance: MEAN_TOLERANCE_PERCENT, resultType: 'MEAN' },
];

for (const table of TABLES) {
  test(`reproduces every row of ${table.file}`, () => {
    if (!refdata) return;
    const rows = readVerificationTable(path.join(refdata, table.file));
    assert.ok(rows.length > 0, 'table has rows');
    for (const row of rows) assert.is(row.resultType, table.resultType);
    const report = compareTable(rows, table.tolerance, (row, imt) => predict(row, imt, table.options)[table.value]);
    console.log(describeReport(table.file, report));
    assert.ok(report.columns.length >= 4, 'at least pga, pgv, 0.3 s and 1 s are compared');
    assert.equal(report.failures.slice(0, 20), [], `${report.failures.length} values outside ${table.tolerance} %`);
  });
}

test('hand-worked PGA and PGV: M6.2 strike-slip, R_JB 30 km, Vs30 760 m/s', () => {
  // PGA coefficients (Table 3): e1 0.4856, e4 1.431, e5 0.05053, Mh 5.5, c1 -1.134, c2 0.1917,
  // c3 -0.008088, h 4.5. M > Mh, so F_E = e1 + e6 (M - Mh) = 0.4856 - 0.1662 * 0.7 = 0.36926.
  // R = sqrt(30^2 + 4.5^2) = 30.33562; ln R = 3.41233.
  // F_P = (c1 + c2 (M - 4.5)) ln R + c3 (R - 1) = (-1.134 + 0.1917 * 1.7) * 3.41233 - 0.008088 * 29.33562
  //     = -0.80811 * 3.41233 - 0.23727 = -2.75754 - 0.23727 = -2.99481.
  // Vs30 = 760 = Vref: F_lin = 0 and f2 = f4 (e^{f5 400} - e^{f5 400}) = 0, so F_S = 0.
  // ln PGA = 0.36926 - 2.99481 = -2.62555 -> PGA = 0.07240 g.
  const pga = bssa14({ magnitude: 6.2, rakeDegrees: 0 }, { rjbKm: 30, vs30: 760 }, 'pga');
  assert.ok(Math.abs(pga.median / 0.0724 - 1) < 1e-3, `PGA ${pga.median}`);
  // PGV coefficients: e1 5.078, e4 1.073, e5 -0.1536, Mh 6.2, c1 -1.243, c2 0.1489, c3 -0.00344, h 5.3.
  // M = Mh: F_E = e1 = 5.078. R = sqrt(900 + 28.09) = 30.46456; ln R = 3.41656.
  // F_P = (-1.243 + 0.1489 * 1.7) * 3.41656 - 0.00344 * 29.46456 = -0.98987 * 3.41656 - 0.10136 = -3.48331.
  // ln PGV = 5.078 - 3.48331 = 1.59469 -> PGV = 4.9268 cm/s.
  const pgv = bssa14({ magnitude: 6.2, rakeDegrees: 0 }, { rjbKm: 30, vs30: 760 }, 'pgv');
  assert.ok(Math.abs(pgv.median / 4.9268 - 1) < 1e-3, `PGV ${pgv.median}`);
  // tau: M >= 5.5 -> tau2 = 0.348; phi: M >= 5.5 -> phi2 = 0.495, R_JB 30 < R1, Vs30 > V2: phi = 0.495.
  assert.ok(Math.abs(pga.tau - 0.348) < 1e-12 && Math.abs(pga.phi - 0.495) < 1e-12);
  assert.ok(Math.abs(pga.sigma - Math.hypot(0.348, 0.495)) < 1e-12);
});

test('sanity values quoted in docs/gmpe.md (unspecified mechanism)', () => {
  const near = (value: number, expected: number, relative: number) => Math.abs(value / expected - 1) <= relative;
  const at = (magnitude: number, rjbKm: number, vs30: number) => ({
    pga: bssa14({ magnitude }, { rjbKm, vs30 }, 'pga').median,
    pgv: bssa14({ magnitude }, { rjbKm, vs30 }, 'pgv').median,
  });
  // M6.2 at 30 km: about 0.097 g and 7.8 cm/s hold for Vs30 400 m/s; at Vs30 760 m/s the
  // values are 0.070 g and 4.7 cm/s.
  const m62Soil = at(6.2, 30, 400);
  assert.ok(near(m62Soil.pga, 0.0969, 0.005) && near(m62Soil.pgv, 7.82, 0.005), JSON.stringify(m62Soil));
  const m62Rock = at(6.2, 30, 760);
  assert.ok(near(m62Rock.pga, 0.0697, 0.005) && near(m62Rock.pgv, 4.73, 0.005), JSON.stringify(m62Rock));
  // M3.7 at 27 km: 0.0016 g / 0.040 cm/s on Vs30 760 m/s rock up to 0.0031 g / 0.10 cm/s at 250 m/s.
  const m37Rock = at(3.7, 27, 760);
  const m37Soil = at(3.7, 27, 250);
  assert.ok(near(m37Rock.pga, 0.0016, 0.01) && near(m37Rock.pgv, 0.0403, 0.01), JSON.stringify(m37Rock));
  assert.ok(near(m37Soil.pga, 0.0031, 0.01) && near(m37Soil.pgv, 0.102, 0.01), JSON.stringify(m37Soil));
});

test('batch evaluation equals the single-site function, NaN z1 meaning unknown', () => {
  const rjbKm = Float64Array.from([0, 5, 30, 120, 300]);
  const vs30 = Float64Array.from([180, 250, 400, 760, 1500]);
  const z1Metres = Float64Array.from([NaN, 800, 20, NaN, 5]);
  const out = groundMotionArrays(rjbKm.length);
  const rupture = { magnitude: 6.7, rakeDegrees: 90 };
  bssa14ForSites(rupture, { rjbKm, vs30, z1Metres }, 'sa(1.0)', { region: 'california' }, out);
  for (let i = 0; i < rjbKm.length; i++) {
    const single = bssa14(rupture, { rjbKm: rjbKm[i], vs30: vs30[i], z1Metres: Number.isNaN(z1Metres[i]) ? undefined : z1Metres[i] }, 'sa(1.0)', {
      region: 'california',
    });
    assert.is(out.median[i], single.median);
    assert.is(out.sigma[i], single.sigma);
  }
});

test.run();
