/** The spec's model operations (docs/specification.md §2.6) as library functions over read models. */
export { kronReduceEquipment, kronReduceBranch } from './kronReduce.js';
export { toMatrixRepresentation, geometryBranchToMatrix, type CarsonOptions } from './carson.js';
export { aggregatePhaseLoads, splitPhaseLoad, aggregateSolar } from './aggregate.js';
