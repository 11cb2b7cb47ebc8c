/**
 * Ground-motion samples from a median prediction and the two residual terms of a GMPE:
 *
 *   ln IM_s = ln median_s + τ_s·η + φ_s·ε_s
 *
 * η ~ N(0, 1) is the between-event (inter-event) residual, one per sample and shared by all
 * sites; ε is the within-event (intra-event) field, N(0, 1) at each site and spatially correlated
 * (sampleCorrelatedField). τ and φ are the GMPE's between- and within-event standard deviations
 * in natural-log units, either one value for all sites or one per site (φ often depends on Vs30
 * and distance). ln median must be the log of the median in the units wanted (e.g. m/s²).
 */

/** Writes ln IM for every site into `outLnIm`. */
export function combineGroundMotionSample(
  lnMedian: Float64Array,
  tau: number | Float64Array,
  phi: number | Float64Array,
  betweenEventNormal: number,
  withinEventField: Float64Array,
  outLnIm: Float64Array,
): Float64Array {
  const count = lnMedian.length;
  for (const [name, array] of [
    ['within-event field', withinEventField],
    ['output', outLnIm],
    ['tau', tau],
    ['phi', phi],
  ] as const) {
    if (typeof array !== 'number' && array.length !== count) throw new RangeError(`${name} has ${array.length} entries for ${count} sites`);
  }
  if (typeof tau === 'number' && typeof phi === 'number') {
    const shift = tau * betweenEventNormal;
    for (let site = 0; site < count; site++) outLnIm[site] = lnMedian[site] + shift + phi * withinEventField[site];
    return outLnIm;
  }
  for (let site = 0; site < count; site++) {
    const siteTau = typeof tau === 'number' ? tau : tau[site];
    const sitePhi = typeof phi === 'number' ? phi : phi[site];
    outLnIm[site] = lnMedian[site] + siteTau * betweenEventNormal + sitePhi * withinEventField[site];
  }
  return outLnIm;
}
