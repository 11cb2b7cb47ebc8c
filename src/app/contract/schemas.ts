/**
 * The valibot schemas of hazsim's public payloads (docs/specification.md §2 and §4). They are the single
 * source of truth for request validation, the OpenAPI document and the MCP input and
 * output schemas; nothing else writes these shapes by hand.
 */
import * as v from 'valibot';
import { MAX_NAME_LENGTH } from '../../base/names.js';
import { TERRAIN_CLASSES, WIND_PROFILES, type TerrainClass, type TrackUploadOptions, type WindProfileName } from '../../domain/hazards/index.js';
import { DEFAULT_PHYSICS, PHYSICS_PROFILES } from '../../domain/hazards/physics.js';
import { VegetationChoice } from '../../domain/simulation/vegetation.js';
import { COORDINATE_ORDERS, type CoordinateOrder, type CoordinateReading } from '../../domain/assets/index.js';
import { COORDINATE_UNITS } from '../../domain/opendss/index.js';
import { HazsimError } from '../../base/errors.js';
import { DEFAULT_MAX_SAMPLES, EditRecord, ISO_DATE_TIME, SampleCount, SamplingMethod, ScenarioRecord, Seed } from '../../domain/scenarios/schema.js';
import { SCENARIO_FILE_FORMATS, SCENARIO_FORMATS } from '../../domain/scenarios/formats/index.js';

export { DEFAULT_PHYSICS, PHYSICS_PROFILES };
export { COORDINATE_ORDERS, type CoordinateOrder };
export type { PhysicsProfile as PhysicsProfileName } from '../../domain/hazards/physics.js';
export { DEFAULT_MAX_SAMPLES, EditRecord, ISO_DATE_TIME, SampleCount, SamplingMethod, ScenarioRecord, Seed };

export const DEFAULT_CURVE_SET = 'DEFAULT_CURVES';

/**
 * The options of a best-track upload (HURDAT2, IBTrACS CSV, ATCF b-deck; docs/input-hazard.md),
 * as REST form fields, MCP arguments and CLI flags take them.
 */
export const TrackUploadFields = {
  storm: v.pipe(
    v.optional(v.string()),
    v.description('best-track uploads: the storm by id (HURDAT2 AL152018, IBTrACS SID) or name; needed when the file holds several storms'),
  ),
  from: v.pipe(v.optional(v.string()), v.description('best-track uploads: keep fixes at or after this ISO 8601 date-time (UTC when no zone)')),
  to: v.pipe(v.optional(v.string()), v.description('best-track uploads: keep fixes at or before this ISO 8601 date-time (UTC when no zone)')),
  wind_profile: v.pipe(
    v.optional(v.picklist(WIND_PROFILES)),
    v.description('best-track uploads: the wind profile written on every model (default: resolved by the run physics)'),
  ),
  terrain: v.pipe(v.optional(v.picklist(TERRAIN_CLASSES)), v.description('best-track uploads: the terrain of the assets (default open_terrain)')),
};

export { TERRAIN_CLASSES, WIND_PROFILES, type TerrainClass, type TrackUploadOptions, type WindProfileName };

/** The track options given, or undefined when none is. */
export function trackUploadOptions(fields: {
  storm?: string;
  from?: string;
  to?: string;
  wind_profile?: WindProfileName;
  terrain?: TerrainClass;
}): TrackUploadOptions | undefined {
  const options: TrackUploadOptions = {
    ...(fields.storm?.trim() ? { storm: fields.storm.trim() } : {}),
    ...(fields.from?.trim() ? { from: fields.from.trim() } : {}),
    ...(fields.to?.trim() ? { to: fields.to.trim() } : {}),
    ...(fields.wind_profile ? { windProfile: fields.wind_profile } : {}),
    ...(fields.terrain ? { terrain: fields.terrain } : {}),
  };
  return Object.keys(options).length > 0 ? options : undefined;
}

/** `<longitude>,<latitude>` in decimal degrees, e.g. `-105.17,39.74`. */
const PLACE_AT_PATTERN = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*,\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;
const PLACE_AT_FORMAT = 'must be <longitude>,<latitude> in decimal degrees, e.g. -105.17,39.74';

/**
 * How a distribution model's Location x and y are read (docs/input-distribution.md,
 * "Coordinate order and placement"), as REST form fields, MCP arguments and CLI flags take them.
 */
