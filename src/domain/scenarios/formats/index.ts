/**
 * The scenario file formats, one entry each: how a run's file is named and served, and its
 * writers, for a run sampled here and for one replayed from shards (docs/scenarios-zip.md,
 * docs/scenarios-parquet.md). The interfaces derive their format choices from this table:
 * the CLI's --format, the request field `format` of REST, jobs and MCP (src/app/contract/schemas.ts),
 * the file names and the REST content type.
 */
import type { RunDescription } from '../run.js';
import type { ScenarioInput, ScenarioOptions, ScenarioRunSummary } from '../types.js';
import { writeParquetFromSamples, writeScenarioParquet } from './scenarioParquet/writer.js';
import { writeScenarioZip, writeZipFromSamples, type SampleSource } from './scenarioZip/writer.js';

export interface ScenarioFileFormat {
  /** File name extension, without the dot. */
  extension: string;
  /** The media type a download of the file carries. */
  contentType: string;
  /** One line for help texts. */
  description: string;
  /**
   * The file holds tracked_changes.json records: restoration edits can go in it, and records
   * can be paged from it (MCP get_scenario_records). A Parquet file holds one row per failure.
   */
  tracksChanges: boolean;
  /** The writer takes failures as numbers (ChunkTask.failures) rather than records. */
  failuresAsNumbers: boolean;
  write(input: ScenarioInput, options: ScenarioOptions, outputPath: string): Promise<ScenarioRunSummary>;
  writeFromSamples(run: RunDescription, source: SampleSource, outputPath: string): Promise<ScenarioRunSummary>;
}

export const SCENARIO_FILE_FORMATS = {
  zip: {
    extension: 'zip',
    contentType: 'application/zip',
    description: 'tracked_changes.json + time_series/ (default)',
    tracksChanges: true,
    failuresAsNumbers: false,
    write: writeScenarioZip,
    writeFromSamples: writeZipFromSamples,
  },
  parquet: {
    extension: 'parquet',
    // Registered with IANA in 2024 (application/vnd.apache.parquet).
    contentType: 'application/vnd.apache.parquet',
    description: 'one row per failed asset and sample',
    tracksChanges: false,
    failuresAsNumbers: true,
    write: writeScenarioParquet,
    writeFromSamples: writeParquetFromSamples,
  },
} as const satisfies Record<string, ScenarioFileFormat>;

/** The output formats of a scenario run, the default first. */
export type ScenarioFormat = keyof typeof SCENARIO_FILE_FORMATS;
export const SCENARIO_FORMATS = Object.keys(SCENARIO_FILE_FORMATS) as ScenarioFormat[];
