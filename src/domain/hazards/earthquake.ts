import * as v from 'valibot';
import { distancesFromPointM } from '../../base/geodesy/batch.js';
import { Name, plainNumber, Point, quantity, Timestamp } from './_schema.js';
import { STANDARD_GRAVITY_MS2 } from './_units.js';
import { modelLabel, pointApproach, pointBox, type ComputeContext, type HazardDescriptor, type PreparedSites, type QuantityViews } from './descriptor.js';
import { hypocentralDistanceKm, mmiFromMagnitude, pgaPercentGFromMmi, pgvCmsFromMmi } from './earthquake/eradV1.js';
import { defaultTopDepthKm, ruptureProblem } from './earthquake/rupture.js';
import { interpolateShakeMap, Raster, ShakeMapModel } from './earthquake/shakemapHazard.js';
import { resolveGroundMotionModel, sourceShaking } from './earthquake/sourceShaking.js';
import { GROUND_MOTION_MODEL_IDS as GMPE_IDS } from './earthquake/gmpe/index.js';
import { applicabilityWarnings } from './earthquake/applicability.js';
import { EARTHQUAKE_DEFAULT_CURVES } from './earthquake/defaultCurves.js';
import type { EarthquakeHazard, EarthquakeSourceHazard, ShakeMapHazard } from './types.js';
import type { HazardWarning } from './warnings.js';

export { hypocentralDistanceKm, mmiFromMagnitude, pgaPercentGFromMmi, pgvCmsFromMmi } from './earthquake/eradV1.js';
export { resolveGroundMotionModel } from './earthquake/sourceShaking.js';

/**
 * Earthquakes (docs/input-hazard.md): a source (hypocentre, magnitude, optional rake and planar
 * rupture) whose shaking a published ground-motion model predicts at each asset (BSSA14, ASK14,
 * AB06; docs/gmpe.md) with the site's Vs30, or ERAD's chain kept for comparison (ERAD_V1); or a
 * USGS ShakeMap grid interpolated at the assets.
 */

/** The published models of earthquake/gmpe (from their registry), then ERAD's chain. */
const GROUND_MOTION_MODEL_IDS = [...GMPE_IDS, 'ERAD_V1'] as const;

/** Vs30 when a model gives none: the B/C boundary of NEHRP site classes. */
export const DEFAULT_VS30 = '760 meter / second';

const degrees = (label: string, min: number, max: number, exclusiveMin = false) =>
  v.pipe(
    v.number(`${label} must be a number of degrees`),
    v.finite(`${label} must be finite`),
    v.check(
      (value) => (exclusiveMin ? value > min : value >= min) && value <= max,
      (issue) => `${label} must be ${exclusiveMin ? 'greater than' : 'at least'} ${min} and at most ${max} degrees, got ${String(issue.input)}`,
    ),
  );

const Rupture = v.strictObject(
  {
    strike: degrees('strike', 0, 360),
    dip: degrees('dip', 0, 90, true),
    length: quantity('length', { min: 0, exclusive: true }),
    width: quantity('length', { min: 0, exclusive: true }),
    top_depth: v.optional(quantity('length', { min: 0 })),
  },
  'expected a rupture {strike, dip, length, width, top_depth?} (degrees; lengths with units)',
);

const Vs30Grid = v.strictObject(
  {
    ...Raster.entries,
    values: v.pipe(
      v.custom<number[]>(
        (input) => Array.isArray(input) && input.every((value) => typeof value === 'number' && value > 0 && Number.isFinite(value)),
        'values must be a list of positive numbers (Vs30 in meter / second)',
      ),
      v.transform((values) => Float64Array.from(values)),
    ),
  },
  'expected a Vs30 grid {longitude_min, latitude_max, longitude_step, latitude_step, columns, rows, values}',
);

/**
 * The largest moment magnitude a source may have. The largest earthquake recorded is the
 * 1960 Valdivia (Chile) event, Mw 9.5 (USGS, "20 Largest Earthquakes in the World"); a fault
 * long and wide enough for Mw 10 is not known on Earth. 10 leaves room above the record while
 * refusing typos such as 65 for 6.5, which the ground-motion models would extrapolate silently.
 */
