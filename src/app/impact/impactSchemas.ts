/**
 * The impact request and summary (docs/output-impact.md): one valibot schema each, the source
 * of request validation, the OpenAPI document and the MCP tool's schemas.
 */
import * as v from 'valibot';
import { ScenarioRequest, scenarioRequestFor, schemaPerBound } from '../contract/schemas.js';
import { DEFAULT_REPAIR_PRIORITY, MAX_CREWS, REPAIR_PRIORITIES } from '../../domain/network/index.js';

export { DEFAULT_REPAIR_PRIORITY, MAX_CREWS, REPAIR_PRIORITIES, type RepairPriority } from '../../domain/network/index.js';

export const DEFAULT_TIME_STEP_HOURS = 1;
export const DEFAULT_CUSTOMERS_PER_LOAD = 1;
/** One minute: the finest time axis an impact run draws (docs/hardening.md, "Request bounds"). */
export const MIN_TIME_STEP_HOURS = 1 / 60;
/** Minutes from a fault to its section's isolation and the ties' closing (docs/output-impact.md, "Switching"): manual field switching. */
export const DEFAULT_SWITCHING_DELAY_MINUTES = 60;
export const SWITCHING_MODES = ['flisr', 'none'] as const;
/** Crew speed between sites, km/h (docs/output-impact.md, "Crew travel"). */
export const DEFAULT_CREW_SPEED_KMH = 30;

const positiveNumber = (what: string) => v.pipe(v.number(), v.gtValue(0, `${what} must be greater than 0`));

/** The scenario request plus how restoration and the metrics are computed. */
export const ImpactRequest = v.strictObject({
  // The analysis reads the outages of the scenarios it draws, from a ZIP it keeps to itself; their
  // restoration comes from the analysis itself. Its result is the impact SQLite file (docs/output-impact.md).
  ...v.omit(ScenarioRequest, ['restoration_edits', 'format']).entries,
  crews: v.pipe(
    v.optional(
      v.nullable(
        v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(MAX_CREWS, `must be at most ${MAX_CREWS}`)),
      ),
      null,
    ),
    v.description(
      `repair crews working at once (at most ${MAX_CREWS}); null or absent: no limit (every repair starts as soon as the hazard lets crews work at its asset)`,
    ),
  ),
  switching: v.pipe(
    v.optional(v.picklist(SWITCHING_MODES, `must be one of ${SWITCHING_MODES.join(', ')}`), 'flisr'),
    v.description(
      'flisr (default): the nearest upstream switch, fuse or recloser (or the source breaker) interrupts a fault, then after switching_delay_minutes the faulted section is isolated and normally open ties close; none: each failed element is isolated at once by itself and ties stay open',
    ),
  ),
  switching_delay_minutes: v.pipe(
    v.optional(v.pipe(v.number(), v.minValue(0, 'must be at least 0'), v.maxValue(10080, 'must be at most 10080 (one week)')), DEFAULT_SWITCHING_DELAY_MINUTES),
    v.description(
      `minutes from a fault to isolation and tie closing (default ${DEFAULT_SWITCHING_DELAY_MINUTES}: manual switching; a few minutes for automated FLISR)`,
    ),
  ),
  priority: v.pipe(
    v.optional(v.picklist(REPAIR_PRIORITIES, `must be one of ${REPAIR_PRIORITIES.join(', ')}`), DEFAULT_REPAIR_PRIORITY),
    v.description(
      `order in which crews take ready repairs: customers (default: most customers back per crew-hour), critical (repairs that bring back critical loads first, then as customers) or fifo (first ready, first repaired)`,
    ),
  ),
  critical_loads: v.pipe(
    v.optional(v.array(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))), []),
    v.description('uuids or names of the critical loads (hospitals, water, emergency services), for priority critical'),
  ),
  crew_travel: v.pipe(
    v.optional(
      v.nullable(
        v.strictObject({
          depot: v.strictObject({
            longitude: v.pipe(v.number(), v.minValue(-180, 'must be at least -180'), v.maxValue(180, 'must be at most 180')),
            latitude: v.pipe(v.number(), v.minValue(-90, 'must be at least -90'), v.maxValue(90, 'must be at most 90')),
          }),
          speed_kmh: v.optional(v.pipe(positiveNumber('speed_kmh'), v.maxValue(200, 'must be at most 200')), DEFAULT_CREW_SPEED_KMH),
        }),
      ),
      null,
    ),
    v.description(
      `crews drive in straight lines from the depot (WGS-84 degrees) to a repair and from one repair to the next at speed_kmh (default ${DEFAULT_CREW_SPEED_KMH}); null or absent: no travel time`,
    ),
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
  switching: v.pipe(v.picklist(SWITCHING_MODES), v.description('switching before repair (flisr) or none')),
  switching_delay_minutes: v.number(),
  priority: v.pipe(v.picklist(REPAIR_PRIORITIES), v.description('order in which crews take ready repairs')),
  work_rule: v.pipe(v.string(), v.description('when crews may work at a failed asset (docs/output-impact.md)')),
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
    v.description(
      'per-sample metrics, IEEE 1366-2022 event indices among them (customers_interrupted = CI, customer_minutes_interrupted = CMI, saifi, saidi_minutes, caidi_minutes), summarized over samples: mean, P10, P50, P90 (linear interpolation), min, max; caidi_minutes over the samples with an interruption',
    ),
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

/** The fields of an impact request that say how restoration and metrics are computed (the rest draws the scenarios). */
export const ANALYSIS_FIELDS = [
  'crews',
  'customers_per_load',
  'time_step_hours',
  'switching',
  'switching_delay_minutes',
  'priority',
  'critical_loads',
  'crew_travel',
] as const;
export type ImpactAnalysisSettings = Pick<ImpactRequest, (typeof ANALYSIS_FIELDS)[number]>;
/** How repairs are ordered and reached: what the impact task carries beside crews. */
export type RestorationSettings = Pick<ImpactRequest, 'switching' | 'switching_delay_minutes' | 'priority' | 'critical_loads' | 'crew_travel'>;

/** An impact request split into its analysis settings and its scenario request. */
export function splitImpactRequest(request: ImpactRequest): {
  analysis: ImpactAnalysisSettings;
  scenarios: Omit<ImpactRequest, (typeof ANALYSIS_FIELDS)[number]>;
} {
  const { crews, customers_per_load, time_step_hours, switching, switching_delay_minutes, priority, critical_loads, crew_travel, ...scenarios } = request;
  return { analysis: { crews, customers_per_load, time_step_hours, switching, switching_delay_minutes, priority, critical_loads, crew_travel }, scenarios };
}

/** The restoration settings of an impact request's analysis settings. */
export function restorationSettingsOf(analysis: ImpactAnalysisSettings): RestorationSettings {
  const { switching, switching_delay_minutes, priority, critical_loads, crew_travel } = analysis;
  return { switching, switching_delay_minutes, priority, critical_loads, crew_travel };
}
