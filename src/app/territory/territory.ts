/**
 * `hazsim territory build` and `hazsim hindcast` (POST /hindcast, MCP hindcast): a territory is
 * one ordinary cached distribution model per county, `<territory>.<fips>`, made of copies of
 * template feeders; a hindcast runs the impact analysis on each and compares the counties'
 * outages with observed ones (docs/hindcast.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { HazsimError } from '../../base/errors.js';
import { parseOrThrow } from '../../base/validation.js';
import { PACKAGE_ROOT } from '../../base/version.js';
import type { ModelStore } from '../cache/store.js';
import type { UploadRequest, UploadResult } from '../models/modelService.js';
import type { EstimateImpactOptions, ImpactOutcome } from '../impact/impact.js';
import { deliverBytes, prepareResultDestination, privateResultPath, type DestinationOptions, type OutputFileKind } from '../results/resultOutput.js';
import { areaKm2, type CountyShape } from '../../domain/territory/countyShape.js';
import { readCustomersTable } from '../../domain/territory/customersTable.js';
import { countyModel, type TemplateFeeder } from '../../domain/territory/feederCopies.js';
import { compareHindcast, type CountyComparison, type PredictedCounty } from '../../domain/territory/hindcastMetrics.js';
import { readObservedOutages } from '../../domain/territory/observedOutages.js';
import { placeCopies } from '../../domain/territory/placement.js';
import { settlementClassOf, type SettlementClass } from '../../domain/territory/settlement.js';
import { countiesOfState, countyAtlas, countyShape } from './counties.js';
import { HindcastRequest, TerritoryBuildRequest, type HindcastResponse } from './territorySchemas.js';

/** The template a class gets when the request names none: hazsim's example feeder, shipped in the package. */
export const BUNDLED_TEMPLATE = 'example_feeder';
const BUNDLED_TEMPLATE_FILE = path.join(PACKAGE_ROOT, 'examples', 'feeder', 'example_feeder.json');

export interface TerritoryCounty {
  fips: string;
  name: string;
  customers: number;
  area_km2: number;
  customers_per_km2: number;
  settlement_class: SettlementClass;
  template: string;
  copies: number;
  model: string;
}

export interface TerritoryBuildResult {
  status: 'success';
  message: string;
  territory_name: string;
  customers_per_copy: number;
  seed: number;
  total_customers: number;
  total_copies: number;
  counties: TerritoryCounty[];
  /** Counties of the selection with no customers, or (a state's) missing from the customers table: no model is made for them. */
  skipped: { fips: string; name: string; reason: string }[];
}

/** The hindcast's answer, as its schema (territorySchemas.ts) declares it. */
export type HindcastResult = HindcastResponse;

/** Where `hazsim hindcast -o` puts the per-county table, checked before the first county runs (docs/hardening.md). */
export interface HindcastOutputOptions extends DestinationOptions {
  outputPath?: string;
}

interface TerritoryDependencies {
  stores: { distribution: ModelStore; hazard: ModelStore };
  /** The cache root: the hindcast's CSV may not land inside it. */
  cacheRoot: string;
  uploadModel(request: UploadRequest): Promise<UploadResult>;
  estimateImpact(request: unknown, options?: EstimateImpactOptions): Promise<ImpactOutcome>;
}

/** The cached model of one county of a territory. */
export function countyModelName(territory: string, fips: string): string {
  return `${territory}.${fips}`;
}

