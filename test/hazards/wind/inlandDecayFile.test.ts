import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, validateHazardContent, readHazardModel, warningTexts } from '../../../src/domain/hazards/index.js';
import type { WindHazard } from '../../../src/domain/hazards/types.js';
import { sitesOf } from '../_sites.js';

const decay = suite('inland_decay in a hazard file: Kaplan & DeMaria (1995) after landfall');

const RMW_KM = 40;
/** A stationary synthetic storm at 30° N, 80° W: 50 m/s at landfall (12:00), the file's own (non-decaying) winds after. */
function stormFile(extra: object = {}) {
  const model = (hour: number, windMs: number, pressureMb: number) => ({
    type: 'wind',
    name: `synthetic-${hour}`,
    timestamp: new Date(Date.UTC(2024, 8, 21, hour)).toISOString().slice(0, 19),
    center: { longitude: -80, latitude: 30 },
    max_wind_speed: `${windMs} meter / second`,
    radius_of_max_wind: `${RMW_KM} kilometer`,
    air_pressure: `${pressureMb} millibar`,
    wind_profile: 'HOLLAND_2010',
  });
  return { name: 'synthetic', models: [model(6, 48, 955), model(12, 50, 950), model(13, 49, 951), model(18, 47, 953), model(36, 45, 955)], ...extra };
}

const winds = (content: object) => readHazardModel(content).models as WindHazard[];
const near = (actual: number, expected: number, tolerance: number, label: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label}: expected ${expected} ± ${tolerance}, got ${actual}`);

// Worked by hand: V_b = 26.7 kt = 26.7 · 1852/3600 = 13.735667 m/s; R·V₀ = 0.9 · 50 = 45 m/s;
// V(t) = 13.735667 + (45 − 13.735667)·e^(−0.095 t):
//   t = 1 h:  e^(−0.095)  = 0.909373  → 13.735667 + 31.264333 · 0.909373 = 42.16661 m/s
//   t = 6 h:  e^(−0.57)   = 0.565525  → 13.735667 + 31.264333 · 0.565525 = 31.41644 m/s
//   t = 24 h: e^(−2.28)   = 0.102284  → 13.735667 + 31.264333 · 0.102284 = 16.93351 m/s
const HAND = { 13: 42.16661, 18: 31.41644, 36: 16.93351 };

decay('wind models after landfall get the decayed maximum wind; before and at landfall they keep their own', () => {
  const decayed = winds(stormFile({ inland_decay: { landfall: '2024-09-21T12:00:00' } }));
  assert.equal(
    decayed.map((model) => model.maxWindSpeedMs),
    [48, 50, ...decayed.slice(2).map((model) => model.maxWindSpeedMs)],
  );
  near(decayed[2].maxWindSpeedMs, HAND[13], 1e-5, '13:00');
  near(decayed[3].maxWindSpeedMs, HAND[18], 1e-5, '18:00');
  near(decayed[4].maxWindSpeedMs, HAND[36], 1e-5, '36:00 (next day 12:00)');
  // The central pressure after landfall follows the decayed wind instead of the file's.
  assert.is(decayed[1].airPressurePa, 95_000);
  for (const model of decayed.slice(2)) assert.is(model.airPressurePa, undefined);
  // Without inland_decay the file's own winds stand.
  assert.equal(
    winds(stormFile()).map((model) => model.maxWindSpeedMs),
    [48, 50, 49, 47, 45],
  );
});

decay('the Holland (2010) field after landfall peaks at the decayed wind: V(R) = v_m, no pressure warning', () => {
  const model = readHazardModel(stormFile({ inland_decay: { landfall: '2024-09-21T12:00:00' } }));
  // A site due north at exactly the radius of maximum wind (haversine, mean sphere 6371.0088 km); snapshots alone (erad_v1 timing, the file's own wind_profile).
  const site = sitesOf([[-80, 30 + ((RMW_KM * 1000) / 6_371_008.8) * (180 / Math.PI)]]);
  const grid = computeIntensities(model, site, { physics: 'erad_v1' });
  const speed = grid.quantities.wind_speed!;
  const at = (timestamp: string) => speed[grid.timestamps.indexOf(timestamp)];
  near(at('2024-09-21T18:00:00'), HAND[18], 1e-3, '18:00 at R');
  near(at('2024-09-21T13:00:00'), HAND[13], 1e-3, '13:00 at R');
  assert.equal(
    warningTexts(grid.warnings).filter((warning) => warning.includes('estimated from max_wind_speed')),
    [],
  );
});

decay('a landfall time without a wind model, or two storms, is an error naming inland_decay', () => {
  const issues = validateHazardContent(stormFile({ inland_decay: { landfall: '2024-09-21T12:30:00' } }));
  assert.is(issues.length, 1);
  assert.is(issues[0].path, 'inland_decay.landfall');
  assert.match(issues[0].message, /no wind model at 2024-09-21T12:30:00/);
  const twoStorms = stormFile({ inland_decay: { landfall: '2024-09-21T12:00:00' } });
  twoStorms.models.push({ ...twoStorms.models[1], name: 'other' });
  const crowded = validateHazardContent(twoStorms);
  assert.is(crowded[0].path, 'inland_decay');
  assert.match(crowded[0].message, /one storm: 2 wind models at 2024-09-21T12:00:00/);
  assert.is(validateHazardContent(stormFile({ inland_decay: { landfall: 'noon' } }))[0].path, 'inland_decay.landfall');
});

decay.run();
