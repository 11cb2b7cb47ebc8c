/** The scenario engine: Monte Carlo outage scenarios from survival probabilities, written as a ZIP. */
export type { ScenarioInput, ScenarioOptions, ScenarioRunSummary, ScenarioRecord, EditRecord, SampleSurvival, SampleSurvivalPlugin } from './types.js';
export { writeScenarioZip } from './formats/scenarioZip/writer.js';
export { SCENARIO_FILE_FORMATS, SCENARIO_FORMATS, type ScenarioFileFormat, type ScenarioFormat } from './formats/index.js';
export { writeScenarioParquet, PARQUET_METADATA_KEY } from './formats/scenarioParquet/writer.js';
export {
  writeScenarioShard,
  parseShardSpec,
  shardSamples,
  SHARD_EXTENSION,
  SHARD_MAGIC,
  type ShardSpec,
  type ShardSummary,
} from './formats/scenarioShard/shard.js';
export { mergeScenarioShards, writeShardSamplesZip, checkShardSet, type MergeOptions, type RunDifference, type ShardPart } from './merge.js';
export { validateScenarioOptions, DEFAULT_RECORD_LIMIT, type SamplingMethod } from './options.js';
export { validateScenarioInput } from './input.js';
export { sampleGenerator, sampleStream, RNG_DESCRIPTION, type UniformGenerator } from './rng.js';
export type { Sampler } from './sampler.js';
export { onThisThread, type ChunkRunner, type ChunkRunnerFactory, type SamplingJob } from './runner.js';
export { peakSampler } from './peak.js';
export { sequentialSampler } from './sequential.js';
export { drawFirstCrossing, firstCrossingSampler } from './firstCrossing.js';
export { RecordBuilder, scenarioName } from './records.js';
export { TIME_SERIES_HEADER, timeSeriesCsv, accumulateFailures } from './timeSeries.js';
export { DEFAULT_MAX_SAMPLES, SampleCount, SamplingMethod as SamplingMethodSchema, Seed } from './schema.js';
export { TrackedChangesDocument, TrackedChange, TrackedChangeEdit, TrackedChangesMetadata, trackedChangesJsonSchema } from './schema.js';
export {
  drawDamage,
  positiveNormal,
  DAMAGE_CSV_HEADER,
  type DamageModel,
  type DamageClass,
  type DamageDraws,
  type FailureDamage,
  type RepairDistribution,
} from './damage.js';
export { damageGenerator, DAMAGE_RNG_DERIVATION } from './rng.js';
export { restoredAt, serviceRecords, type ServiceEdit } from './restoration.js';
export { ENTRY_OPTIONS as SCENARIO_ZIP_ENTRY_OPTIONS } from './formats/scenarioZip/writer.js';
export { DOCUMENT_OPENING, RECORD_SEPARATOR, documentClosing } from './trackedChanges.js';