function parseTemplate(name: string, text: string): TemplateFeeder {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HazsimError('invalid_input', `Template ${name} is not JSON: ${(error as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { components?: unknown }).components)) {
    throw new HazsimError('invalid_input', `Template ${name} is not a GDM distribution system (no components list): territories copy GDM feeders`);
  }
  return { name, json: json as Record<string, unknown> };
}

export function createTerritoryOps(dependencies: TerritoryDependencies) {
  const { stores } = dependencies;

  function templateOf(name: string | undefined, loaded: Map<string, TemplateFeeder>): TemplateFeeder {
    const key = name ?? BUNDLED_TEMPLATE;
    let template = loaded.get(key);
    if (!template) {
      template = parseTemplate(key, name === undefined ? fs.readFileSync(BUNDLED_TEMPLATE_FILE, 'utf8') : stores.distribution.readText(name));
      loaded.set(key, template);
    }
    return template;
  }

  /** Builds and caches one model per county of the selection (docs/hindcast.md, "Building a territory"). */
  async function buildTerritory(input: unknown): Promise<TerritoryBuildResult> {
    const request = parseOrThrow(TerritoryBuildRequest, input, 'territory build request');
    const customers = readCustomersTable(request.customers_csv);
    const shapes: CountyShape[] = request.state !== undefined ? countiesOfState(request.state) : [...new Set(request.counties)].map(countyShape);
    const missing = shapes.filter((shape) => !customers.has(shape.fips));
    // Named counties must all be in the table; a state's counties the table lacks (MCC.csv lacks six of North Carolina's) are skipped and listed.
    if (missing.length > 0 && request.counties !== undefined) {
      throw new HazsimError(
        'invalid_input',
        `The customers table has no row for ${missing.length} selected count${missing.length === 1 ? 'y' : 'ies'}: ${missing.map((shape) => `${shape.fips} (${shape.name})`).join(', ')}`,
        missing.map((shape) => ({ path: 'customers_csv', message: `no row for county ${shape.fips}` })),
      );
    }
    const served = shapes.filter((shape) => (customers.get(shape.fips) ?? 0) > 0);
    if (!request.overwrite) {
      const taken = served.map((shape) => countyModelName(request.territory_name, shape.fips)).filter((name) => stores.distribution.has(name));
      if (taken.length > 0)
        throw new HazsimError(
          'conflict',
          `Territory ${request.territory_name} already has ${taken.length} county model(s) (${taken.slice(0, 3).join(', ')}...); pass overwrite to replace them`,
        );
    }
    const loaded = new Map<string, TemplateFeeder>();
    const counties: TerritoryCounty[] = [];
    for (const shape of served) {
      const count = customers.get(shape.fips)!;
      const area = areaKm2(shape);
      const settlement = settlementClassOf(count / area);
      const template = templateOf(request.templates[settlement], loaded);
      const copies = placeCopies(shape, count, request.customers_per_copy, request.seed);
      const model = countyModelName(request.territory_name, shape.fips);
      const description = `Territory ${request.territory_name}: ${shape.name} (${shape.fips}), ${count} customers, ${settlement}, ${copies.length} copies of ${template.name} (seed ${request.seed})`;
      const json = countyModel({ template, modelName: model, description, fips: shape.fips, copies });
      await dependencies.uploadModel({
        fileName: `${model}.json`,
        bytes: Buffer.from(JSON.stringify(json)),
        kind: 'distribution',
        name: model,
        description,
        overwrite: request.overwrite,
      });
      counties.push({
        fips: shape.fips,
        name: shape.name,
        customers: count,
        area_km2: area,
        customers_per_km2: count / area,
        settlement_class: settlement,
        template: template.name,
        copies: copies.length,
        model,
      });
    }
    const totalCustomers = counties.reduce((sum, county) => sum + county.customers, 0);
    const totalCopies = counties.reduce((sum, county) => sum + county.copies, 0);
    return {
      status: 'success',
      message: `Territory ${request.territory_name} built: ${counties.length} county models, ${totalCopies} feeder copies serving ${totalCustomers} customers`,
      territory_name: request.territory_name,
      customers_per_copy: request.customers_per_copy,
      seed: request.seed,
      total_customers: totalCustomers,
      total_copies: totalCopies,
      counties,
      skipped: shapes
        .filter((shape) => !served.includes(shape))
        .map((shape) => ({ fips: shape.fips, name: shape.name, reason: customers.has(shape.fips) ? 'no customers' : 'not in the customers table' })),
    };
  }

  /** The county models of a territory, by FIPS; not_found when there are none. */
  function territoryModels(territory: string): { fips: string; model: string }[] {
    const pattern = new RegExp(`^${territory.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d{5})$`);
    const models = stores.distribution
      .list()
      .map((record) => ({ model: record.name, match: pattern.exec(record.name) }))
      .filter((entry) => entry.match !== null)
      .map((entry) => ({ fips: entry.match![1], model: entry.model }))
      .sort((a, b) => a.fips.localeCompare(b.fips));
    if (models.length === 0)
      throw new HazsimError('not_found', `No territory named ${territory}: no cached model ${territory}.<fips> (build one with hazsim territory build)`);
    return models;
  }

  /** The mean customers-out curve of an impact result, by UTC time. */
  function meanCurve(sqlitePath: string): Map<string, number> {
    const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT timestamp, customers_out_mean FROM curves ORDER BY hours').all() as { timestamp: string; customers_out_mean: number }[];
      return new Map(rows.map((row) => [`${row.timestamp}Z`, row.customers_out_mean]));
    } finally {
      db.close();
    }
  }

  /** Runs the impact analysis on every county of the territory and compares it with the observed outages (docs/hindcast.md, "Metrics"). */
  /** The hindcast of a request; with `outputPath` its per-county table is also written as CSV there (`csv_path`). */
  async function hindcast(
    input: unknown,
    options: Pick<EstimateImpactOptions, 'signal' | 'onProgress' | 'workers'> & HindcastOutputOptions = {},
  ): Promise<HindcastResult> {
    const request = parseOrThrow(HindcastRequest, input, 'hindcast request');
    const observed = readObservedOutages(request.observed_csv);
    const models = territoryModels(request.territory_name);
    stores.hazard.get(request.hazard_system_name);
    const { territory_name: territory, observed_csv: _observed, ...impactFields } = request;
    const { outputPath, signal, onProgress, workers } = options;
    const table =
      outputPath === undefined
        ? null
        : prepareResultDestination(outputPath, `${territory}_${request.hazard_system_name}_hindcast.csv`, dependencies.cacheRoot, {
            ...options,
            kind: HINDCAST_CSV_KIND,
          });
    const names = countyAtlas().counties;
    const predicted: PredictedCounty[] = [];
    const territoryCurve = new Map<string, number>();
    for (const { fips, model } of models) {
      // A private result file, so the start-up sweep removes it if this process is killed mid-run.
      const outputPath = privateResultPath(`hindcast-${fips}.sqlite`);
      let summary: ImpactOutcome['summary'];
      let curve: Map<string, number>;
      try {
        ({ summary } = await dependencies.estimateImpact(
          { ...impactFields, distribution_system_name: model },
          { signal, onProgress, workers, outputPath, overwrite: true },
        ));
        curve = meanCurve(outputPath);
      } finally {
        fs.rmSync(outputPath, { force: true });
      }
      let peakTime: string | null = null;
      let peak = 0;
      for (const [time, customers] of curve) {
        territoryCurve.set(time, (territoryCurve.get(time) ?? 0) + customers);
        if (customers > peak) {
          peak = customers;
          peakTime = time;
        }
      }
      predicted.push({
        fips,
        name: names.get(fips)?.name ?? fips,
        customers: summary.network.customers,
        peakCustomers: summary.metrics.customers_out_peak?.mean ?? 0,
        peakTime,
        customerHours: summary.metrics.customer_hours?.mean ?? 0,
      });
    }
    const { counties, metrics } = compareHindcast(predicted, observed, territoryCurve);
    const result: HindcastResult = {
      status: 'success',
      message: `Hindcast of ${territory} under ${request.hazard_system_name}: ${metrics.counties_compared} of ${counties.length} counties compared`,
      territory_name: territory,
      hazard_system_name: request.hazard_system_name,
      curve_set: request.curve_set,
      number_of_samples: request.number_of_samples,
      seed: request.seed,
      observed_format: observed.format,
      counties,
      metrics,
    };
    return table ? { ...result, csv_path: await deliverBytes(table, hindcastCsv(result)) } : result;
  }

  return { buildTerritory, hindcast };
}

const CSV_COLUMNS: readonly (keyof CountyComparison)[] = [
  'fips',
  'name',
  'customers',
  'predicted_peak_fraction',
  'observed_peak_fraction',
  'peak_fraction_difference',
  'predicted_peak_time',
  'observed_peak_time',
  'predicted_customer_hours',
  'observed_customer_hours',
  'predicted_hours_per_customer',
  'observed_hours_per_customer',
];

/** The hindcast's CSV, told by its header line: `-o` replaces such a table, a file of another kind only with --overwrite. */
const HINDCAST_CSV_KIND: OutputFileKind = {
  label: 'a hindcast county table',
  // The header line is longer than the head read, so the head is a prefix of it.
  begins: (head) => head.length > 0 && `${CSV_COLUMNS.join(',')}\n`.startsWith(head.toString('latin1')),
};

/** The per-county table of a hindcast as CSV (empty cells: no value). */
function hindcastCsv(result: HindcastResult): string {
  const cell = (value: unknown) =>
    value === null || value === undefined ? '' : /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
  return [CSV_COLUMNS.join(','), ...result.counties.map((county) => CSV_COLUMNS.map((column) => cell(county[column])).join(','))].join('\n') + '\n';
}
