// The model registry: metadata, the uniform single-site and batch calling conventions, and the
// cost of a 100,000-site batch.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  GROUND_MOTION_MODELS,
  ab06,
  ask14,
  bssa14,
  bssa14Model,
  groundMotionArrays,
  type GroundMotionModelId,
  type IntensityMeasure,
  type SiteArrays,
} from '../../../src/domain/hazards/earthquake/gmpe/index.js';

const test = suite('ground-motion model registry');

const IDS: GroundMotionModelId[] = ['BSSA14', 'ASK14', 'AB06'];
const REQUIRED_IMTS: IntensityMeasure[] = ['pga', 'pgv', 'sa(0.3)', 'sa(1.0)'];
const RUPTURE = { magnitude: 6.6, rakeDegrees: 90, dipDegrees: 35, ztorKm: 1.5, widthKm: 20 };

function siteArrays(count: number): SiteArrays {
  const rjbKm = new Float64Array(count);
  const rrupKm = new Float64Array(count);
  const rxKm = new Float64Array(count);
  const ry0Km = new Float64Array(count);
  const vs30 = new Float64Array(count);
  const z1Metres = new Float64Array(count);
  const vs30Measured = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    rjbKm[i] = (i * 0.37) % 250;
    rrupKm[i] = Math.hypot(rjbKm[i], 4);
    rxKm[i] = ((i * 0.53) % 120) - 40;
    ry0Km[i] = i % 7 === 0 ? NaN : (i * 0.11) % 30;
    vs30[i] = 150 + ((i * 13) % 1600);
    z1Metres[i] = i % 3 === 0 ? NaN : (i * 7) % 900;
    vs30Measured[i] = i % 2;
  }
  return { rjbKm, rrupKm, rxKm, ry0Km, vs30, z1Metres, vs30Measured };
}

test('every model declares its inputs and supports pga, pgv, sa(0.3) and sa(1.0)', () => {
  for (const id of IDS) {
    const model = GROUND_MOTION_MODELS[id];
    assert.is(model.id, id);
    assert.ok(model.citation.length > 40);
    assert.ok(model.distanceMetrics.length > 0 && model.siteParameters.includes('vs30'));
    for (const imt of REQUIRED_IMTS) assert.ok(model.supports(imt), `${id} ${imt}`);
    assert.not.ok(model.supports('sa(20.0)'));
  }
  assert.equal(GROUND_MOTION_MODELS.BSSA14.distanceMetrics, ['rjb']);
  assert.equal(GROUND_MOTION_MODELS.AB06.distanceMetrics, ['rrup']);
  assert.is(GROUND_MOTION_MODELS.AB06.standardDeviations, 'total-with-assigned-split');
});

test('registry entries give the same numbers as the model functions', () => {
  const site = { rjbKm: 12, rrupKm: 12.6, rxKm: 15, ry0Km: 0, vs30: 320, vs30Measured: true, z1Metres: 400 };
  assert.equal(GROUND_MOTION_MODELS.BSSA14.evaluate(RUPTURE, site, 'sa(1.0)'), bssa14(RUPTURE, site, 'sa(1.0)', { region: 'california' }));
  assert.equal(GROUND_MOTION_MODELS.ASK14.evaluate(RUPTURE, site, 'pgv'), ask14(RUPTURE, { ...site, vs30Measured: true }, 'pgv'));
  const ab06Motion = GROUND_MOTION_MODELS.AB06.evaluate(RUPTURE, site, 'pga');
  const paper = ab06(RUPTURE, site, 'pga');
  assert.equal([ab06Motion.median, ab06Motion.sigma], [paper.median, paper.sigma]);
  // The paper gives no split; the registry's τ is Al Atik (2015)'s (alAtik2015Tau.test.ts) and τ² + φ² is the paper's σ².
  assert.ok(Math.abs(ab06Motion.tau ** 2 + ab06Motion.phi ** 2 - paper.sigma ** 2) < 1e-12);
  assert.equal(bssa14Model({ region: 'japan' }).evaluate(RUPTURE, site, 'sa(1.0)'), bssa14(RUPTURE, site, 'sa(1.0)', { region: 'japan' }));
});

test('batch and single-site evaluation agree for every model and required IMT', () => {
  const sites = siteArrays(200);
  const out = groundMotionArrays(200);
  for (const id of IDS) {
    const model = GROUND_MOTION_MODELS[id];
    for (const imt of REQUIRED_IMTS) {
      model.evaluateSites(RUPTURE, sites, imt, out);
      for (let i = 0; i < 200; i += 17) {
        const single = model.evaluate(
          RUPTURE,
          {
            rjbKm: sites.rjbKm![i],
            rrupKm: sites.rrupKm![i],
            rxKm: sites.rxKm![i],
            ry0Km: Number.isNaN(sites.ry0Km![i]) ? undefined : sites.ry0Km![i],
            vs30: sites.vs30[i],
            vs30Measured: sites.vs30Measured![i] === 1,
            z1Metres: Number.isNaN(sites.z1Metres![i]) ? undefined : sites.z1Metres![i],
          },
          imt,
        );
        assert.is(out.median[i], single.median, `${id} ${imt} site ${i}`);
        assert.is(out.sigma[i], single.sigma, `${id} ${imt} site ${i}`);
        assert.ok(out.median[i] > 0 && Number.isFinite(out.median[i]));
      }
    }
  }
});

test('missing required inputs are named', () => {
  assert.throws(() => GROUND_MOTION_MODELS.BSSA14.evaluate(RUPTURE, { rrupKm: 5, vs30: 400 }, 'pga'), /BSSA14 needs rjbKm/);
  assert.throws(() => GROUND_MOTION_MODELS.ASK14.evaluate({ magnitude: 6 }, { rrupKm: 5, rjbKm: 4, rxKm: 1, vs30: 400 }, 'pga'), /ASK14 needs rakeDegrees/);
  assert.throws(() => GROUND_MOTION_MODELS.AB06.evaluate(RUPTURE, { rjbKm: 5, vs30: 400 }, 'pga'), /AB06 needs rrupKm/);
  assert.throws(() => GROUND_MOTION_MODELS.BSSA14.evaluate(RUPTURE, { rjbKm: 5, vs30: 400 }, 'sa(20.0)'), /BSSA14 has no coefficients/);
});

test('100,000 sites per model and IMT (timing printed, not asserted)', () => {
  const count = 100_000;
  const sites = siteArrays(count);
  const out = groundMotionArrays(count);
  const timings: string[] = [];
  for (const id of IDS) {
    const started = performance.now();
    GROUND_MOTION_MODELS[id].evaluateSites(RUPTURE, sites, 'pga', out);
    timings.push(`${id} ${(performance.now() - started).toFixed(1)} ms`);
    assert.ok(
      out.median.every((value) => value > 0 && Number.isFinite(value)),
      id,
    );
  }
  console.log(`NOTICE: 100,000-site PGA batch: ${timings.join(', ')}`);
});

test.run();
