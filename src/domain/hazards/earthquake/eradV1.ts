/**
 * ERAD's earthquake chain, kept exactly for users who must reproduce ERAD's numbers
 * (`ground_motion_model: "ERAD_V1"`, or the `erad_v1` physics profile; docs/input-hazard.md):
 * MMI = 3.31 + 1.28·M − 1.42·log10(R) from magnitude and hypocentral distance, then
 * PGV [cm/s] = 10^((MMI − 3.78)/1.47) and PGA [%g] = 10^((MMI − 1.78)/3.70). ERAD cites
 * Atkinson & Wald (2007) for it, but the first relation is not theirs and the other two are
 * Worden et al. (2012) inversions applied outside their form (no bilinear break, no clamping):
 * results are orders of magnitude too high (docs/gmpe.md). No site term, no variability.
 */

/** Hypocentres closer than this are taken at this distance, km (log10 R would diverge at 0). */
export const MIN_HYPOCENTRAL_DISTANCE_KM = 1;

/** R = √(depth² + epicentral²) in km, at least MIN_HYPOCENTRAL_DISTANCE_KM. */
export function hypocentralDistanceKm(depthKm: number, epicentralKm: number): number {
  return Math.max(MIN_HYPOCENTRAL_DISTANCE_KM, Math.sqrt(depthKm * depthKm + epicentralKm * epicentralKm));
}

/** Modified Mercalli intensity from moment magnitude and hypocentral distance [km], as ERAD computes it. */
export function mmiFromMagnitude(magnitude: number, hypocentralKm: number): number {
  return 3.31 + 1.28 * magnitude - 1.42 * Math.log10(hypocentralKm);
}

/** Peak ground velocity [cm/s] from MMI, as ERAD computes it. */
export function pgvCmsFromMmi(mmi: number): number {
  return 10 ** ((mmi - 3.78) / 1.47);
}

/** Peak ground acceleration [% of g] from MMI, as ERAD computes it. */
export function pgaPercentGFromMmi(mmi: number): number {
  return 10 ** ((mmi - 1.78) / 3.7);
}
