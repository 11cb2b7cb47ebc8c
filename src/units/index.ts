export { BASE_DIMENSIONS, PREFIXES, UNIT_DEFINITIONS } from './definitions.js';
export { resolveUnit, sameDimension, DIMENSIONLESS, type Dimension, type Unit } from './parse.js';
export { NAMED_DIMENSIONS, dimensionOf, describeDimension, type DimensionName } from './dimensions.js';
export { splitQuantityText, readScalarQuantity, dimensionProblem, convert, toSI, type ScalarQuantity } from './quantity.js';
