export type {
  CompiledCurve,
  CompiledCurveSet,
  CompiledFragility,
  CurveEntry,
  CurveSet,
  CurveConfidence,
  CurveSetV1,
  CurveSpec,
  FragilityCurveSpec,
  LimitStateSpec,
  RepairTimeSpec,
} from './types.js';
export { DEFAULT_CURVES, defaultCurvesIssues, HAZUS_EARTHQUAKE_CLASSES, notVulnerableNote } from './defaultCurves.js';
export { LEGACY_DEFAULT_CURVES, LEGACY_DEFAULT_CURVES_TABLE, LEGACY_FIRE_MAX_PROBABILITY } from './legacyDefaultCurves.js';
export { ERAD_V1_CURVES, ERAD_V1_CURVES_TABLE } from './eradV1Curves.js';
export { checkCurveSet, readCurveSet, validateCurveSet } from './curveSet.js';
export { assertCurvesCover, compileCurveSet, curveFor, curveForType, fragilityFor } from './compile.js';
export { compileFragility, damageStateProbabilitiesAt, limitStateCurveSpec } from './limitStates.js';
export { survivalAt, survivalInto } from './survival.js';
export { lognormalSurvival } from './lognormal.js';
export { erfc, standardNormalCdf, standardNormalSurvival } from './normalCdf.js';
export { importSimCenterFragility, parseImportMap, type SimCenterImport } from './simcenter.js';
export { plotCurveSetSvg } from './plot.js';
export { CURVE_CONFIDENCES, REPORTED_CONFIDENCES, reportedConfidence, weakerConfidence, withReportedConfidence } from './confidence.js';
