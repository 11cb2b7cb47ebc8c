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