export const MAX_MAGNITUDE = 10;
const MAX_MAGNITUDE_REASON = 'the largest earthquake recorded is Mw 9.5, Valdivia 1960';

export const EarthquakeModel = v.pipe(
  v.strictObject({
    type: v.literal('earthquake'),
    name: Name,
    timestamp: Timestamp,
    origin: Point,
    depth: quantity('length', { min: 0 }),
    magnitude: plainNumber('magnitude', { min: 0, max: { value: MAX_MAGNITUDE, why: MAX_MAGNITUDE_REASON } }),
    ground_motion_model: v.optional(v.picklist(GROUND_MOTION_MODEL_IDS, `ground_motion_model must be one of ${GROUND_MOTION_MODEL_IDS.join(', ')}`)),
    vs30: v.optional(quantity('speed', { min: 0, exclusive: true }), DEFAULT_VS30),
    vs30_grid: v.optional(Vs30Grid),
    rake: v.optional(degrees('rake', -180, 180)),
    rupture: v.optional(Rupture),
  }),
  v.forward(
    v.check(
      (entry) => !entry.vs30_grid || entry.vs30_grid.values.length === entry.vs30_grid.columns * entry.vs30_grid.rows,
      'vs30_grid.values must hold columns × rows values',
    ),
    ['vs30_grid'],
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }): EarthquakeSourceHazard => {
    const entry = dataset.value;
    // vs30 keeps its default string when absent; the schema turned a given one into m/s.
    const vs30Ms = typeof entry.vs30 === 'number' ? entry.vs30 : 760;
    let rupture: EarthquakeSourceHazard['rupture'];
    if (entry.rupture) {
      const { strike, dip, length, width, top_depth: topDepth } = entry.rupture;
      const depthKm = entry.depth / 1000;
      const topDepthKm = topDepth === undefined ? defaultTopDepthKm(depthKm, width / 1000, dip) : topDepth / 1000;
      const problem = ruptureProblem({ strikeDeg: strike, dipDeg: dip, lengthKm: length / 1000, widthKm: width / 1000, topDepthKm }, depthKm);
      if (problem) {
        addIssue({ message: `rupture: ${problem}` });
        return NEVER;
      }
      rupture = { strikeDeg: strike, dipDeg: dip, lengthM: length, widthM: width, topDepthM: topDepthKm * 1000 };
    }
    return {
      type: 'earthquake',
      declaredType: 'earthquake',
      name: entry.name,
      timestamp: entry.timestamp,
      origin: entry.origin,
      depthM: entry.depth,
      magnitude: entry.magnitude,
      ...(entry.ground_motion_model ? { groundMotionModel: entry.ground_motion_model } : {}),
      vs30Ms,
      ...(entry.vs30_grid
        ? {
            vs30Grid: {
              lonMin: entry.vs30_grid.longitude_min,
              latMax: entry.vs30_grid.latitude_max,
              lonStep: entry.vs30_grid.longitude_step,
              latStep: entry.vs30_grid.latitude_step,
              nlon: entry.vs30_grid.columns,
              nlat: entry.vs30_grid.rows,
              values: entry.vs30_grid.values,
            },
          }
        : {}),
      ...(entry.rake === undefined ? {} : { rakeDeg: entry.rake }),
      ...(rupture ? { rupture } : {}),
    };
  }),
);

/** ERAD's chain (earthquake/eradV1.ts): PGA and PGV only. */
function computeEradV1(model: EarthquakeSourceHazard, sites: PreparedSites, out: QuantityViews): void {
  const pga = out.pga!;
  const pgv = out.pgv!;
  const epicentralM = sites.scratch;
  distancesFromPointM(model.origin.latitude, model.origin.longitude, sites.points, epicentralM);
  const depthKm = model.depthM / 1000;
  for (let i = 0; i < sites.sites.count; i++) {
    const mmi = mmiFromMagnitude(model.magnitude, hypocentralDistanceKm(depthKm, epicentralM[i] / 1000));
    // %g → m/s²: /100 · g. cm/s → m/s: /100.
    const pgaMs2 = (pgaPercentGFromMmi(mmi) / 100) * STANDARD_GRAVITY_MS2;
    const pgvMs = pgvCmsFromMmi(mmi) / 100;
    if (!(pga[i] >= pgaMs2)) pga[i] = pgaMs2;
    if (!(pgv[i] >= pgvMs)) pgv[i] = pgvMs;
  }
}

