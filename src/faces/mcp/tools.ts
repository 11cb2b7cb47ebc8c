/**
 * The one table of hazsim's MCP tools (spec §4.2). Each entry keeps its metadata, its
 * valibot input and output schemas and a `run` that makes one service call; the server
 * converts, validates and maps errors for all of them in one place.
 */
import * as v from 'valibot';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  CacheInfo,
  CacheRefreshResult,
  DistributionModelListing,
  DistributionModelSummary,
  HazardModelListing,
  HazardModelSummary,
  ModelName,
  ReportRequest,
  ReportToolResult,
  ScenarioRequest,
  ScenarioToolResult,
  SimulationRequest,
  SimulationToolResult,
  TrackUploadFields,
  trackUploadOptions,
  UploadResponse,
} from '../../app/schemas.js';
import type { HazsimService } from '../../app/service.js';

/** generate_scenarios returns at most this many records; the ZIP holds them all. */
export const MAX_MCP_SCENARIO_RECORDS = 1000;

export interface ToolDefinition<TInput extends v.GenericSchema = v.GenericSchema, TOutput extends v.GenericSchema = v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  input: TInput;
  output: TOutput;
  annotations: ToolAnnotations;
  run(service: HazsimService, args: v.InferOutput<TInput>): Promise<unknown> | unknown;
}

/** Keeps each entry's `run` typed by its own input schema. */
function tool<TInput extends v.GenericSchema, TOutput extends v.GenericSchema>(definition: ToolDefinition<TInput, TOutput>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

const NoArguments = v.strictObject({});
const ModelNameArgument = v.strictObject({
  model_name: v.pipe(ModelName, v.description('name of a cached model')),
});

const StormTrackUpload = v.strictObject({
  track_text: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.description('the best-track file content: HURDAT2, IBTrACS CSV or ATCF b-deck')),
  name: v.pipe(ModelName, v.description('name to store the hazard model under')),
  description: v.pipe(v.optional(v.string()), v.description('free text (default: empty)')),
  overwrite: v.pipe(v.optional(v.boolean()), v.description('replace a hazard model of the same name (default false)')),
  ...TrackUploadFields,
});

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Writes a new result file on the server and changes nothing else. */
const WRITES_RESULT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

