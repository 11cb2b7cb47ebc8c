/**
 * The documented ranges of the ground-motion models (docs/gmpe.md, "Applicability"), and the
 * sites of a run that lie outside them: a model evaluated there is extrapolated, which the run
 * says in its warnings (docs/input-hazard.md) rather than silently.
 */
import type { GroundMotionModelId } from './gmpe/index.js';

/** A model's range: magnitude, the distance it is defined over (its own metric) and Vs30. */
export interface ApplicabilityRange {
  magnitude: readonly [number, number];
  distance: { metric: 'rjb' | 'rrup'; maxKm: number };
  vs30Ms: readonly [number, number];
}

/**
 * From the papers, as docs/gmpe.md states them: BSSA14 (Boore et al. 2014) M 3–8.5 (strike-slip and
 * reverse), R_JB ≤ 400 km, Vs30 150–1500 m/s; ASK14 (Abrahamson et al. 2014) M 3–8.5, Rrup ≤ 300 km,
 * Vs30 180–1000 m/s; AB06 (Atkinson & Boore 2006) M 3.5–8, Rrup ≤ 1000 km, with BA08 site factors
 * (Vs30 about 180–1300 m/s).
 */
export const APPLICABILITY: Readonly<Record<GroundMotionModelId, ApplicabilityRange>> = {
  BSSA14: { magnitude: [3, 8.5], distance: { metric: 'rjb', maxKm: 400 }, vs30Ms: [150, 1500] },
  ASK14: { magnitude: [3, 8.5], distance: { metric: 'rrup', maxKm: 300 }, vs30Ms: [180, 1000] },
  AB06: { magnitude: [3.5, 8], distance: { metric: 'rrup', maxKm: 1000 }, vs30Ms: [180, 1300] },
};

/** Sites outside the range, by what is outside: every site when the magnitude is. */
export function outsideRange(
  range: ApplicabilityRange,
  magnitude: number,
  distanceKm: Float64Array,
  vs30Ms: Float64Array,
): { magnitude: number; distance: number; vs30: number } {
  let distance = 0;
  let vs30 = 0;
  for (let i = 0; i < distanceKm.length; i++) {
    if (distanceKm[i] > range.distance.maxKm) distance++;
    if (vs30Ms[i] < range.vs30Ms[0] || vs30Ms[i] > range.vs30Ms[1]) vs30++;
  }
  const outside = magnitude < range.magnitude[0] || magnitude > range.magnitude[1];
  return { magnitude: outside ? distanceKm.length : 0, distance, vs30 };
}

/** The warnings of a model's sites outside its range, naming the model and the range; `label` names the hazard model. */
export function applicabilityWarnings(
  label: string,
  model: GroundMotionModelId,
  magnitude: number,
  outside: { magnitude: number; distance: number; vs30: number },
  sites: { one: string; many: string },
): { count: number; one: string; many: string }[] {
  const range = APPLICABILITY[model];
  const warning = (count: number, what: string) => ({
    count,
    one: `${label}: {count} ${sites.one} lies outside ${model}'s documented ${what}; the model is extrapolated there`,
    many: `${label}: {count} ${sites.many} lie outside ${model}'s documented ${what}; the model is extrapolated there`,
  });
  const warnings = [];
  if (outside.magnitude > 0) warnings.push(warning(outside.magnitude, `magnitude range M ${range.magnitude[0]}–${range.magnitude[1]} (M ${magnitude})`));
  if (outside.distance > 0)
    warnings.push(warning(outside.distance, `distance range (${range.distance.metric === 'rjb' ? 'R_JB' : 'Rrup'} ≤ ${range.distance.maxKm} km)`));
  if (outside.vs30 > 0) warnings.push(warning(outside.vs30, `Vs30 range ${range.vs30Ms[0]}–${range.vs30Ms[1]} m/s`));
  return warnings;
}
