/**
 * The one table of hazsim's MCP tools (docs/specification.md §4.2). Each entry keeps its metadata, its
 * valibot input and output schemas and a `run` that makes one service call; the server
 * converts, validates and maps errors for all of them in one place.
 */
import path from 'node:path';
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
  ScenarioRecordsPage,
  ScenarioRequest,
  ScenarioToolResult,
  SimulationRequest,
  SimulationToolResult,
  TrackUploadFields,
  trackUploadOptions,
  CoordinateUploadFields,
  coordinateReading,
  UploadResponse,
} from '../../app/contract/schemas.js';
import { uploadResponse, type HazsimService } from '../../app/service.js';
import { ImpactRequest, ImpactSummary } from '../../app/impact/impactSchemas.js';
import { HindcastReportResult, HindcastRequest, HindcastResponse } from '../../app/territory/territorySchemas.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { readScenarioRecords, scenarioRecordsCursor } from '../../app/results/scenarioRecords.js';
import { SCENARIO_FILE_FORMATS } from '../../app/results/scenarioFormats.js';

/** At most this many scenario records in one answer (generate_scenarios, get_scenario_records). */
export const MAX_MCP_SCENARIO_RECORDS = 1000;
/**
 * Records generate_scenarios returns unless asked for more: enough to see their shape. A run's
 * records can reach megabytes, which cost an agent's context more than they tell it; the
 * figures summarise the run and get_scenario_records pages through the rest.
 */
export const DEFAULT_MCP_SCENARIO_RECORDS = 10;

/** What a tool call gets besides its arguments: the client's cancellation and a progress sink. */
export interface ToolCallContext {
  signal: AbortSignal;
  onProgress: (event: ProgressEvent) => void;
}

export interface ToolDefinition<TInput extends v.GenericSchema = v.GenericSchema, TOutput extends v.GenericSchema = v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  input: TInput;
  output: TOutput;
  annotations: ToolAnnotations;
  run(service: HazsimService, args: v.InferOutput<TInput>, call: ToolCallContext): Promise<unknown> | unknown;
}

const RecordCount = (what: string, fallback: number) =>
  v.pipe(
    v.optional(
      v.pipe(
        v.number(),
        v.integer('must be an integer'),
        v.minValue(0, 'must be >= 0'),
        v.maxValue(MAX_MCP_SCENARIO_RECORDS, `must be at most ${MAX_MCP_SCENARIO_RECORDS}`),
      ),
      fallback,
    ),
    v.description(`${what} (default ${fallback}, at most ${MAX_MCP_SCENARIO_RECORDS})`),
  );

const ScenarioToolInput = v.strictObject({
  ...ScenarioRequest.entries,
  records_limit: RecordCount('scenario records to return; the rest through get_scenario_records with next_cursor', DEFAULT_MCP_SCENARIO_RECORDS),
});

const ScenarioRecordsInput = v.strictObject({
  cursor: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.description('next_cursor of generate_scenarios or of a previous get_scenario_records')),
  limit: RecordCount('records to return', 100),
});

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

/** The arguments of storing a model file from the server's disk: the file, and the stored model's name, description and overwrite. */
function modelFileUploadEntries(noun: string, files: string, extensions: string) {
  return {
    file_path: v.pipe(
      v.string('file_path must be a string'),
      v.minLength(1, 'file_path must not be empty'),
      v.description(`path, on the server's machine, of a ${noun} file: ${files}`),
    ),
    name: v.pipe(v.optional(ModelName), v.description(`name to store it under (default: the file name without ${extensions})`)),
    description: v.pipe(v.optional(v.string('description must be a string')), v.description('free-text description')),
    overwrite: v.pipe(v.optional(v.boolean('overwrite must be true or false')), v.description(`replace a ${noun} of the same name (default false)`)),
  };
}

const HazardUploadArguments = v.strictObject(
  modelFileUploadEntries(
    'hazard model',
    'hazsim or ERAD JSON, a ZIP holding one, a USGS ShakeMap grid.xml, or a ZIP holding grid.xml and its uncertainty.xml',
    '.json, .zip or .xml',
  ),
);

const DistributionUploadArguments = v.strictObject({
  ...modelFileUploadEntries('distribution model', 'GDM JSON, or a ZIP holding one and optionally its _time_series folder', '.json or .zip'),
  ...CoordinateUploadFields,
});

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Writes a new result file on the server and changes nothing else. */
const WRITES_RESULT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
/** Stores a model in the cache. */
const STORES_MODEL: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