export const TOOLS: readonly ToolDefinition[] = [
  tool({
    name: 'run_simulation',
    title: 'Run hazard simulation',
    description:
      'Computes the survival probability of every asset of a cached distribution model under a cached hazard model with a fragility curve set, writes the results to a SQLite database on the server and returns its path with asset and hazard counts, the timestamps simulated, survival statistics and the assets least likely to survive.',
    input: SimulationRequest,
    output: SimulationToolResult,
    annotations: WRITES_RESULT,
    run: async (service, args) => {
      const { filePath, summary } = await service.simulate(args, { inResultsDir: true });
      return { status: 'success', message: 'Simulation completed successfully', ...summary, file_path: filePath };
    },
  }),
  tool({
    name: 'generate_scenarios',
    title: 'Generate outage scenarios',
    description: `Draws reproducible Monte Carlo outage scenarios (which assets go out of service, and when) for a cached distribution model under a cached hazard model, writes them to a ZIP on the server and returns the scenario records. At most the first ${MAX_MCP_SCENARIO_RECORDS} records are returned (truncated: true when there are more); the ZIP holds them all.`,
    input: ScenarioRequest,
    output: ScenarioToolResult,
    annotations: WRITES_RESULT,
    run: async (service, args) => {
      const { filePath, summary } = await service.generateScenarios(args, { inResultsDir: true, recordLimit: MAX_MCP_SCENARIO_RECORDS });
      const { records, failures_per_sample: _perSample, zip_bytes: _bytes, ...figures } = summary;
      return { status: 'success', message: 'Scenarios generated successfully', ...figures, scenarios: records, file_path: filePath };
    },
  }),
  tool({
    name: 'generate_report',
    title: 'Write an HTML report',
    description:
      "Runs the simulation (and, when number_of_samples is given, the scenarios) for a cached distribution model and hazard model, and writes one self-contained HTML page on the server: a map of the feeder coloured by failure probability over time with the hazard footprint, the expected failures over time, failures per sample, the fragility curves used and the run's provenance. Returns the file path; the page opens from disk with no network.",
    input: ReportRequest,
    output: ReportToolResult,
    annotations: WRITES_RESULT,
    run: async (service, args) => {
      const { filePath, summary } = await service.generateReport(args, { inResultsDir: true });
      return { status: 'success', message: 'Report written successfully', file_path: filePath, ...summary };
    },
  }),
  tool({
    name: 'list_cached_models',
    title: 'List distribution models',
    description: 'Lists the cached distribution models with their name, description, creation time and stored file path.',
    input: NoArguments,
    output: DistributionModelListing,
    annotations: READ_ONLY,
    run: async (service) => {
      const models = await service.listModels('distribution');
      return { models, total_count: models.length };
    },
  }),
  tool({
    name: 'get_model_info',
    title: 'Describe a distribution model',
    description: 'Describes a cached distribution model: its record, stored file size, top-level keys and the number of components of each type.',
    input: ModelNameArgument,
    output: DistributionModelSummary,
    annotations: READ_ONLY,
    run: (service, args) => service.modelSummary('distribution', args.model_name),
  }),
  tool({
    name: 'refresh_cache',
    title: 'Refresh the model cache',
    description:
      'Rescans both cache directories: files added by hand are listed, records whose file vanished are dropped, files that cannot be models are reported. Returns the models now cached and what changed in each store.',
    input: NoArguments,
    output: CacheRefreshResult,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: (service) => service.refreshCache(),
  }),
  tool({
    name: 'get_cache_info',
    title: 'Cache statistics',
    description: 'Reports where the cache is and how many models, files and bytes it holds, in total and per store.',
    input: NoArguments,
    output: CacheInfo,
    annotations: READ_ONLY,
    run: (service) => service.cacheInfo(),
  }),
  tool({
    name: 'list_cached_hazard_models',
    title: 'List hazard models',
    description: 'Lists the cached hazard models with their name, description and creation time.',
    input: NoArguments,
    output: HazardModelListing,
    annotations: READ_ONLY,
    run: async (service) => {
      const models = await service.listModels('hazard');
      return { total_models: models.length, models: models.map(({ name, description, created_at }) => ({ name, description, created_at })) };
    },
  }),
  tool({
    name: 'get_hazard_model_info',
    title: 'Describe a hazard model',
    description:
      'Describes a cached hazard model: its record, stored file size, top-level keys, the number of hazard models (of each hazard type) and its timestamps.',
    input: ModelNameArgument,
    output: HazardModelSummary,
    annotations: READ_ONLY,
    run: (service, args) => service.modelSummary('hazard', args.model_name),
  }),
  tool({
    name: 'upload_storm_track',
    title: 'Store a hurricane from a best track',
    description:
      'Reads a best track (NHC HURDAT2, IBTrACS CSV or ATCF b-deck, given as text), picks the storm by id or name and an optional time window, and stores it as a hazard model of wind models every hour and at every fix, with the storm motion from the track. Returns the storm, the fixes read and every assumption made (fallback radii and pressures) in warnings.',
    input: StormTrackUpload,
    output: UploadResponse,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    run: async (service, args) => {
      const { track_text: text, name, description, overwrite, ...options } = args;
      const track = trackUploadOptions(options);
      const result = await service.uploadModel({
        fileName: `${name}.track`,
        bytes: Buffer.from(text, 'utf8'),
        kind: 'hazard',
        name,
        description: description ?? '',
        overwrite: overwrite ?? false,
        track: track ?? {},
      });
      return {
        status: 'success',
        message: result.message,
        name: result.record.name,
        file_path: result.record.file_path,
        track: result.track,
        warnings: result.warnings ?? [],
      };
    },
  }),
];
