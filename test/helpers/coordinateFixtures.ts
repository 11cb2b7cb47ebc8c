import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES } from './cli.js';

/**
 * Feeders whose coordinates are not GDM's longitude/latitude, made from the repository's own
 * feeders for the coordinate_order and place_at tests (docs/input-distribution.md).
 */

/** The example feeder with x and y of every Location swapped (latitude in x, as gdm's p5r.json): written into `dir`. */
export function swappedExampleFeeder(dir: string): string {
  const content = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8'));
  let swapped = 0;
  for (const component of content.components) {
    if (component.__metadata__?.type !== 'Location') continue;
    [component.x, component.y] = [component.y, component.x];
    swapped += 1;
  }
  if (swapped === 0) throw new Error('the example feeder has no Location to swap');
  const file = path.join(dir, 'swapped_feeder.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

/**
 * The example feeder in local metres, as the IEEE test feeders are: every Location becomes
 * x = 100000 × (longitude + 79.95) + 1000, y = 100000 × (latitude − 32.79) + 1000, rounded to the
 * metre (the file's coordinates have at most four decimals, so these are whole metres already):
 * the substation's bus (-79.95, 32.79) is at x = 1000, y = 1000, the bus at (-79.958, 32.797) at
 * x = 200, y = 1700, and no coordinate is within longitude/latitude range. Written into `dir`.
 */
export function metresExampleFeeder(dir: string): string {
  const content = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8'));
  for (const component of content.components) {
    if (component.__metadata__?.type !== 'Location') continue;
    [component.x, component.y] = [Math.round(100000 * (component.x + 79.95)) + 1000, Math.round(100000 * (component.y - 32.79)) + 1000];
  }
  const file = path.join(dir, 'metres_feeder.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

/** The anchor the tests give with --place-at / place_at (the point x = 0, y = 0): on the equator, where the radii are simplest. */
export const ANCHOR = '10,0';

/**
 * Where --place-at 10,0 puts metresExampleFeeder's buses, by hand (docs/input-distribution.md):
 * at the equator sin φ0 = 0 and cos φ0 = 1, so the meridional radius is M = a(1 − e²) =
 * 6378137 × (1 − 0.0066943799901413) = 6335439.327 m and the prime-vertical radius N = a = 6378137 m.
 * Substation bus, x = 1000, y = 1000: Δλ = 1000 / 6378137 rad = 0.0089831528°, Δφ = 1000 / 6335439.327 rad
 * = 0.0090436948°. Bus x = 200, y = 1700: Δλ = 200 / 6378137 rad = 0.0017966306°, Δφ = 1700 / 6335439.327 rad = 0.0153742811°.
 */
export const PLACED_SUBSTATION = { longitude: 10.0089831528, latitude: 0.0090436948 };
export const PLACED_BUS = { longitude: 10.0017966306, latitude: 0.0153742811 };

/** The survival rows of a result file that do not name the run (for comparing two runs). */
export function survivalRows(contents: Record<string, unknown[]>): unknown {
  return { assetstatetable: contents.assetstatetable, assets: contents.assets, damage_state_probabilities: contents.damage_state_probabilities };
}
