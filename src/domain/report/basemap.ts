/**
 * The report map's basemap: county, state and coast outlines around the feeder, drawn under
 * it so a page (printed too) shows where the feeder is without asking a tile server. The app
 * layer meshes the outlines from the bundled us-atlas and world-atlas topologies
 * (src/app/report/basemap.ts); this module keeps only what lies near the feeder, so a page
 * carries tens of kB of outlines rather than the atlases' megabytes.
 */

/**
 * What an outline separates, drawn from light to dark: counties (us-atlas), states (us-atlas)
 * and the coast with national borders (us-atlas's nation outline in the USA, world-atlas
 * elsewhere).
 */
export type OutlineKind = 'county' | 'state' | 'coast';

/** One kind of outline near the feeder: each line as latitude, longitude pairs in degrees, back to back. */
export interface BasemapLayer {
  kind: OutlineKind;
  lines: number[][];
}

/** A longitude/latitude rectangle in degrees. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * How far beyond the feeder's extent each kind of outline is kept, in degrees. County lines
 * within 2° (about 220 km north-south) show the feeder's county and its neighbours at the
 * first view; state lines and the coast within 8° still frame a hurricane's approach when
 * the reader zooms out to the hazard. Around Charleston, SC this is about 3,500 points,
 * 17 kB gzip-compressed (docs/report.md, "Basemap").
 */
export const OUTLINE_MARGIN_DEG: Readonly<Record<OutlineKind, number>> = { county: 2, state: 8, coast: 8 };

/** Outline coordinates are rounded to 0.001° (about 100 m): the atlases themselves are quantized to 0.0036° of longitude. */
const DEGREE_STEP = 1000;

/** The extent of the finite positions, widened by `marginDeg` on every side; null when no position is finite. */
export function outlineBox(longitude: Float64Array, latitude: Float64Array, marginDeg: number): LonLatBox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < longitude.length; i += 1) {
    if (!Number.isFinite(longitude[i]) || !Number.isFinite(latitude[i])) continue;
    west = Math.min(west, longitude[i]);
    east = Math.max(east, longitude[i]);
    south = Math.min(south, latitude[i]);
    north = Math.max(north, latitude[i]);
  }
  if (west === Infinity) return null;
  return { west: west - marginDeg, south: Math.max(-90, south - marginDeg), east: east + marginDeg, north: Math.min(90, north + marginDeg) };
}

/**
 * Below this share of the feeder's own extent an outline's detail is dropped: with the whole
 * feeder in view on a map about 1,000 pixels wide it is under a pixel. A feeder a few km wide
 * keeps the atlases' full detail; a territory the size of the USA loses ~3 km wiggles, which
 * halves its outlines.
 */
export const SIMPLIFY_SHARE_OF_EXTENT = 1 / 1000;

/**
 * Douglas–Peucker tolerance in degrees for a feeder spanning these positions: its larger
 * extent (degrees of longitude or latitude) times SIMPLIFY_SHARE_OF_EXTENT.
 */
export function simplifyToleranceDeg(box: LonLatBox, marginDeg: number): number {
  return Math.max(0, Math.max(box.east - box.west, box.north - box.south) - 2 * marginDeg) * SIMPLIFY_SHARE_OF_EXTENT;
}

/** Douglas–Peucker over a run of latitude, longitude pairs (distances in degrees, planar: the tolerance is small). */
function simplified(run: readonly number[], toleranceDeg: number): number[] {
  const count = run.length / 2;
  if (toleranceDeg <= 0 || count <= 2) return [...run];
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  const stack: [number, number][] = [[0, count - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [y0, x0, y1, x1] = [run[2 * first], run[2 * first + 1], run[2 * last], run[2 * last + 1]];
    const length = Math.hypot(x1 - x0, y1 - y0);
    let farthest = -1;
    let farthestDistance = toleranceDeg;
    for (let i = first + 1; i < last; i += 1) {
      const [y, x] = [run[2 * i], run[2 * i + 1]];
      const distance = length === 0 ? Math.hypot(x - x0, y - y0) : Math.abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length;
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return run.filter((_, index) => keep[index >> 1] === 1);
}

/** True when the segment's own extent meets the box (a segment near a corner may be kept although it misses it: harmless). */
function segmentMeets(x0: number, y0: number, x1: number, y1: number, box: LonLatBox): boolean {
  return Math.max(x0, x1) >= box.west && Math.min(x0, x1) <= box.east && Math.max(y0, y1) >= box.south && Math.min(y0, y1) <= box.north;
}

/**
 * The parts of `lines` (each a list of [longitude, latitude] positions, GeoJSON's order) that
 * meet `box`: every run of segments that meets it becomes one line of latitude, longitude
 * pairs rounded to 0.001°, repeated positions dropped, then simplified by Douglas–Peucker
 * with `toleranceDeg` (0: kept as they are). Segments that cross the box's edge are kept whole,
 * so an outline runs to the edge rather than stopping short of it.
 */
export function clipOutlines(lines: readonly (readonly (readonly number[])[])[], box: LonLatBox, toleranceDeg = 0): number[][] {
  const clipped: number[][] = [];
  const round = (degrees: number) => Math.round(degrees * DEGREE_STEP) / DEGREE_STEP;
  for (const line of lines) {
    let run: number[] = [];
    const add = (position: readonly number[]) => {
      const latitude = round(position[1]);
      const longitude = round(position[0]);
      if (run.length >= 2 && run[run.length - 2] === latitude && run[run.length - 1] === longitude) return;
      run.push(latitude, longitude);
    };
    for (let i = 0; i + 1 < line.length; i += 1) {
      const [x0, y0] = line[i];
      const [x1, y1] = line[i + 1];
      if (segmentMeets(x0, y0, x1, y1, box)) {
        if (run.length === 0) add(line[i]);
        add(line[i + 1]);
      } else if (run.length > 0) {
        if (run.length >= 4) clipped.push(simplified(run, toleranceDeg));
        run = [];
      }
    }
    if (run.length >= 4) clipped.push(simplified(run, toleranceDeg));
  }
  return clipped;
}
