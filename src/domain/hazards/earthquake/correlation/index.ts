/** Spatially correlated within-event ground-motion residuals (public API of this folder). */
export { jb2009Correlation, jb2009CorrelationMatrix, jb2009Range, jb2009RangeForPeriod, PGV_PROXY_PERIOD_S, type CorrelatedMeasure } from './jb2009.js';
export { EARTH_RADIUS_KM, greatCircleDistanceKm } from './sphere.js';
export { buildVecchiaGraph, type VecchiaGraph } from './vecchiaGraph.js';
export { factorVecchia, type VecchiaFactor } from './vecchiaFactor.js';
export { createStandardNormalSource, type NormalSource, type UniformSource } from './standardNormal.js';
export { sampleCorrelatedField } from './fieldSampler.js';
export { combineGroundMotionSample } from './groundMotion.js';
export { bakerJayaram2008, bradley2012PgvSa, crossMeasureCorrelation, crossMeasureFactor, BRADLEY_2012_PGV_PGA, PGA_PERIOD_S } from './crossMeasure.js';
