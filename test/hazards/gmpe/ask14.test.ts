// ASK14 (California) against every row of OpenQuake's verification tables: the median table was
// regenerated upstream in 2021 from the ASK14 electronic supplement, the standard-deviation tables
// come from the authors' Matlab implementation (vs30measured = 1, so phi uses s1m/s2m).
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ask14, ask14ForSites } from '../../../src/domain/hazards/earthquake/gmpe/ask14.js';
import { groundMotionArrays } from '../../../src/domain/hazards/earthquake/gmpe/groundMotion.js';
import type { IntensityMeasure } from '../../../src/domain/hazards/earthquake/gmpe/intensityMeasure.js';
import { compareTable, describeReport, readVerificationTable, referenceDataDir, type VerificationRow } from './_verificationTables.js';

const test = suite('ASK14');
const refdata = referenceDataDir();

// Upstream tolerance (OpenQuake abrahamson_2014_test.py): 0.1 % for the California median and stds.
const TOLERANCE_PERCENT = 0.1;

function predict(row: VerificationRow, imt: IntensityMeasure) {
  const input = row.inputs;
  return ask14(
    { magnitude: input.rup_mag, rakeDegrees: input.rup_rake, dipDegrees: input.rup_dip, ztorKm: input.rup_ztor, widthKm: input.rup_width },
    {
      rrupKm: input.dist_rrup,
      rjbKm: input.dist_rjb,
      rxKm: input.dist_rx,
      ry0Km: input.dist_ry0,
      vs30: input.site_vs30,
      vs30Measured: input.site_vs30measured === 1,
      z1Metres: input.site_z1pt0,
    },
    imt,
  );
}

const TABLES = [
  { file: 'oq-engine/ASK14/ASK14_ResMEAN_RegCAL.csv', value: 'median', resultType: 'MEAN' },
  { file: 'oq-engine/ASK14/ASK14_ResStdTot_RegCAL.csv', value: 'sigma', resultType: 'TOTAL_STDDEV' },
  { file: 'oq-engine/ASK14/ASK14_ResStdPhi_RegCAL.csv', value: 'phi', resultType: 'INTRA_EVENT_STDDEV' },
] as const;

for (const table of TABLES) {
  test(`reproduces every row of ${table.file}`, () => {
    if (!refdata) return;
    const rows = readVerificationTable(path.join(refdata, table.file));
    assert.ok(rows.length > 0, 'table has rows');
    for (const row of rows) assert.is(row.resultType, table.resultType);
    const report = compareTable(rows, TOLERANCE_PERCENT, (row, imt) => predict(row, imt)[table.value]);
    console.log(describeReport(table.file, report));
    assert.ok(report.columns.length >= 4, 'at least pga, pgv, 0.3 s and 1 s are compared');
    assert.equal(report.failures.slice(0, 20), [], `${report.failures.length} values outside ${TOLERANCE_PERCENT} %`);
  });
}

test('batch evaluation equals the single-site function', () => {
  const rupture = { magnitude: 6.9, rakeDegrees: 90, dipDegrees: 40, ztorKm: 2, widthKm: 18 };
  const sites = {
    rrupKm: Float64Array.from([3, 12, 40, 150]),
    rjbKm: Float64Array.from([0, 8, 38, 149]),
    rxKm: Float64Array.from([5, 20, -30, 100]),
    ry0Km: Float64Array.from([0, 2, 6, 0]),
    vs30: Float64Array.from([180, 350, 760, 1300]),
    vs30Measured: Uint8Array.from([1, 0, 1, 0]),
    z1Metres: Float64Array.from([600, NaN, 30, NaN]),
  };
  const out = groundMotionArrays(4);
  ask14ForSites(rupture, sites, 'sa(0.3)', out);
  for (let i = 0; i < 4; i++) {
    const single = ask14(
      rupture,
      {
        rrupKm: sites.rrupKm[i],
        rjbKm: sites.rjbKm[i],
        rxKm: sites.rxKm[i],
        ry0Km: sites.ry0Km[i],
        vs30: sites.vs30[i],
        vs30Measured: sites.vs30Measured[i] === 1,
        z1Metres: Number.isNaN(sites.z1Metres[i]) ? undefined : sites.z1Metres[i],
      },
      'sa(0.3)',
    );
    assert.is(out.median[i], single.median);
    assert.is(out.tau[i], single.tau);
    assert.is(out.phi[i], single.phi);
  }
});

test('hanging-wall end taper falls back to Rjb (eq. 15b) when Ry0 is unknown', () => {
  const rupture = { magnitude: 7, rakeDegrees: 90, dipDegrees: 45, ztorKm: 0, widthKm: 15 };
  const base = { rrupKm: 8, rxKm: 8, vs30: 760, vs30Measured: true };
  const footWall = ask14(rupture, { ...base, rxKm: -8, rjbKm: 0 }, 'pga').median;
  // Rjb = 0: T5 = 1, the same as Ry0 = 0.
  assert.is(ask14(rupture, { ...base, rjbKm: 0 }, 'pga').median, ask14(rupture, { ...base, rjbKm: 0, ry0Km: 0 }, 'pga').median);
  // Rjb >= 30 km: T5 = 0, so no hanging-wall amplification (the foot-wall value at the same Rrup).
  assert.is(ask14(rupture, { ...base, rjbKm: 30 }, 'pga').median, footWall);
  // In between the hanging-wall term is tapered linearly.
  const half = ask14(rupture, { ...base, rjbKm: 15 }, 'pga').median;
  const full = ask14(rupture, { ...base, rjbKm: 0 }, 'pga').median;
  assert.ok(Math.abs(Math.log(half / footWall) - 0.5 * Math.log(full / footWall)) < 1e-12);
});

test.run();
