/**
 * The requests of `hazsim territory build` and `hazsim hindcast` (POST /hindcast, the MCP tool
 * hindcast): one valibot schema each, the source of validation, OpenAPI and MCP schemas
 * (docs/hindcast.md).
 */
import * as v from 'valibot';
import { ModelName } from '../contract/schemas.js';
import { ImpactRequest } from '../impact/impactSchemas.js';
import { DEFAULT_CUSTOMERS_PER_COPY } from '../../domain/territory/placement.js';

export { DEFAULT_CUSTOMERS_PER_COPY } from '../../domain/territory/placement.js';
export { SETTLEMENT_CLASSES, type SettlementClass } from '../../domain/territory/settlement.js';

/** A territory's name: its county models are named `<territory>.<fips>`, so it follows the model names' rule (docs/cache.md) with room for the suffix. */
export const TerritoryName = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,100}$/, 'must be 1 to 101 characters of A-Z a-z 0-9 . _ -, not starting with a dot'),
  v.description('territory name; its county models are cached as <territory>.<fips>'),
);

const Fips = v.pipe(v.string(), v.regex(/^\d{5}$/, 'must be a five-digit county FIPS code'));

export const TerritoryBuildRequest = v.pipe(
  v.strictObject({
    territory_name: TerritoryName,
    counties: v.pipe(v.optional(v.pipe(v.array(Fips), v.minLength(1, 'must list at least one county'))), v.description('five-digit county FIPS codes')),
    state: v.pipe(v.optional(v.pipe(v.string(), v.minLength(1))), v.description('every county of this state: FIPS (37), postal code (NC) or name')),
    customers_csv: v.pipe(
      v.string(),
      v.description('CSV text of customers per county: a county column (County_FIPS, fips, fips_code or geoid) and a Customers column, as EAGLE-I MCC.csv'),
    ),
    templates: v.pipe(
      v.optional(
        v.strictObject({
          urban: v.optional(ModelName),
          suburban: v.optional(ModelName),
          rural: v.optional(ModelName),
        }),
        {},
      ),
      v.description('cached distribution model copied into counties of each class; a class without one gets the bundled example feeder'),
    ),
    customers_per_copy: v.pipe(
      v.optional(v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1')), DEFAULT_CUSTOMERS_PER_COPY),
      v.description(`customers one template copy serves (default ${DEFAULT_CUSTOMERS_PER_COPY})`),
    ),
    seed: v.pipe(v.optional(v.pipe(v.number(), v.integer('must be a whole number')), 0), v.description('seed of the placement (default 0)')),
    overwrite: v.pipe(v.optional(v.boolean(), false), v.description('replace county models of the territory that exist')),
  }),
  v.check((request) => (request.counties === undefined) !== (request.state === undefined), 'give either counties or state, not both'),
);
export type TerritoryBuildRequest = v.InferOutput<typeof TerritoryBuildRequest>;

export const HindcastRequest = v.strictObject({
  territory_name: TerritoryName,
  observed_csv: v.pipe(
    v.string(),
    v.description(
      'CSV text of observed outages: EAGLE-I records (fips_code, customers_out, run_start_time in UTC) or a county table (geoid, max_pct_out, avg_customer_hrs_out)',
    ),
  ),
  ...v.omit(ImpactRequest, ['distribution_system_name']).entries,
});
export type HindcastRequest = v.InferOutput<typeof HindcastRequest>;

const Fraction = v.nullable(v.number());
const UtcTime = v.nullable(v.pipe(v.string(), v.description('ISO 8601, UTC')));

/** A hindcast's answer (CLI --json, POST /hindcast, MCP hindcast); its per-county rows are also the CSV's. */
export const HindcastResponse = v.strictObject({
  status: v.literal('success'),
  message: v.string(),
  territory_name: TerritoryName,
  hazard_system_name: v.string(),
  curve_set: v.string(),
  number_of_samples: v.number(),
  seed: v.number(),
  observed_format: v.pipe(v.picklist(['eaglei_records', 'county_table']), v.description('the layout the observed table was read in')),
  counties: v.array(
    v.strictObject({
      fips: v.string(),
      name: v.string(),
      customers: v.pipe(v.number(), v.description("customers the county's model serves")),
      predicted_peak_fraction: v.pipe(v.number(), v.description('mean over samples of the most customers out at once / customers')),
      observed_peak_fraction: Fraction,
      peak_fraction_difference: v.pipe(Fraction, v.description('predicted − observed')),
      predicted_peak_time: v.pipe(UtcTime, v.description('when the mean customers-out curve is highest')),
      observed_peak_time: UtcTime,
      predicted_customer_hours: v.pipe(v.number(), v.description('mean over samples')),
      observed_customer_hours: Fraction,
      predicted_hours_per_customer: v.number(),
      observed_hours_per_customer: Fraction,
    }),
  ),
  metrics: v.strictObject({
    counties_compared: v.number(),
    bias: v.pipe(Fraction, v.description('mean of predicted − observed peak fraction')),
    median_absolute_error: Fraction,
    spearman: v.pipe(Fraction, v.description("Spearman's rank correlation of predicted and observed peak fraction")),
    hard_hit: v.strictObject({
      threshold: v.number(),
      observed: v.number(),
      predicted: v.number(),
      hits: v.number(),
      false_alarms: v.number(),
      hit_rate: v.pipe(Fraction, v.description('hits / counties observed above the threshold')),
    }),
    territory: v.strictObject({
      customers: v.number(),
      predicted_peak_customers: v.number(),
      predicted_peak_time: UtcTime,
      observed_peak_customers: v.nullable(v.number()),
      observed_peak_time: UtcTime,
      predicted_customer_hours: v.number(),
      observed_customer_hours: v.nullable(v.number()),
    }),
  }),
  // An answer saved with `hazsim hindcast -o <csv> --json` carries where the CSV went; its page reads it as it reads any answer.
  csv_path: v.optional(v.pipe(v.string(), v.description('where `hazsim hindcast -o` wrote the per-county CSV (the CLI only)'))),
});
export type HindcastResponse = v.InferOutput<typeof HindcastResponse>;

/** What writing a hindcast's page answers (`hazsim report <answer.json> --json`, MCP hindcast_report). */
export const HindcastReportResult = v.strictObject({
  status: v.literal('success'),
  file_path: v.string(),
  counties_drawn: v.pipe(v.number(), v.description('counties on the maps: those with an outline in us-atlas')),
  counties_compared: v.pipe(v.number(), v.description('points in the scatter: counties with an observed value')),
  size_bytes: v.number(),
  notes: v.array(v.string()),
});
export type HindcastReportResult = v.InferOutput<typeof HindcastReportResult>;