export const TOOLS: readonly ToolDefinition[] = [
  tool({
    name: 'run_simulation',
    title: 'Run hazard simulation',
    description:
      'Computes the survival probability of every asset of a cached distribution model under a cached hazard model with a fragility curve set, writes the results to a SQLite database on the server and returns its path with asset and hazard counts, the timestamps simulated, survival statistics and the assets least likely to survive.',
    input: SimulationRequest,
    output: SimulationToolResult,
    annotations: WRITES_RESULT,
    run: async (service, args, call) => {
      const { filePath, summary } = await service.runs.simulate(args, { inResultsDir: true, ...call });
      return { status: 'success', message: 'Simulation completed successfully', ...summary, file_path: filePath };
    },
  }),
  tool({
    name: 'generate_scenarios',
    title: 'Generate outage scenarios',
    description: `Draws reproducible Monte Carlo outage scenarios (which assets go out of service, and when) for a cached distribution model under a cached hazard model, writes them to a ZIP on the server (format parquet: a Parquet file, one row per failed asset and sample) and returns a summary (failures per run, samples with failures), the file's path and, for a ZIP, the first ${DEFAULT_MCP_SCENARIO_RECORDS} scenario records (records_limit asks for up to ${MAX_MCP_SCENARIO_RECORDS}). When more remain, next_cursor leads to them through get_scenario_records.`,
    input: ScenarioToolInput,
    output: ScenarioToolResult,
    annotations: WRITES_RESULT,
    run: async (service, args, call) => {
      const { records_limit: recordsLimit, ...request } = args;
      const { filePath, format, summary } = await service.runs.generateScenarios(request, { inResultsDir: true, recordLimit: recordsLimit, ...call });
      const { records, failures_per_sample: _perSample, zip_bytes: _bytes, ...figures } = summary;
      const more = summary.total_scenarios > records.length;
      // Records can be paged only from a file that holds them (the ZIP's tracked_changes.json).
      const pageable = more && SCENARIO_FILE_FORMATS[format].tracksChanges;
      return {
        status: 'success',
        message: 'Scenarios generated successfully',
        ...figures,
        format,
        truncated: more,
        scenarios: records,
        file_path: filePath,
        ...(pageable ? { next_cursor: scenarioRecordsCursor(path.basename(filePath), records.length) } : {}),
      };
    },
  }),
  tool({
    name: 'get_scenario_records',
    title: 'Page through scenario records',
    description: `Returns the next scenario records of a ZIP that generate_scenarios wrote (up to ${MAX_MCP_SCENARIO_RECORDS} per call), from the next_cursor it or a previous call returned, with the cursor of the rest.`,
    input: ScenarioRecordsInput,
    output: ScenarioRecordsPage,
    annotations: READ_ONLY,
    run: (service, args) => readScenarioRecords(service.results.directory, args.cursor, args.limit),
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
      const { filePath, summary } = await service.reports.generate(args, { inResultsDir: true });
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
      const models = await service.models.list('distribution');
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
    run: (service, args) => service.models.summary('distribution', args.model_name),
  }),
  tool({
    name: 'refresh_cache',
    title: 'Refresh the model cache',
    description:
      'Rescans both cache directories: files added by hand are listed, records whose file vanished are dropped, files that cannot be models are reported. Returns the models now cached and what changed in each store.',
    input: NoArguments,
    output: CacheRefreshResult,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: (service) => service.cache.refresh(),
  }),
  tool({
    name: 'get_cache_info',
    title: 'Cache statistics',
    description: 'Reports where the cache is and how many models, files and bytes it holds, in total and per store.',
    input: NoArguments,
    output: CacheInfo,
    annotations: READ_ONLY,
    run: (service) => service.cache.info(),
  }),
  tool({
    name: 'list_cached_hazard_models',
    title: 'List hazard models',
    description: 'Lists the cached hazard models with their name, description and creation time.',
    input: NoArguments,
    output: HazardModelListing,
    annotations: READ_ONLY,
    run: async (service) => {
      const models = await service.models.list('hazard');
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
    run: (service, args) => service.models.summary('hazard', args.model_name),
  }),
  tool({
    name: 'upload_storm_track',
    title: 'Store a hurricane from a best track',
    description:
      'Reads a best track (NHC HURDAT2, IBTrACS CSV or ATCF b-deck, given as text), picks the storm by id or name and an optional time window, and stores it as a hazard model of wind models every hour and at every fix, with the storm motion from the track. Returns the storm, the fixes read and every assumption made (fallback radii and pressures) in warnings.',
    input: StormTrackUpload,
    output: UploadResponse,
    annotations: STORES_MODEL,
    run: async (service, args) => {
      const { track_text: text, name, description, overwrite, ...options } = args;
      const track = trackUploadOptions(options);
      const result = await service.models.upload({
        fileName: `${name}.track`,
        bytes: Buffer.from(text, 'utf8'),
        kind: 'hazard',
        name,
        description: description ?? '',
        overwrite: overwrite ?? false,
        track: track ?? {},
      });
      return uploadResponse(result);
    },
  }),
  tool({
    name: 'upload_hazard_model',
    title: 'Upload a hazard model',
    description:
      "Stores a hazard model file from the server's disk in the cache, as POST /hazard-models and `hazsim upload` do: hazsim or ERAD JSON, or a USGS ShakeMap grid.xml (ShakeMap 3.5 or 4.x, optionally with its uncertainty.xml in one ZIP), which becomes an earthquake whose shaking is interpolated at the assets. The content is validated; every problem is listed with its path.",
    input: HazardUploadArguments,
    output: UploadResponse,
    annotations: STORES_MODEL,
    run: async (service, args) => {
      const { file_path: filePath, ...request } = args;
      const result = await service.models.uploadFile(filePath, { ...request, kind: 'hazard' });
      return uploadResponse(result);
    },
  }),
  tool({
    name: 'upload_distribution_model',
    title: 'Upload a distribution model',
    description:
      "Stores a distribution model file from the server's disk in the cache, as POST /distribution-models and `hazsim upload` do. The content is validated; every problem is listed with its path. coordinate_order lat,lon reads files with the latitude in x (gdm's own p5r.json); place_at <longitude>,<latitude> places a feeder in local x/y metres (the IEEE test feeders); both are kept with the model. An OpenDSS script (its folder holds the files it redirects to) or a ZIP of a feeder folder is converted: crs reads projected bus coordinates (EPSG:32614), place_at with coordinate_units places drawing coordinates. warnings says when the coordinates are no longitude/latitude as read, and which argument would read them.",
    input: DistributionUploadArguments,
    output: UploadResponse,
    annotations: STORES_MODEL,
    run: async (service, args) => {
      const { file_path: filePath, coordinate_order, place_at, crs, coordinate_units, ...request } = args;
      const coordinates = coordinateReading({ coordinate_order, place_at, crs, coordinate_units });
      const result = await service.models.uploadFile(filePath, { ...request, kind: 'distribution', ...(coordinates ? { coordinates } : {}) });
      // Always the list, empty or not: an agent checks the coordinates by this one field.
      return { ...uploadResponse(result), warnings: result.warnings ?? [] };
    },
  }),
  tool({
    name: 'estimate_impact',
    title: 'Estimate who loses power, and for how long',
    description:
      'Draws outage scenarios for a cached distribution model under a cached hazard model (as generate_scenarios), then finds for every sample which loads lose power and when repairs (default Hazus restoration times, optionally a limited number of crews working upstream first) bring them back. Writes a SQLite file on the server and returns its path with the network, customers and kW out, customer-hours, energy not served and restoration times (mean, P10, P50, P90 over samples) and the loads most likely to lose power.',
    input: ImpactRequest,
    output: ImpactSummary,
    annotations: WRITES_RESULT,
    run: async (service, args, call) => (await service.runs.estimateImpact(args, { inResultsDir: true, ...call })).summary,
  }),
  tool({
    name: 'hindcast',
    title: 'Compare predicted county outages of a territory with observed ones',
    description:
      "Runs estimate_impact on every county model of a territory (built with `hazsim territory build`: copies of template feeders, not the utility's network) under a cached hazard model, and compares each county's peak fraction out, time of peak and customer-hours with observed_csv (the CSV text of EAGLE-I records: fips_code, customers_out, run_start_time; or a county table: geoid, max_pct_out, avg_customer_hrs_out). Returns per-county rows and bias, median absolute error, Spearman rank correlation, hit rate of counties above 50 % out, and territory totals. Minutes for a state.",
    input: HindcastRequest,
    output: HindcastResponse,
    // Its impact files are temporary and removed: nothing stays behind.
    annotations: READ_ONLY,
    run: (service, args, call) => service.territories.hindcast(args, call),
  }),
  tool({
    name: 'hindcast_report',
    title: "Write the HTML page of a hindcast's answer",
    description:
      'Takes the structured answer of the hindcast tool, unchanged, and writes one self-contained HTML page on the server: county maps of predicted and observed peak fraction out and of their difference, a predicted-vs-observed scatter with the 1:1 line, the skill metrics and the county table. Returns the file path; the page opens from disk with no network.',
    input: HindcastResponse,
    output: HindcastReportResult,
    annotations: WRITES_RESULT,
    run: async (service, args) => {
      const { filePath, fileName: _fileName, ...summary } = await service.reports.fromHindcast(args, { inResultsDir: true });
      return { status: 'success', file_path: filePath, ...summary };
    },
  }),
];
