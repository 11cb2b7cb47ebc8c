/**
 * The impact request and summary (docs/output-impact.md): one valibot schema each, the source
 * of request validation, the OpenAPI document and the MCP tool's schemas.
 */
import * as v from 'valibot';
import { ScenarioRequest, scenarioRequestFor, schemaPerBound } from '../contract/schemas.js';

export const DEFAULT_TIME_STEP_HOURS = 1;
export const DEFAULT_CUSTOMERS_PER_LOAD = 1;
/** One minute: the finest time axis an impact run draws (docs/hardening.md, "Request bounds"). */
export const MIN_TIME_STEP_HOURS = 1 / 60;

const positiveNumber = (what: string) => v.pipe(v.number(), v.gtValue(0, `${what} must be greater than 0`));

/** The scenario request plus how restoration and the metrics are computed. */
export const ImpactRequest = v.strictObject({
  // The analysis reads the outages of the scenarios it draws; their restoration comes from the analysis itself.
  ...v.omit(ScenarioRequest, ['restoration_edits']).entries,
  crews: v.pipe(
    v.optional(v.nullable(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))), null),
    v.description('repair crews working at once, repairs taken upstream first; null or absent: no limit (every repair starts when its asset fails)'),
  ),
  customers_per_load: v.pipe(
    v.optional(positiveNumber('customers_per_load'), DEFAULT_CUSTOMERS_PER_LOAD),
    v.description(`customers of a load whose model gives no num_customers (default ${DEFAULT_CUSTOMERS_PER_LOAD})`),
  ),
  time_step_hours: v.pipe(
    v.optional(
      v.pipe(
        positiveNumber('time_step_hours'),
        v.minValue(MIN_TIME_STEP_HOURS, 'must be at least 1/60 (one minute): repair times are hours, and a finer axis only multiplies the work'),
        v.maxValue(168, 'must be at most 168 (one week)'),
      ),
      DEFAULT_TIME_STEP_HOURS,
    ),
    v.description(`spacing of the time axis of customers and kW out, hours (default ${DEFAULT_TIME_STEP_HOURS})`),
  ),
});
export type ImpactRequest = v.InferOutput<typeof ImpactRequest>;

/** ImpactRequest with a server's bound on number_of_samples (HAZSIM_MAX_SAMPLES), as scenarioRequestFor. */
export const impactRequestFor = schemaPerBound((maxSamples: number) =>
  v.strictObject({ ...ImpactRequest.entries, number_of_samples: scenarioRequestFor(maxSamples).entries.number_of_samples }),
);

const Distribution = v.strictObject({ mean: v.number(), p10: v.number(), p50: v.number(), p90: v.number(), min: v.number(), max: v.number() });

/** What `hazsim impact --json`, the MCP tool estimate_impact and the run report. */
export const ImpactSummary = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  file_path: v.pipe(v.string(), v.description('path of the impact SQLite file on the server (docs/output-impact.md)')),
  distribution_system_name: v.string(),
  hazard_system_name: v.nullable(v.string()),
  curve_set: v.nullable(v.string()),
  number_of_samples: v.number(),
  seed: v.number(),
  method: v.nullable(v.string()),
  crews: v.pipe(v.nullable(v.number()), v.description('repair crews; null: no limit')),
  customers_per_load: v.number(),
  time_step_hours: v.number(),
  repair_times: v.pipe(
    v.picklist(['damage.csv', 'default']),
    v.description('where repair times came from: the scenario ZIP or the default Hazus restoration functions'),
  ),
  network: v.strictObject({
    buses: v.number(),
    edges: v.number(),
    sources: v.number(),
    loads: v.number(),
    loads_served: v.pipe(v.number(), v.description('loads energized in the normal state; the others are left out of every metric')),
    customers: v.number(),
    kw: v.number(),
    notes: v.array(v.string()),
  }),
  time_axis: v.strictObject({ start: v.string(), end: v.string(), points: v.number(), last_hazard_timestamp: v.string() }),
  metrics: v.pipe(
    v.record(v.string(), Distribution),
    v.description('per-sample metrics summarized over samples: mean, P10, P50, P90 (linear interpolation), min, max'),
  ),
  most_exposed_loads: v.pipe(
    v.array(
      v.strictObject({
        uuid: v.string(),
        name: v.string(),
        customers: v.number(),
        kw: v.number(),
        outage_probability: v.number(),
        expected_outage_hours: v.number(),
      }),
    ),
    v.description('up to 10 loads, highest outage probability first, then longest expected outage'),
  ),
});
export type ImpactSummary = v.InferOutput<typeof ImpactSummary>;