export const CoordinateUploadFields = {
  coordinate_order: v.pipe(
    v.optional(v.picklist(COORDINATE_ORDERS, `must be ${COORDINATE_ORDERS.join(' or ')}`)),
    v.description(
      "distribution models: which of a Location's x and y is the longitude: lon,lat (GDM's order, the default) or lat,lon (x = latitude, y = longitude, as in gdm's own p5r.json); kept with the model",
    ),
  ),
  place_at: v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.regex(PLACE_AT_PATTERN, PLACE_AT_FORMAT),
        // The degrees' ranges, once the format holds (the regex speaks for a bad format).
        v.check(
          (text) => !PLACE_AT_PATTERN.test(text) || placeAtProblem(text) === null,
          (issue) => placeAtProblem(issue.input as string) ?? PLACE_AT_FORMAT,
        ),
      ),
    ),
    v.description(
      'distribution models in local x/y metres (the IEEE test feeders): <longitude>,<latitude> of the point x = 0, y = 0; x is then metres east, y metres north of it (with lat,lon order, y east and x north); kept with the model. OpenDSS models: the point where the centre of the bus coordinates goes',
    ),
  ),
  crs: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must name a CRS, e.g. EPSG:32614'))),
    v.description(
      'OpenDSS models with projected bus coordinates: their CRS, converted to longitude/latitude with proj4: EPSG:326xx/327xx (WGS 84 UTM), EPSG:269xx (NAD83 UTM), EPSG:4326, EPSG:4269, EPSG:3857, or a proj4 definition "+proj=..."',
    ),
  ),
  coordinate_units: v.pipe(
    v.optional(v.picklist(Object.keys(COORDINATE_UNITS), `must be one of ${Object.keys(COORDINATE_UNITS).join(', ')}`)),
    v.description('OpenDSS models placed with place_at: the unit of their x/y (default m)'),
  ),
};

/** The units --coordinate-units (coordinate_units) takes. */
export const COORDINATE_UNIT_NAMES: readonly string[] = Object.keys(COORDINATE_UNITS);

/** A coordinate reading with what an OpenDSS upload may add: the CRS of projected x/y, the unit of drawing x/y. */
export interface UploadCoordinates extends CoordinateReading {
  crs?: string;
  units?: string;
}

/** Why a place_at text is no anchor, or null: its format, then each degree's range. */
export function placeAtProblem(text: string): string | null {
  if (!PLACE_AT_PATTERN.test(text)) return PLACE_AT_FORMAT;
  const [longitude, latitude] = text.split(',').map(Number);
  if (Math.abs(longitude) > 180) return `the longitude ${longitude} is outside -180 to 180 (give <longitude>,<latitude>)`;
  if (Math.abs(latitude) > 90) return `the latitude ${latitude} is outside -90 to 90 (give <longitude>,<latitude>)`;
  return null;
}

/**
 * The coordinate reading the fields ask for, or undefined when they ask for none (GDM's own).
 * A place_at that is no anchor is invalid_input naming place_at (CoordinateUploadFields and
 * the CLI's option parser refuse it first, with the same words).
 */
export function coordinateReading(fields: {
  coordinate_order?: CoordinateOrder;
  place_at?: string;
  crs?: string;
  coordinate_units?: string;
}): UploadCoordinates | undefined {
  if (fields.coordinate_order === undefined && fields.place_at === undefined && fields.crs === undefined && fields.coordinate_units === undefined)
    return undefined;
  if (fields.crs !== undefined && fields.place_at !== undefined)
    throw new HazsimError('invalid_input', 'Give crs or place_at, not both: a CRS places projected coordinates where they are', [
      { path: 'crs', message: 'not with place_at' },
    ]);
  if (fields.coordinate_units !== undefined && fields.place_at === undefined)
    throw new HazsimError('invalid_input', 'coordinate_units goes with place_at (the unit of drawing x/y); a CRS carries its own units', [
      { path: 'coordinate_units', message: 'needs place_at' },
    ]);
  let placeAt: CoordinateReading['placeAt'] = null;
  if (fields.place_at !== undefined) {
    const problem = placeAtProblem(fields.place_at);
    if (problem)
      throw new HazsimError('invalid_input', `Invalid place_at ${JSON.stringify(fields.place_at)}: ${problem}`, [{ path: 'place_at', message: problem }]);
    const [longitude, latitude] = fields.place_at.split(',').map(Number);
    placeAt = { longitude, latitude };
  }
  return {
    order: fields.coordinate_order ?? 'lon,lat',
    placeAt,
    ...(fields.crs !== undefined ? { crs: fields.crs } : {}),
    ...(fields.coordinate_units !== undefined ? { units: fields.coordinate_units } : {}),
  };
}

