// The exact covariance of the Vecchia sampler: the field is linear in its innovations,
// f = A·ε, so Cov(f) = A·Aᵀ, where column i of A is the field drawn with ε = e_i.
import { sampleCorrelatedField, type VecchiaFactor } from '../../../src/domain/hazards/earthquake/correlation/index.js';

export function impliedCovariance(factor: VecchiaFactor): Float64Array {
  const n = factor.graph.siteCount;
  const covariance = new Float64Array(n * n);
  const column = new Float64Array(n);
  for (let innovation = 0; innovation < factor.graph.locationCount; innovation++) {
    let drawn = 0;
    sampleCorrelatedField(factor, () => (drawn++ === innovation ? 1 : 0), column);
    for (let a = 0; a < n; a++) {
      const value = column[a];
      if (value === 0) continue;
      for (let b = 0; b < n; b++) covariance[a * n + b] += value * column[b];
    }
  }
  return covariance;
}
