export { resolveUnit, sameDimension, type DimensionExponents, type Unit } from './parse.js';
export { dimensionOf, describeDimension, type DimensionName } from './dimensions.js';
export { readScalarQuantity, dimensionProblem, convert, toSI, type ScalarQuantity } from './quantity.js';
