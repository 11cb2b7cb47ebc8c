/**
 * The hindcast page's county maps (docs/report.md, "Hindcast page"): county and state outlines
 * projected to SVG path data, and the colour classes of peak fraction out and of predicted −
 * observed. Pure: outlines in, path text and class indices out.
 */

/** One ring of an outline: [longitude, latitude] pairs in degrees. */
export type LonLatRing = readonly (readonly [number, number])[];

/** The width of the maps' SVG viewBox, in its own units; the height follows the outlines' shape. */
export const MAP_WIDTH = 600;
/** Space left around the outlines, in viewBox units. */
const MAP_PADDING = 4;
/** Path coordinates are rounded to this many viewBox units: at a state's scale about 0.001°, finer than the atlas (0.0036°). */
const MAP_STEP = 0.1;

export interface ProjectedMap {
  width: number;
  height: number;
  /** SVG path data of each outline, in the order given (an outline with no rings gets ''). */
  paths: string[];
}

/**
 * Projects outlines (each a list of rings) onto one SVG viewBox: longitude scaled by the cosine
 * of the middle latitude (equirectangular about the outlines' centre; across a state a few
 * degrees tall the scale differs by a few per cent from top to bottom), north up, rounded to
 * MAP_STEP with repeated points (and a ring's closing repeat) dropped. Each ring is one closed subpath, so holes show with
 * `fill-rule: evenodd`.
 */
export function projectOutlines(outlines: readonly (readonly LonLatRing[])[]): ProjectedMap {
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const rings of outlines)
    for (const ring of rings)
      for (const [lon, lat] of ring) {
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
  if (!Number.isFinite(west)) return { width: MAP_WIDTH, height: MAP_WIDTH / 2, paths: outlines.map(() => '') };
  const xScale = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * xScale, 1e-9);
  const scale = (MAP_WIDTH - 2 * MAP_PADDING) / spanX;
  const height = Math.round((north - south) * scale + 2 * MAP_PADDING);
  const round = (value: number) => Math.round(value / MAP_STEP) * MAP_STEP;
  const text = (value: number) => String(Number(value.toFixed(1)));
  const paths = outlines.map((rings) =>
    rings
      .map((ring) => {
        const points: string[] = [];
        let last = '';
        for (const [lon, lat] of ring) {
          const point = `${text(round(MAP_PADDING + (lon - west) * xScale * scale))} ${text(round(MAP_PADDING + (north - lat) * scale))}`;
          if (point !== last) points.push(point);
          last = point;
        }
        // A GeoJSON ring repeats its first point at the end; Z closes the subpath instead.
        if (points.length > 1 && points[points.length - 1] === points[0]) points.pop();
        return points.length < 3 ? '' : `M${points.join('L')}Z`;
      })
      .join(''),
  );
  return { width: MAP_WIDTH, height, paths };
}

/** One class of a map's legend: its label and fill colour. */
export interface ColourClass {
  label: string;
  colour: string;
}

/** Fill of a county with no value (no observed value, so no difference either). */
export const NO_DATA_COLOUR = '#d9d9d9';

/**
 * Peak fraction out, five classes with upper bounds 10, 25, 50, 75 and 100 % (each bound in its
 * class: exactly 50 % is not hard hit, as in the hindcast's hard-hit count, which takes > 50 %);
 * colours ColorBrewer YlOrRd, 5 classes (Brewer, colorbrewer2.org), pale to dark red.
 */
export const PEAK_FRACTION_CLASSES: readonly ColourClass[] = [
  { label: '0–10 %', colour: '#ffffb2' },
  { label: '10–25 %', colour: '#fecc5c' },
  { label: '25–50 %', colour: '#fd8d3c' },
  { label: '50–75 % (hard hit)', colour: '#f03b20' },
  { label: '75–100 % (hard hit)', colour: '#bd0026' },
];
const PEAK_FRACTION_BOUNDS = [0.1, 0.25, 0.5, 0.75] as const;

/**
 * Predicted − observed peak fraction, seven classes symmetric about zero: within ±10 points,
 * then 10–25, 25–50 and beyond 50 points on either side (each bound in the class nearer zero);
 * colours ColorBrewer RdBu, 7 classes, reversed so under-prediction is blue and
 * over-prediction red.
 */
export const DIFFERENCE_CLASSES: readonly ColourClass[] = [
  { label: 'under by more than 50 points', colour: '#2166ac' },
  { label: 'under by 25–50 points', colour: '#67a9cf' },
  { label: 'under by 10–25 points', colour: '#d1e5f0' },
  { label: 'within ±10 points', colour: '#f7f7f7' },
  { label: 'over by 10–25 points', colour: '#fddbc7' },
  { label: 'over by 25–50 points', colour: '#ef8a62' },
  { label: 'over by more than 50 points', colour: '#b2182b' },
];
const DIFFERENCE_BOUNDS = [0.1, 0.25, 0.5] as const;

/** The class of a peak fraction (0..1) in PEAK_FRACTION_CLASSES; -1 for no value. */
export function peakFractionClass(fraction: number | null): number {
  if (fraction === null || !Number.isFinite(fraction)) return -1;
  const index = PEAK_FRACTION_BOUNDS.findIndex((bound) => fraction <= bound);
  return index === -1 ? PEAK_FRACTION_BOUNDS.length : index;
}

/** The class of predicted − observed (−1..1) in DIFFERENCE_CLASSES; -1 for no value. */
export function differenceClass(difference: number | null): number {
  if (difference === null || !Number.isFinite(difference)) return -1;
  const steps = DIFFERENCE_BOUNDS.findIndex((bound) => Math.abs(difference) <= bound);
  const away = steps === -1 ? DIFFERENCE_BOUNDS.length : steps;
  return DIFFERENCE_BOUNDS.length + Math.sign(difference) * away;
}