/** What a best-track upload read (storm, fixes, models written). */
export const TrackUploadSummary = v.strictObject({
  format: v.pipe(v.picklist(['hurdat2', 'ibtracs', 'atcf']), v.description('the best-track format read')),
  storm_id: v.string(),
  storm_name: v.string(),
  fix_count: v.pipe(v.number(), v.description('fixes of the storm within the time window')),
  first_fix: v.pipe(v.string(), v.description('ISO 8601 UTC time of the first fix')),
  last_fix: v.pipe(v.string(), v.description('ISO 8601 UTC time of the last fix')),
  model_count: v.pipe(v.number(), v.description('wind models written: hourly and at every fix')),
});

/** A count: an integer, never negative (JSON Schema `integer`). */
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A model name as callers send it: trimmed, 1 to MAX_NAME_LENGTH characters. */
export const ModelName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`),
);

/** docs/specification.md §2.1: a model record without content. */
export const ModelRecord = v.strictObject({
  name: v.pipe(v.string(), v.description('unique key of the model within its cache')),
  description: v.pipe(v.string(), v.description('free text given at upload')),
  created_at: v.pipe(v.string(), v.description('ISO 8601 date-time without zone offset (UTC)')),
  file_path: v.pipe(v.string(), v.description('path of the stored JSON file on the server')),
});

/** docs/specification.md §2.1: the single-model retrieval, with content. */
export const ModelRecordWithContent = v.strictObject({
  ...ModelRecord.entries,
  content: v.pipe(v.record(v.string(), v.unknown()), v.description('the uploaded JSON')),
});

/** A fragility curve set's record: built-in sets have no file and no creation time. */
export const CurveSetRecord = v.strictObject({
  name: v.pipe(v.string(), v.description('name to pass as curve_set')),
  description: v.string(),
  builtin: v.pipe(v.boolean(), v.description('shipped with hazsim (cannot be replaced or deleted)')),
  created_at: v.pipe(v.nullable(v.string()), v.description('ISO 8601 date-time without zone offset (UTC) of the upload; null for built-in sets')),
  file_path: v.pipe(v.nullable(v.string()), v.description('path of the stored JSON file on the server; null for built-in sets')),
});

/** A curve set's record with its definition. */
export const CurveSetWithContent = v.strictObject({
  ...CurveSetRecord.entries,
  content: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description('the curve set, version 2: {format_version, name, description, notes, curves: {hazard_type: {asset_type: [curve]}}} (docs/fragility.md)'),
  ),
});

/** docs/specification.md §4.1 /default-curve-sets: every curve set name, built-in and custom. */
export const DefaultCurveSets = v.strictObject({
  curve_sets: v.array(v.string()),
  default: v.string(),
  description: v.string(),
});

/** The physics profile of a run (docs/physics.md). */
export const PhysicsProfile = v.picklist(PHYSICS_PROFILES, `must be one of ${PHYSICS_PROFILES.join(', ')}`);

/** docs/specification.md §2.3 SimulationRequest; curve_set defaults to DEFAULT_CURVES; unknown fields are rejected. */
export const SimulationRequest = v.strictObject({
  distribution_system_name: v.pipe(ModelName, v.description('name of a cached distribution model')),
  hazard_system_name: v.pipe(ModelName, v.description('name of a cached hazard model')),
  curve_set: v.pipe(v.optional(ModelName, DEFAULT_CURVE_SET), v.description('fragility curve set name')),
  physics: v.pipe(
    v.optional(PhysicsProfile, DEFAULT_PHYSICS),
    v.description(
      "physics profile (docs/physics.md): default (event peaks up to each timestamp, storms followed between snapshots, lines along their route) or erad_v1 (ERAD's engine: snapshots one at a time, lines at their midpoint)",
    ),
  ),
  ground_motion_variability: v.pipe(
    v.optional(v.picklist(['integrated', 'median'], 'ground_motion_variability must be integrated or median')),
    v.description(
      'integrated (default): survival averaged over the ground-motion variability of the earthquake model (the unconditional probability); median: survival at the median shaking (docs/fragility.md)',
    ),
  ),
  vegetation: v.pipe(
    v.optional(VegetationChoice),
    v.description(
      'trees beside the overhead lines, for tree-fall failures of their spans under wind (docs/vegetation.md): "default" (10 trees/ha of 8-28 m beside every distribution overhead line) or a profile {name?, lines: [{line, trees_per_hectare, tree_height_min_m, tree_height_max_m, clearance_m?, conductor_height_m?}], other_overhead_lines?}; absent: no trees (default physics only)',
    ),
  ),
});
export type SimulationRequest = v.InferOutput<typeof SimulationRequest>;

/** docs/specification.md §2.3 ScenarioRequest: number_of_samples defaults to 1, seed to 0; method is hazsim's addition (default peak). */
export const ScenarioRequest = v.strictObject({
  ...SimulationRequest.entries,
  number_of_samples: v.pipe(
    v.optional(SampleCount, 1),
    v.description(`number of scenarios (default 1; at most ${DEFAULT_MAX_SAMPLES} unless the server sets HAZSIM_MAX_SAMPLES)`),
  ),
  seed: v.pipe(v.optional(Seed, 0), v.description('random seed for reproducibility (default 0)')),
  method: v.pipe(
    v.optional(SamplingMethod, 'peak'),
    v.description('peak (default): one draw per asset against its lowest survival; sequential: one draw per timestamp (ERAD)'),
  ),
  format: v.pipe(
    v.optional(v.picklist(SCENARIO_FORMATS, `must be one of ${SCENARIO_FORMATS.join(', ')}`), SCENARIO_FORMATS[0]),
    v.description(
      `the scenario file written and returned: ${SCENARIO_FORMATS.map((format) => `${format} (${SCENARIO_FILE_FORMATS[format].contentType}; ${SCENARIO_FILE_FORMATS[format].description})`).join(', ')}; docs/scenarios-zip.md, docs/scenarios-parquet.md`,
    ),
  ),
  restoration_edits: v.pipe(
    v.optional(v.boolean(), false),
    v.description(
      'also put each failed asset back in service (in_service true) at its failure time plus its damage.csv repair time (default false: the ZIP keeps the layout of the service specification, outages only)',
    ),
  ),
});
export type ScenarioRequest = v.InferOutput<typeof ScenarioRequest>;

/**
 * One schema object per sample bound, made on first use: the OpenAPI document names a schema
 * by its identity, so every use of a bound must get the same object.
 */
export function schemaPerBound<Schema>(make: (maxSamples: number) => Schema): (maxSamples: number) => Schema {
  const made = new Map<number, Schema>();
  return (maxSamples) => {
    let schema = made.get(maxSamples);
    if (!schema) {
      schema = make(maxSamples);
      made.set(maxSamples, schema);
    }
    return schema;
  };
}

/**
 * ScenarioRequest with a server's bound on number_of_samples (HAZSIM_MAX_SAMPLES), for the
 * schemas the REST and MCP interfaces publish: a value the schema allows is one the server accepts.
 */
export const scenarioRequestFor = schemaPerBound((maxSamples: number) =>
  v.strictObject({
    ...ScenarioRequest.entries,
    number_of_samples: v.pipe(
      v.optional(v.pipe(SampleCount, v.maxValue(maxSamples, `must be at most ${maxSamples} (the limit is set by HAZSIM_MAX_SAMPLES)`)), 1),
      v.description(`number of scenarios (default 1; at most ${maxSamples} on this server)`),
    ),
  }),
);

/**
 * POST /report and MCP generate_report: a simulation, and scenarios when number_of_samples
 * is given, turned into one HTML page (docs/report.md).
 */
export const ReportRequest = v.strictObject({
  ...SimulationRequest.entries,
  number_of_samples: v.pipe(v.optional(SampleCount), v.description('when given, the report also shows this many Monte Carlo scenarios (failures per sample)')),
  seed: ScenarioRequest.entries.seed,
  method: ScenarioRequest.entries.method,
  impact: v.pipe(
    v.optional(v.boolean(), false),
    v.description(
      'with number_of_samples: also estimate who loses power (as POST /impact, with its default crews and repair times) and show customers and kW out over time with the P10–P90 band',
    ),
  ),
});
export type ReportRequest = v.InferOutput<typeof ReportRequest>;

/** What a report run returns besides the page (CLI --json, MCP generate_report). */
export const ReportSummary = v.strictObject({
  asset_count: v.number(),
  timestamp_count: v.number(),
  curve_count: v.pipe(v.number(), v.description('fragility curves plotted (those some asset was judged by)')),
  scenario_samples: v.pipe(v.nullable(v.number()), v.description('samples in the failures-per-sample chart; null without scenarios')),
  size_bytes: v.number(),
  notes: v.pipe(v.array(v.string()), v.description('what the page leaves out and why (e.g. a model no longer in the cache)')),
});
export type ReportSummary = v.InferOutput<typeof ReportSummary>;

export const ReportToolResult = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  file_path: v.pipe(v.string(), v.description('the HTML file on the server')),
  ...ReportSummary.entries,
});

export const StatusMessage = v.strictObject({ status: v.literal('success'), message: v.string() });

/** docs/specification.md §4.1 upload response. */
export const UploadResponse = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  name: v.string(),
  file_path: v.string(),
  time_series_path: v.optional(v.string()),
  track: v.optional(TrackUploadSummary),
  warnings: v.pipe(
    v.optional(v.array(v.string())),
    v.description(
      'best-track uploads: everything assumed (fallback radii, pressures); distribution models: coordinates that are not longitude/latitude (docs/input-distribution.md)',
    ),
  ),
});
export type UploadResponse = v.InferOutput<typeof UploadResponse>;

const StoreSize = v.strictObject({
  cache_directory: v.string(),
  total_models: Count,
  total_files: Count,
  total_size_bytes: Count,
  total_size_mb: v.number(),
});

/** docs/specification.md §4.1 /cache-info (totals over the models), with the per-store breakdown and the results folder hazsim adds. */
export const CacheInfo = v.strictObject({
  ...StoreSize.entries,
  metadata_file: v.string(),
  distribution_models: StoreSize,
  hazard_models: StoreSize,
  results: v.pipe(
    v.strictObject({ directory: v.string(), total_files: Count, total_size_bytes: Count, total_size_mb: v.number() }),
    v.description('result files kept in the cache by runs from the MCP server and the TUI (not counted in the totals); `hazsim cache prune` removes old ones'),
  ),
  jobs: v.pipe(
    v.strictObject({ directory: v.string(), finished_jobs: Count, total_size_bytes: Count, total_size_mb: v.number() }),
    v.description(
      'finished REST jobs (succeeded, failed or cancelled) kept in the cache with their results (not counted in the totals; queued and running jobs are not counted); `hazsim cache prune` removes old ones',
    ),
  ),
});

const RefreshReport = v.strictObject({
  added: v.array(v.string()),
  removed: v.array(v.string()),
  removed_folders: v.pipe(v.array(v.string()), v.description('the time series and derived-data folders of the dropped models, removed with them')),
  invalid: v.array(v.strictObject({ file: v.string(), reason: v.string() })),
  models: v.array(v.string()),
});

/** docs/specification.md §4.1 /refresh-cache, with what changed in each store. */
export const CacheRefreshResult = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  total_models: Count,
  models: v.array(v.string()),
  distribution_models: RefreshReport,
  hazard_models: RefreshReport,
});

/** docs/specification.md §4.1 /supported-hazard-types. */
export const HazardTypesResponse = v.strictObject({
  hazard_types: v.array(v.string()),
  descriptions: v.record(v.string(), v.string()),
});

/** The error body of every REST error (docs/specification.md §7); 422 adds the issues. */
export const ErrorBody = v.strictObject({
  detail: v.string(),
  status_code: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  errors: v.optional(v.array(v.strictObject({ path: v.string(), message: v.string() }))),
});

const CountsByType = v.pipe(v.record(v.string(), Count), v.description('number of entries of each type'));

/** docs/specification.md §4.2 list_cached_models: the distribution models with their full records. */
export const DistributionModelListing = v.strictObject({
  models: v.array(ModelRecord),
  total_count: Count,
});

/** docs/specification.md §4.2 list_cached_hazard_models: name, description and created_at of each hazard model. */
export const HazardModelListing = v.strictObject({
  total_models: Count,
  models: v.array(v.pick(ModelRecord, ['name', 'description', 'created_at'])),
});

const StoredFileFacts = {
  ...ModelRecord.entries,
  file_size_bytes: v.pipe(Count, v.description('size of the stored JSON file in bytes')),
  content_keys: v.pipe(v.array(v.string()), v.description('top-level keys of the stored JSON')),
};

const Degrees = v.pipe(v.number(), v.description('degrees (WGS-84)'));
const BoundingBox = v.pipe(
  v.nullable(v.strictObject({ min_longitude: Degrees, min_latitude: Degrees, max_longitude: Degrees, max_latitude: Degrees })),
  v.description('longitude/latitude extent; null when nothing in the model is located'),
);

/**
 * What a cached distribution model holds (hazsim show, MCP get_model_info and
 * hazsim://models/{name}/summary): its record and stored file, then summarizeDistributionModel.
 */
export const DistributionModelSummary = v.strictObject({
  ...StoredFileFacts,
  system_name: v.pipe(v.nullable(v.string()), v.description('the name inside the content, when it has one')),
  form: v.pipe(v.picklist(['gdm', 'nested']), v.description("GDM JSON as written by grid-data-models, or hazsim's nested form")),
  data_format_version: v.nullable(v.string()),
  total_components: Count,
  components_by_type: v.pipe(CountsByType, v.description('components by GDM class')),
  buses: v.strictObject({
    total: Count,
    with_coordinates: Count,
    without_coordinates: Count,
    with_unusable_coordinates: v.pipe(Count, v.description('coordinates that are no usable longitude/latitude (out of range, a 0,0 placeholder, another crs)')),
  }),
  bounding_box: BoundingBox,
  voltage_levels_v: v.pipe(v.array(v.number()), v.description('distinct bus voltages, line-to-line, volts, ascending')),
  phases: v.array(v.string()),
  assets: v.strictObject({
    by_type: v.pipe(CountsByType, v.description('assets the simulation would consider, by asset type, located or not')),
    located: Count,
    unlocated: v.pipe(Count, v.description('assets without a usable location, which a simulation leaves out')),
  }),
  coordinates: v.pipe(
    v.strictObject({
      order: v.pipe(v.picklist(COORDINATE_ORDERS), v.description("lon,lat: x = longitude, y = latitude (GDM's order); lat,lon: swapped")),
      place_at: v.pipe(
        v.nullable(v.strictObject({ longitude: Degrees, latitude: Degrees })),
        v.description('the point x = 0, y = 0 when x and y are metres east and north of it; null when they are degrees'),
      ),
    }),
    v.description("how the Location x and y are read: as the model was uploaded (coordinate_order, place_at), GDM's order when neither was given"),
  ),
});
export type DistributionModelSummary = v.InferOutput<typeof DistributionModelSummary>;

/**
 * What a cached hazard model holds (hazsim show, MCP get_hazard_model_info and
 * hazsim://hazards/{name}/summary): its record and stored file, then summarizeHazardModel.
 */
export const HazardModelSummary = v.strictObject({
  ...StoredFileFacts,
  system_name: v.pipe(v.string(), v.description("the name inside the content ('' when it has none)")),
  hazard_model_count: v.pipe(Count, v.description('top-level hazard models in the file')),
  hazard_counts: v.pipe(
    CountsByType,
    v.description(
      'hazard models by file entry type, every type /supported-hazard-types lists (0 where none); an area entry type (flood_area, fire_area...) counts every area',
    ),
  ),
  timestamps: v.pipe(v.array(v.string()), v.description('distinct ISO 8601 date-times of the hazard model, ascending')),
  timestamp_count: Count,
  bounding_box: BoundingBox,
});
export type HazardModelSummary = v.InferOutput<typeof HazardModelSummary>;

const Probability = v.pipe(v.number(), v.minValue(0), v.maxValue(1));

/** docs/specification.md §4.2 run_simulation, plus the SQLite file written and what hazsim's simulation summary adds. */
export const SimulationToolResult = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  distribution_system_name: v.string(),
  hazard_system_name: v.string(),
  asset_count: v.pipe(Count, v.description('located assets simulated')),
  hazard_count: v.pipe(Count, v.description('hazard models in the hazard model')),
  timestamps: v.pipe(v.array(v.string()), v.description('ISO 8601 date-times simulated')),
  curve_set: v.string(),
  file_path: v.pipe(v.string(), v.description('path of the SQLite result database on the server')),
  survival_statistics: v.pipe(
    v.strictObject({
      min: Probability,
      mean: Probability,
      max: Probability,
      assets_below_half: v.pipe(Count, v.description('assets whose lowest survival is below 0.5')),
      lowest_by_type: v.pipe(v.record(v.string(), Probability), v.description('lowest survival of each asset type')),
    }),
    v.description("over every asset's lowest survival probability during the event"),
  ),
  unlocated_count: v.pipe(Count, v.description('assets left out because they have no usable location')),
  unlocated_assets: v.pipe(
    v.array(v.strictObject({ uuid: v.string(), name: v.string(), component_type: v.string(), asset_type: v.nullable(v.string()), reason: v.string() })),
    v.description('the first 10 of those assets with the reason (run_info.unlocated_assets in the result lists them all)'),
  ),
  assets_by_type: CountsByType,
  lowest_survival: v.pipe(
    v.array(v.strictObject({ uuid: v.string(), name: v.string(), asset_type: v.string(), survival_probability: Probability, timestamp: v.string() })),
    v.description('the assets least likely to survive, lowest first, with when their survival is lowest'),
  ),
  assets_by_curve_confidence: v.pipe(
    v.array(v.strictObject({ confidence: v.string(), assets: Count, share: Probability })),
    v.description(
      'assets by the confidence of the curves that judged them, each under its weakest (primary, code-transcription, secondary, not-verified, not-found, judgement, not-stated; \'none\': judged by no curve); share of all assets (docs/fragility.md, "Confidence")',
    ),
  ),
  warnings: v.array(v.string()),
  physics: v.pipe(PhysicsProfile, v.description('the physics profile of the run (docs/physics.md)')),
  tree_fall: v.pipe(
    v.optional(
      v.strictObject({
        lines_with_trees: v.pipe(Count, v.description('overhead lines with trees beside them')),
        expected_tree_fall_failures: v.pipe(v.number(), v.minValue(0), v.description('expected lines failed by falling trees over the event')),
      }),
    ),
    v.description('with vegetation and wind only: the tree-fall failures counted apart from the curves (docs/vegetation.md)'),
  ),
});

/** docs/specification.md §4.2 generate_scenarios: a first page of the records (`truncated` and `next_cursor` say whether more remain), the ZIP written, and run figures. */
export const ScenarioToolResult = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  distribution_system_name: v.string(),
  hazard_system_name: v.string(),
  number_of_samples: Count,
  seed: Count,
  total_scenarios: v.pipe(Count, v.description('number of scenario records generated (one per sample and timestamp with failures)')),
  scenarios: v.pipe(
    v.array(ScenarioRecord),
    v.description('the first records of tracked_changes.json, in file order; none for a Parquet file, whose rows are failures (read it with a Parquet reader)'),
  ),
  truncated: v.pipe(v.boolean(), v.description('true when scenarios holds only the first records of total_scenarios')),
  next_cursor: v.pipe(
    v.optional(v.string()),
    v.description('pass to get_scenario_records for the records after these; absent when none remain or the file is Parquet'),
  ),
  file_path: v.pipe(v.string(), v.description('path of the scenario file on the server; it holds every record (a ZIP) or every failure (Parquet)')),
  format: v.pipe(v.picklist(SCENARIO_FORMATS), v.description('the scenario file written: zip or parquet')),
  curve_set: v.string(),
  method: SamplingMethod,
  asset_count: Count,
  timestamp_count: Count,
  total_failures: v.pipe(Count, v.description('failed assets summed over samples')),
  samples_with_failures: Count,
  mean_failures_per_sample: v.pipe(v.number(), v.minValue(0)),
  physics: v.pipe(PhysicsProfile, v.description('the physics profile of the run (docs/physics.md)')),
});

/** MCP get_scenario_records: one page of the records of a scenario ZIP in the results folder. */
export const ScenarioRecordsPage = v.strictObject({
  scenarios: v.pipe(v.array(ScenarioRecord), v.description('records of tracked_changes.json, in file order')),
  total_scenarios: Count,
  file_path: v.pipe(v.string(), v.description('path of the scenario ZIP on the server')),
  next_cursor: v.pipe(v.optional(v.string()), v.description('cursor of the next page; absent on the last')),
});