/** What the warnings count: the sites a run judges, which with the default physics are a line's spans and structures one by one (docs/physics.md). */
const ONE_SITE = 'site (an asset, or a span or structure of a line)';
const SITES = 'sites (assets, or spans and structures of lines)';

function computeSource(
  model: EarthquakeSourceHazard,
  sites: PreparedSites,
  out: QuantityViews,
  warn: (warning: HazardWarning) => void,
  context: ComputeContext,
): void {
  const gmm = resolveGroundMotionModel(model, context.physics);
  if (gmm === 'ERAD_V1') return computeEradV1(model, sites, out);
  const { shaking, outsideVs30Grid, outsideRange } = sourceShaking(model, gmm, sites.sites.latitude, sites.sites.longitude, sites.points);
  for (const warning of applicabilityWarnings(modelLabel(model), gmm, model.magnitude, outsideRange, { one: ONE_SITE, many: SITES })) warn(warning);
  if (outsideVs30Grid > 0) {
    const used = `outside vs30_grid; vs30 ${model.vs30Ms} m/s used there`;
    warn({ count: outsideVs30Grid, one: `${modelLabel(model)}: {count} ${ONE_SITE} lies ${used}`, many: `${modelLabel(model)}: {count} ${SITES} lie ${used}` });
  }
  for (const [quantityName, motion] of Object.entries(shaking)) {
    const target = out[quantityName];
    const deviation = context.lnStandardDeviations[quantityName];
    const betweenEvent = context.lnBetweenEventDeviations?.[quantityName];
    if (!target) continue;
    for (let i = 0; i < motion.median.length; i++) {
      if (target[i] >= motion.median[i]) continue;
      target[i] = motion.median[i];
      if (deviation) deviation[i] = motion.sigma[i];
      if (betweenEvent) betweenEvent[i] = motion.tau[i];
    }
  }
}

function computeShakeMap(
  model: ShakeMapHazard,
  sites: PreparedSites,
  out: QuantityViews,
  warn: (warning: HazardWarning) => void,
  context: ComputeContext,
): void {
  const outside = interpolateShakeMap(model, sites.sites.latitude, sites.sites.longitude, out, context.lnStandardDeviations, context.lnBetweenEventDeviations);
  if (outside > 0) {
    warn({
      count: outside,
      one: `${modelLabel(model)}: {count} ${ONE_SITE} lies outside the ShakeMap grid and gets no shaking from it`,
      many: `${modelLabel(model)}: {count} ${SITES} lie outside the ShakeMap grid and get no shaking from it`,
    });
  }
}

export const earthquake: HazardDescriptor<EarthquakeHazard> = {
  type: 'earthquake',
  entries: [
    {
      type: 'earthquake',
      title: 'Earthquake Model',
      schema: EarthquakeModel,
      erad: { className: 'EarthQuakeModel', fields: ['depth', 'magnitude'], points: ['origin'] },
    },
    {
      type: 'shakemap',
      title: 'USGS ShakeMap grid',
      schema: ShakeMapModel,
      unlisted: true,
      readAs: 'its grids interpolated at the assets; written by a grid.xml upload',
    },
  ],
  requires: [],
  defaultCurves: EARTHQUAKE_DEFAULT_CURVES,
  footprint: (model) =>
    model.declaredType === 'shakemap'
      ? {
          counts: { earthquake: 1 },
          boxes: [
            [
              model.grid.lonMin,
              model.grid.latMax - (model.grid.nlat - 1) * model.grid.latStep,
              model.grid.lonMin + (model.grid.nlon - 1) * model.grid.lonStep,
              model.grid.latMax,
            ],
          ],
        }
      : { counts: { earthquake: 1 }, boxes: [pointBox(model.origin)] },
  approach: (model, sites) => pointApproach(model.declaredType === 'shakemap' ? model.event : model.origin, sites, 'the epicentre'),
  compute(model, sites, out, warn, context) {
    if (model.declaredType === 'shakemap') computeShakeMap(model, sites, out, warn, context);
    else computeSource(model, sites, out, warn, context);
  },
};
