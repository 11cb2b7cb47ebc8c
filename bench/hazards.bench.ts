// Hazard engine throughput: intensities (computeIntensities) and survivals (survivalInto)
// for a synthetic feeder of 100,000 assets under a 24-hour hurricane, an earthquake and a
// flood (26 timestamps). Prints asset-timestamp evaluations per second, best of 3 runs.
import { computeIntensities, readHazardModel, type Sites } from '../src/domain/hazards/index.js';
import { ASSET_TYPES } from '../src/domain/assets/types.js';
import { DEFAULT_CURVES, compileCurveSet, curveFor, survivalInto } from '../src/domain/fragility/index.js';

const POLES = ASSET_TYPES.indexOf('distribution_poles');

const ASSETS = 100_000;
const RUNS = 3;

function syntheticSites(): Sites {
  // A deterministic scatter over a 30 km × 30 km patch around Charleston, SC.
  const longitude = new Float64Array(ASSETS);
  const latitude = new Float64Array(ASSETS);
  for (let i = 0; i < ASSETS; i++) {
    longitude[i] = -80.1 + ((i * 0.6180339887) % 1) * 0.32;
    latitude[i] = 32.65 + ((i * 0.7548776662) % 1) * 0.27;
  }
  return { count: ASSETS, longitude, latitude, heightM: new Float64Array(ASSETS).fill(4) };
}

function hazard() {
  const models: object[] = [];
  for (let hour = 0; hour < 24; hour++) {
    models.push({
      type: 'wind',
      timestamp: `2024-09-21T${String(hour).padStart(2, '0')}:00:00`,
      center: { longitude: -79.78 - 0.167 * (hour - 12), latitude: 32.86 + 0.14 * (hour - 12) },
      max_wind_speed: '105 mile / hour',
      radius_of_max_wind: '25 mile',
      radius_of_closest_isobar: '200 mile',
    });
  }
  models.push({ type: 'earthquake', timestamp: '2024-09-22T03:00:00', origin: { longitude: -80.17, latitude: 32.95 }, depth: '12 kilometer', magnitude: 5 });
  const square = [
    [-80.0, 32.7],
    [-79.85, 32.7],
    [-79.85, 32.8],
    [-80.0, 32.8],
    [-80.0, 32.7],
  ];
  models.push({
    type: 'flood',
    timestamp: '2024-09-22T06:00:00',
    affected_areas: [{ affected_area: { type: 'Polygon', coordinates: [square] }, water_depth: '1.2 meter', water_velocity: '1 meter / second' }],
  });
  return readHazardModel({ name: 'bench', models });
}

const sites = syntheticSites();
const model = hazard();
const evaluations = ASSETS * model.timestamps.length;

// The default physics follows the storm between its hourly snapshots (docs/physics.md); erad_v1 takes the snapshots only.
let best: number;
let grid = computeIntensities(model, sites, { physics: 'erad_v1' });
for (const physics of ['erad_v1', 'default'] as const) {
  best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    grid = computeIntensities(model, sites, { physics });
    best = Math.min(best, performance.now() - started);
  }
  console.log(`BENCH intensities (${physics} physics) ${evaluations} asset-timestamps in ${best.toFixed(0)} ms: ${(evaluations / best / 1000).toFixed(1)} M/s`);
}

const compiled = compileCurveSet(DEFAULT_CURVES);
const out = new Float64Array(evaluations);
let survivals = 0;
best = Infinity;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  survivals = 0;
  for (const [quantity, values] of Object.entries(grid.quantities)) {
    // Quantities kept for the record only (PGV, spectral accelerations) have no pole curve.
    const curve = curveFor(compiled, POLES, quantity as keyof typeof grid.quantities);
    if (!curve) continue;
    survivalInto(curve, values!, out);
    survivals += values!.length;
  }
  best = Math.min(best, performance.now() - started);
}
console.log(`BENCH survival ${survivals} quantity values in ${best.toFixed(0)} ms: ${(survivals / best / 1000).toFixed(1)} M/s`);
