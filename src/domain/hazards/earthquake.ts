import * as v from 'valibot';
import { distancesFromPointM } from '../../base/geodesy/batch.js';
import { Name, plainNumber, Point, quantity, Timestamp } from './_schema.js';
import { STANDARD_GRAVITY_MS2 } from './_units.js';
import { mergeMax, pointBox, type HazardDescriptor } from './descriptor.js';
import type { EarthquakeHazard } from './types.js';

/**
 * Earthquake shaking from magnitude and hypocentral distance, with the intensity
 * relations ERAD cites (Atkinson & Wald 2007, "Did You Feel It?" intensities; docs/input-hazard.md):
 * MMI = 3.31 + 1.28·M − 1.42·log10(R), PGV [cm/s] = 10^((MMI − 3.78)/1.47),
 * PGA [%g] = 10^((MMI − 1.78)/3.70). No site amplification, no clamping of MMI.
 */

/** Hypocentres closer than this are taken at this distance, km (log10 R would diverge at 0). */
export const MIN_HYPOCENTRAL_DISTANCE_KM = 1;

/** R = √(depth² + epicentral²) in km, at least MIN_HYPOCENTRAL_DISTANCE_KM. */
export function hypocentralDistanceKm(depthKm: number, epicentralKm: number): number {
  return Math.max(MIN_HYPOCENTRAL_DISTANCE_KM, Math.sqrt(depthKm * depthKm + epicentralKm * epicentralKm));
}

/** Modified Mercalli intensity from moment magnitude and hypocentral distance [km]. */
export function mmiFromMagnitude(magnitude: number, hypocentralKm: number): number {
  return 3.31 + 1.28 * magnitude - 1.42 * Math.log10(hypocentralKm);
}

/** Peak ground velocity [cm/s] from MMI. */
export function pgvCmsFromMmi(mmi: number): number {
  return 10 ** ((mmi - 3.78) / 1.47);
}

/** Peak ground acceleration [% of g] from MMI. */
export function pgaPercentGFromMmi(mmi: number): number {
  return 10 ** ((mmi - 1.78) / 3.7);
}

export const EarthquakeModel = v.pipe(
  v.strictObject({
    type: v.literal('earthquake'),
    name: Name,
    timestamp: Timestamp,
    origin: Point,
    depth: quantity('length', { min: 0 }),
    magnitude: plainNumber('magnitude', { min: 0 }),
  }),
  v.transform((entry): EarthquakeHazard => ({
    type: 'earthquake',
    declaredType: 'earthquake',
    name: entry.name,
    timestamp: entry.timestamp,
    origin: entry.origin,
    depthM: entry.depth,
    magnitude: entry.magnitude,
  })),
);

export const earthquake: HazardDescriptor<EarthquakeHazard> = {
  type: 'earthquake',
  entries: [
    {
      type: 'earthquake',
      title: 'Earthquake Model',
      schema: EarthquakeModel,
      erad: { className: 'EarthQuakeModel', fields: ['depth', 'magnitude'], points: ['origin'] },
    },
  ],
  requires: [],
  footprint: (model) => ({ counts: { earthquake: 1 }, boxes: [pointBox(model.origin)] }),
  compute(model, sites, out) {
    const pga = out.pga!;
    const pgv = out.pgv!;
    const epicentralM = sites.scratch;
    distancesFromPointM(model.origin.latitude, model.origin.longitude, sites.points, epicentralM);
    const depthKm = model.depthM / 1000;
    for (let i = 0; i < sites.sites.count; i++) {
      const mmi = mmiFromMagnitude(model.magnitude, hypocentralDistanceKm(depthKm, epicentralM[i] / 1000));
      // %g → m/s²: /100 · g. cm/s → m/s: /100.
      mergeMax(pga, i, (pgaPercentGFromMmi(mmi) / 100) * STANDARD_GRAVITY_MS2);
      mergeMax(pgv, i, pgvCmsFromMmi(mmi) / 100);
    }
  },
};
