/**
 * Sampling of a spatially correlated standard-normal field from a Vecchia factor:
 * z_p = Σ_j w_pj z_{N(p)_j} + d_p ε_p in sampling order, then gathered to the caller's site order.
 *
 * A pure function of (factor, normal source): it consumes exactly one normal per distinct
 * location, in sampling order, and keeps no state between calls. Seeding each Monte Carlo sample
 * with its own stream (seedrandom.alea(`${seed}:${i}`)) therefore gives the same field for sample
 * i whichever worker draws it. O(N k) per field.
 */
import type { NormalSource } from './standardNormal.js';
import type { VecchiaFactor } from './vecchiaFactor.js';

/**
 * Fills `out` (one entry per input site) with a correlated N(0, 1) field. `workspace` (one entry
 * per distinct location) may be passed to avoid an allocation per sample.
 */
export function sampleCorrelatedField(
  factor: VecchiaFactor,
  nextNormal: NormalSource,
  out: Float64Array,
  workspace = new Float64Array(factor.graph.locationCount),
): Float64Array {
  const { neighbourStart, neighbours, positionOfSite, locationCount, siteCount } = factor.graph;
  if (out.length !== siteCount) throw new RangeError(`output has ${out.length} entries for ${siteCount} sites`);
  if (workspace.length < locationCount) throw new RangeError(`workspace has ${workspace.length} entries for ${locationCount} locations`);
  const { weights, conditionalStd } = factor;
  for (let position = 0; position < locationCount; position++) {
    let conditionalMean = 0;
    const end = neighbourStart[position + 1];
    for (let edge = neighbourStart[position]; edge < end; edge++) conditionalMean += weights[edge] * workspace[neighbours[edge]];
    workspace[position] = conditionalMean + conditionalStd[position] * nextNormal();
  }
  for (let site = 0; site < siteCount; site++) out[site] = workspace[positionOfSite[site]];
  return out;
}
