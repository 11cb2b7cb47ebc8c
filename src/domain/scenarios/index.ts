/** The scenario engine: Monte Carlo outage scenarios from survival probabilities, written as a ZIP. */
export type { ScenarioInput, ScenarioOptions, ScenarioRunSummary, ScenarioRecord, EditRecord, SampleSurvival, SampleSurvivalPlugin } from './types.js';
export { writeScenarioZip } from './zipWriter.js';
export { writeScenarioParquet, PARQUET_METADATA_KEY } from './parquetWriter.js';
export {
  writeScenarioShard,
  parseShardSpec,
  shardSamples,
  SCENARIO_FORMATS,
  SHARD_EXTENSION,
  type ScenarioFormat,
  type ShardSpec,
  type ShardSummary,
} from './shard.js';
export { mergeScenarioShards, type MergeOptions } from './merge.js';
export { validateScenarioOptions, DEFAULT_RECORD_LIMIT, type SamplingMethod } from './options.js';
export { validateScenarioInput } from './input.js';
export { sampleGenerator, sampleStream, RNG_DESCRIPTION, type UniformGenerator } from './rng.js';
export type { Sampler } from './sampler.js';
export { peakSampler } from './peak.js';
export { sequentialSampler } from './sequential.js';
export { drawFirstCrossing, firstCrossingSampler } from './firstCrossing.js';
export { RecordBuilder, scenarioName } from './records.js';
export { TIME_SERIES_HEADER, timeSeriesCsv, accumulateFailures } from './timeSeries.js';
export { DEFAULT_MAX_SAMPLES, SampleCount, SamplingMethod as SamplingMethodSchema, Seed } from './schema.js';
export { TrackedChangesDocument, TrackedChange, TrackedChangeEdit, TrackedChangesMetadata, trackedChangesJsonSchema } from './schema.js';
