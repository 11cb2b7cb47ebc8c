/**
 * OpenDSS feeder models (docs/input-distribution.md, "OpenDSS models"): a hand-written lexer
 * and script runner read the model's topology and attributes (no power flow is solved), and
 * a converter writes them as a distribution model in the nested form the GDM reader checks.
 */
export { runScript, type ScriptFiles, type ScriptResult } from './script.js';
export type { Circuit, DssObject, ScriptWarning } from './circuit.js';
export { readOpenDssModel, reportWarnings, type OpenDssModel, type OpenDssReport } from './convert.js';
export { COORDINATE_UNITS, projectionOf, type CoordinateOptions } from './coordinates.js';
export { looksLikeOpenDss } from './detect.js';
