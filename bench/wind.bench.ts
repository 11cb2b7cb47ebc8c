// Wind field throughput: computeIntensities of 24 hourly wind snapshots over 100,000 assets for
// each wind_profile (asset-timestamp evaluations per second, best of 3), and the time to turn a
// best track into a hazard file (the HURDAT2 sample's OSCAR, 36 fixes, when the reference data
// is present).
import fs from 'node:fs';
import path from 'node:path';
import { computeIntensities, readHazardModel, trackToHazardFile, WIND_PROFILES, type Sites } from '../src/domain/hazards/index.js';

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

function storm(profile: string) {
  const models: object[] = [];
  for (let hour = 0; hour < 24; hour++) {
    models.push({
      type: 'wind',
      timestamp: `2024-09-21T${String(hour).padStart(2, '0')}:00:00`,
      center: { longitude: -79.78 - 0.167 * (hour - 12), latitude: 32.86 + 0.14 * (hour - 12) },
      max_wind_speed: '47 meter / second',
      radius_of_max_wind: '40 kilometer',
      radius_of_closest_isobar: '320 kilometer',
      air_pressure: '948 millibar',
      translation_speed: '6 meter / second',
      translation_direction: '310 degree',
      wind_profile: profile,
    });
  }
  return readHazardModel({ name: 'bench', models });
}

const sites = syntheticSites();
for (const profile of WIND_PROFILES) {
  const model = storm(profile);
  const evaluations = ASSETS * model.timestamps.length;
  computeIntensities(model, sites);
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    computeIntensities(model, sites);
    best = Math.min(best, performance.now() - started);
  }
  console.log(`BENCH wind ${profile} ${evaluations} asset-timestamps in ${best.toFixed(0)} ms: ${(evaluations / best / 1000).toFixed(1)} M/s`);
}

const sample = path.resolve('../shared/reference/refdata/hurdat2_sample.txt');
if (fs.existsSync(sample)) {
  const text = fs.readFileSync(sample, 'utf8');
  let best = Infinity;
  let models = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    models = trackToHazardFile(text, { storm: 'OSCAR' }).content.models.length;
    best = Math.min(best, performance.now() - started);
  }
  console.log(`BENCH track upload HURDAT2 OSCAR -> ${models} hourly wind models in ${best.toFixed(1)} ms`);
} else console.log(`NOTICE: ${sample} is absent; the track conversion figure is skipped`);

// A track with wind radii (docs/wind.md §3a): Florence 2018 from 13 Sep 12Z to 15 Sep 12Z, its
// hourly models over the same sites with the default physics (event peaks between snapshots).
const hindcast = path.resolve('../shared/reference/hindcast/tracks/hurdat2_2017_2022.txt');
if (fs.existsSync(hindcast)) {
  const file = trackToHazardFile(fs.readFileSync(hindcast, 'utf8'), { storm: 'AL062018', from: '2018-09-13T12:00:00Z', to: '2018-09-15T12:00:00Z' });
  const model = readHazardModel(file.content);
  const evaluations = ASSETS * model.timestamps.length;
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    computeIntensities(model, sites);
    best = Math.min(best, performance.now() - started);
  }
  console.log(`BENCH wind Florence 2018 track ${evaluations} asset-timestamps in ${best.toFixed(0)} ms: ${(evaluations / best / 1000).toFixed(1)} M/s`);
} else console.log(`NOTICE: ${hindcast} is absent; the Florence figure is skipped`);
