import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  computeIntensities,
  hypocentralDistanceKm,
  mmiFromMagnitude,
  pgaPercentGFromMmi,
  pgvCmsFromMmi,
  readHazardModel,
  resolveGroundMotionModel,
} from '../../src/domain/hazards/index.js';
import { close, closeRelative } from '../helpers/assert.js';
import { sitesOf } from './_sites.js';

// Worked values of ERAD's chain (ground_motion_model ERAD_V1 only), hand-computed from its
// relations as docs/input-hazard.md writes them; M6.2 at 30 km is the 4,488 cm/s that BSSA14 puts
// at 4.7–7.8 cm/s (docs/gmpe.md).
const WORKED = [
  { magnitude: 5.0, hypocentralKm: 300, mmi: 6.1925, pgvCms: 43.767, pgaPercentG: 15.58, pgaMs2: 1.52786 },
  { magnitude: 6.2, hypocentralKm: 30, mmi: 9.1485, pgvCms: 4487.8, pgaPercentG: 98.06, pgaMs2: 9.6162 },
  { magnitude: 5.8, hypocentralKm: 100, mmi: 7.894, pgvCms: 628.98, pgaPercentG: 44.92, pgaMs2: 4.40507 },
];

const relations = suite('ERAD_V1 earthquake intensity relations');

relations('mmiFromMagnitude, pgvCmsFromMmi and pgaPercentGFromMmi give the worked values', () => {
  for (const worked of WORKED) {
    const mmi = mmiFromMagnitude(worked.magnitude, worked.hypocentralKm);
    close(mmi, worked.mmi, 5e-4, `MMI M${worked.magnitude}`);
    closeRelative(pgvCmsFromMmi(mmi), worked.pgvCms, 2e-4, `PGV M${worked.magnitude}`);
    closeRelative(pgaPercentGFromMmi(mmi), worked.pgaPercentG, 2e-4, `PGA M${worked.magnitude}`);
  }
});

relations('hypocentralDistanceKm combines depth and epicentral distance and never goes below 1 km', () => {
  close(hypocentralDistanceKm(30, 40), 50, 1e-12);
  close(hypocentralDistanceKm(0, 0.2), 1, 0);
  close(hypocentralDistanceKm(0, 0), 1, 0);
});

relations.run();

const compute = suite('ERAD_V1 earthquake compute');

function quake(depth: string, magnitude: number, origin = { longitude: -74.28391, latitude: -68.82867 }) {
  return readHazardModel({ models: [{ type: 'earthquake', timestamp: '2024-01-01T00:00:00', origin, depth, magnitude, ground_motion_model: 'ERAD_V1' }] });
}

compute('an asset above the hypocentre feels R = depth (PGA in m/s², PGV in m/s)', () => {
  for (const worked of WORKED) {
    const grid = computeIntensities(quake(`${worked.hypocentralKm} kilometer`, worked.magnitude), sitesOf([[-74.28391, -68.82867]]));
    closeRelative(grid.quantities.pga![0], worked.pgaMs2, 2e-5, `PGA M${worked.magnitude}`);
    closeRelative(grid.quantities.pgv![0], worked.pgvCms / 100, 2e-4, `PGV M${worked.magnitude}`);
  }
});

compute('measures the epicentral distance geodesically (Karney test line, 3 956 936.926 m)', () => {
  // M8, depth 0 at R = 3956.936926 km: MMI = 3.31 + 10.24 − 1.42·log10(3956.936926) = 8.441750;
  // PGV = 10^((8.441750 − 3.78)/1.47) = 1483.40 cm/s; PGA = 10^((8.441750 − 1.78)/3.70) = 63.1645 %g = 6.19432 m/s².
  const grid = computeIntensities(quake('0 kilometer', 8), sitesOf([[-8.36685, -50.63005]]));
  closeRelative(grid.quantities.pgv![0], 14.834, 1e-5);
  closeRelative(grid.quantities.pga![0], 6.19432, 1e-5);
});

compute('the erad_v1 physics profile selects ERAD_V1 for an earthquake that names no model; the default profile does not', () => {
  const hazard = readHazardModel({
    models: [{ type: 'earthquake', timestamp: '2024-01-01T00:00:00', origin: { longitude: 0, latitude: 0 }, depth: '30 kilometer', magnitude: 6.2 }],
  });
  const site = sitesOf([[0, 0]]);
  closeRelative(computeIntensities(hazard, site, { physics: 'erad_v1' }).quantities.pgv![0], 44.878, 2e-4);
  const bssa14 = computeIntensities(hazard, site, { physics: 'default' }).quantities.pgv![0];
  assert.ok(bssa14 < 1, `BSSA14 PGV right above an M6.2 is ${bssa14} m/s, not ERAD's 44.9 m/s`);
  assert.equal(resolveGroundMotionModel({}, 'erad_v1'), 'ERAD_V1');
  assert.equal(resolveGroundMotionModel({}, 'default'), 'BSSA14');
  assert.equal(resolveGroundMotionModel({ groundMotionModel: 'AB06' }, 'erad_v1'), 'AB06');
});

compute.run();
