/** The scenario file formats and shard specification, for the interfaces (commands/ reach the domain through src/app). */
export { parseShardSpec, SCENARIO_FILE_FORMATS, SCENARIO_FORMATS, type ScenarioFormat, type ShardSpec } from '../../domain/scenarios/index.js';
