/**
 * The layout of tracked_changes.json as a valibot schema: the one source of truth for the
 * published JSON Schema (docs/tracked_changes.schema.json, generated from it) and for the
 * tests that validate produced files.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';

/** Upper bound of number_of_samples unless configured otherwise (HAZSIM_MAX_SAMPLES). */
export const DEFAULT_MAX_SAMPLES = 100_000;
export const SamplingMethod = v.picklist(['peak', 'sequential']);

/** A number of Monte Carlo samples: an integer ≥ 1 (the upper bound is configurable, see scenarios/options). */
export const SampleCount = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'));

/** A scenario seed: an integer in [0, 2^32), the range seedrandom streams are derived from. */
export const Seed = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0, 'must be >= 0'), v.maxValue(2 ** 32 - 1, 'must be below 2^32'));

/** ISO 8601 date-time as the simulation writes it: date, `T` (or a space), time, optional fraction and zone. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** docs/specification.md §2.5 edit record, as hazsim writes it: the component goes out of service, or back in service with restoration edits (gdm PropertyEdit). */
export const EditRecord = v.strictObject({
  component_uuid: v.pipe(v.string(), v.minLength(1), v.description('uuid of the distribution model component')),
  name: v.pipe(v.literal('in_service'), v.description('the component attribute changed')),
  value: v.pipe(v.boolean(), v.description('its new value: false when it fails; true when it is restored (only with restoration edits)')),
});

/** docs/specification.md §2.5 scenario record (gdm TrackedChange without additions and deletions): the assets of one sample failing at one timestamp. */
export const ScenarioRecord = v.strictObject({
  scenario_name: v.pipe(v.string(), v.regex(/^sample_(?:0|[1-9]\d*)$/), v.description('sample_<index>, index from 0')),
  timestamp: v.pipe(
    v.string(),
    v.regex(ISO_DATE_TIME),
    v.description('when the components fail (they stay out of service afterwards) or, with restoration edits, are restored'),
  ),
  edits: v.pipe(v.array(EditRecord), v.minLength(1), v.description('sorted by component_uuid')),
});

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One edit: the component goes out of service (gdm PropertyEdit). */
export const TrackedChangeEdit = EditRecord;

/** One scenario record (gdm TrackedChange without additions and deletions): the assets of one sample failing at one timestamp. */
export const TrackedChange = ScenarioRecord;

/** What was run and what came out; the caller's own fields (inputs, sha256, curve set, hazsim version...) are kept alongside. */
export const TrackedChangesMetadata = v.looseObject({
  seed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1)),
  method: SamplingMethod,
  sampling: v.pipe(v.string(), v.description('what the method does, in words')),
  number_of_samples: v.pipe(v.number(), v.integer(), v.minValue(1)),
  rng: v.strictObject({
    name: v.literal('seedrandom.alea'),
    library: v.string(),
    derivation: v.pipe(v.string(), v.description('how the generator of each sample is seeded')),
    shaking: v.optional(v.pipe(v.string(), v.description('how the correlated earthquake shaking of each sample is seeded (runs with sample_survival only)'))),
  }),
  sample_survival: v.optional(v.pipe(v.string(), v.description('how survival varies from sample to sample (correlated earthquake shaking), when it does'))),
  asset_count: Count,
  timestamp_count: Count,
  timestamps: v.pipe(
    v.array(v.pipe(v.string(), v.regex(ISO_DATE_TIME))),
    v.description('the hazard timestamps, ascending (time_series/ and damage.csv use them; a feeder without assets has no time_series/)'),
  ),
  total_scenarios: v.pipe(Count, v.description('number of tracked_changes records')),
  total_failures: v.pipe(Count, v.description('failed assets summed over samples')),
  samples_with_failures: Count,
  failures_per_sample: v.pipe(
    v.array(Count),
    v.description('failed assets in each sample, by sample index; samples without failures have no record but a 0 here'),
  ),
  restoration: v.pipe(v.optional(v.string()), v.description('present when the records carry restoration edits: when each failed asset is back in service')),
});

/** tracked_changes.json. `tracked_changes` comes first in the file; key order carries no meaning. */
export const TrackedChangesDocument = v.strictObject({
  tracked_changes: v.pipe(v.array(TrackedChange), v.description('sorted by sample index, then timestamp')),
  metadata: TrackedChangesMetadata,
});
export type TrackedChangesDocument = v.InferOutput<typeof TrackedChangesDocument>;

/** The published JSON Schema (draft 2020-12) of tracked_changes.json. */
export function trackedChangesJsonSchema(): Record<string, unknown> {
  const { $schema, ...schema } = toJsonSchema(TrackedChangesDocument, { target: 'draft-2020-12' });
  return {
    $schema,
    title: 'hazsim tracked_changes.json',
    description: 'Monte Carlo outage scenarios of one hazsim run: every (sample, timestamp) with failures, and the run metadata. See docs/scenarios-zip.md.',
    ...schema,
  };
}
