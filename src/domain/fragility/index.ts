export type { CompiledCurve, CompiledCurveSet, CurveEntry, CurveSet, CurveSpec } from './types.js';
export { DEFAULT_CURVES, DEFAULT_CURVES_TABLE, DEFAULT_FIRE_MAX_PROBABILITY } from './defaultCurves.js';
export { ERAD_V1_CURVES, ERAD_V1_CURVES_TABLE } from './eradV1Curves.js';
export { checkCurveSet, readCurveSet, validateCurveSet } from './curveSet.js';
export { assertCurvesCover, compileCurveSet, curveFor, curveForType } from './compile.js';
export { survivalAt, survivalInto } from './survival.js';
export { erfc, standardNormalCdf, standardNormalSurvival } from './normalCdf.js';
