import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, formatTable, OVERWRITE_HELP } from './output.js';
import { addRunOptions, parseSamples, parseSeed, runOptionFields, type RunOptions } from './simulate.js';
import { HazsimError } from '../src/base/errors.js';
import { streamsToStdout } from '../src/app/results/resultOutput.js';
import type { HindcastResult } from '../src/app/territory/territory.js';
import { DEFAULT_CUSTOMERS_PER_COPY, SETTLEMENT_CLASSES, type SettlementClass } from '../src/app/territory/territorySchemas.js';

/** A file the user names, as text; not_found naming the option when it cannot be read. */
function readUserFile(file: string, option: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new HazsimError('not_found', `Cannot read ${option} ${file}: ${(error as Error).message}`);
  }
}

/** --template <model> (every class) or --template <class>=<model>, repeatable. */
function collectTemplate(value: string, previous: Partial<Record<SettlementClass, string>>): Partial<Record<SettlementClass, string>> {
  const match = /^(\w+)=(.+)$/.exec(value);
  if (!match) return Object.fromEntries(SETTLEMENT_CLASSES.map((settlement) => [settlement, value]));
  const settlement = match[1] as SettlementClass;
  if (!SETTLEMENT_CLASSES.includes(settlement)) throw new InvalidArgumentError(`class must be one of ${SETTLEMENT_CLASSES.join(', ')}`);
  return { ...previous, [settlement]: match[2] };
}

function parseCounties(value: string): string[] {
  const counties = value.split(',').map((fips) => fips.trim());
  if (!counties.every((fips) => /^\d{5}$/.test(fips))) throw new InvalidArgumentError('must be five-digit county FIPS codes separated by commas');
  return counties;
}

function parsePositiveWhole(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a whole number >= 1');
  return Number(value);
}

interface BuildOptions extends GlobalOptions {
  counties?: string[];
  state?: string;
  customers: string;
  template: Partial<Record<SettlementClass, string>>;
  customersPerCopy: number;
  seed: number;
  overwrite?: boolean;
}

export function makeTerritoryCommand(context: CommandContext): Command {
  const territory = new Command('territory').description('territories: copies of template feeders placed over counties (docs/hindcast.md)');
  territory
    .command('build')
    .description(
      "place copies of template feeders over counties, enough to serve each county's customers; one cached distribution model per county, <territory>.<fips>",
    )
    .argument('<territory>', 'territory name')
    .option('--counties <fips,...>', 'five-digit county FIPS codes', parseCounties)
    .option('--state <state>', 'every county of a state: FIPS (37), postal code (NC) or name')
    .requiredOption(
      '--customers <csv>',
      'customers per county: CSV with a county column (County_FIPS, fips, fips_code or geoid) and Customers, as EAGLE-I MCC.csv',
    )
    .option(
      '--template <[class=]model>',
      `cached GDM feeder copied into counties of a class (${SETTLEMENT_CLASSES.join(', ')}; no class: all); default: the bundled example feeder`,
      collectTemplate,
      {},
    )
    .option('--customers-per-copy <count>', 'customers one template copy serves', parsePositiveWhole, DEFAULT_CUSTOMERS_PER_COPY)
    .option('--seed <seed>', 'seed of the placement', parseSeed, 0)
    .option('--overwrite', 'replace county models of the territory that exist')
    .action(async (name: string, options: BuildOptions) => {
      const service = context.service(options);
      const result = await service.territories.build({
        territory_name: name,
        ...(options.counties ? { counties: options.counties } : {}),
        ...(options.state !== undefined ? { state: options.state } : {}),
        customers_csv: readUserFile(options.customers, '--customers'),
        templates: options.template,
        customers_per_copy: options.customersPerCopy,
        seed: options.seed,
        overwrite: options.overwrite ?? false,
      });
      emit(context, options, result, () =>
        [
          result.message,
          formatTable(
            context,
            ['FIPS', 'COUNTY', 'CUSTOMERS', 'PER KM2', 'CLASS', 'TEMPLATE', 'COPIES', 'MODEL'],
            result.counties.map((county) => [
              county.fips,
              county.name,
              county.customers,
              county.customers_per_km2.toFixed(1),
              county.settlement_class,
              county.template,
              county.copies,
              county.model,
            ]),
          ),
          ...result.skipped.map((county) => `skipped ${county.fips} (${county.name}): ${county.reason}`),
        ].join('\n'),
      );
    });
  return territory;
}

interface HindcastOptions extends RunOptions {
  observed: string;
  samples: number;
  seed: number;
  report?: string;
  output?: string;
  overwrite?: boolean;
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);
const fixed = (value: number | null, digits = 3) => (value === null ? '-' : value.toFixed(digits));

function formatHindcast(context: CommandContext, result: HindcastResult): string {
  const { metrics } = result;
  return [
    result.message,
    ...(result.csv_path === undefined || streamsToStdout(result.csv_path) ? [] : [`Wrote ${result.csv_path}`]),
    formatFields([
      ['counties compared', String(metrics.counties_compared)],
      ['bias (peak fraction)', fixed(metrics.bias)],
      ['median abs. error', fixed(metrics.median_absolute_error)],
      ['Spearman rho', fixed(metrics.spearman)],
      [
        `counties > ${metrics.hard_hit.threshold * 100} % out`,
        `observed ${metrics.hard_hit.observed}, predicted ${metrics.hard_hit.predicted}, hits ${metrics.hard_hit.hits}, false alarms ${metrics.hard_hit.false_alarms}, hit rate ${percent(metrics.hard_hit.hit_rate)}`,
      ],
      [
        'territory peak',
        `predicted ${Math.round(metrics.territory.predicted_peak_customers)} of ${metrics.territory.customers} (${metrics.territory.predicted_peak_time ?? '-'}), observed ${metrics.territory.observed_peak_customers ?? '-'}`,
      ],
      [
        'customer-hours',
        `predicted ${Math.round(metrics.territory.predicted_customer_hours)}, observed ${metrics.territory.observed_customer_hours === null ? '-' : Math.round(metrics.territory.observed_customer_hours)}`,
      ],
    ]),
    '',
    formatTable(
      context,
      ['FIPS', 'COUNTY', 'CUSTOMERS', 'PREDICTED', 'OBSERVED', 'DIFF'],
      result.counties.map((county) => [
        county.fips,
        county.name,
        county.customers,
        percent(county.predicted_peak_fraction),
        percent(county.observed_peak_fraction),
        fixed(county.peak_fraction_difference),
      ]),
    ),
  ].join('\n');
}

export function makeHindcastCommand(context: CommandContext): Command {
  const command = new Command('hindcast')
    .description(
      'impact over every county of a territory, compared with observed county outages: peak fraction out, time of peak, customer-hours, skill metrics (docs/hindcast.md)',
    )
    .argument('<territory>', 'territory name (hazsim territory build)')
    .argument('<hazard>', 'cached hazard model (e.g. a best track uploaded with hazsim upload)')
    .requiredOption(
      '--observed <csv>',
      'observed outages: EAGLE-I records (fips_code, customers_out, run_start_time UTC) or a county table (geoid, max_pct_out, avg_customer_hrs_out)',
    )
    .requiredOption('-n, --samples <count>', 'scenarios per county', parseSamples)
    .option('--seed <seed>', 'random seed', parseSeed, 0)
    .option('-o, --output <csv>', 'also write the per-county table as CSV, to a file or folder ("-": standard output, the summary then on stderr)')
    .option('--report <html>', 'also write the HTML page: county maps of predicted, observed and difference, the scatter, the metrics (docs/report.md)')
    .option('--overwrite', OVERWRITE_HELP)
    .addHelpText(
      'after',
      `
Examples:
  $ hazsim hindcast nc florence --observed florence_eaglei.csv -n 100 -o nc.csv --report nc.html
  $ hazsim hindcast nc florence --observed florence_eaglei.csv -n 100 --json > nc.json
  $ hazsim report nc.json -o nc.html     # the page of a saved answer`,
    );
  return addRunOptions(command).action(async (territory: string, hazard: string, options: HindcastOptions) => {
    const service = context.service(options);
    if (streamsToStdout(options.output) && streamsToStdout(options.report))
      throw new HazsimError('invalid_input', '-o and --report both name standard output ("-"); give one of them a file', [
        { path: '--report', message: 'standard output is already the CSV of -o' },
      ]);
    // Whichever file goes to standard output, the summary goes to stderr.
    const streamed = streamsToStdout(options.output) ? options.output : options.report;
    const result = await service.territories.hindcast(
      {
        territory_name: territory,
        hazard_system_name: hazard,
        observed_csv: readUserFile(options.observed, '--observed'),
        number_of_samples: options.samples,
        seed: options.seed,
        ...(options.curveSet ? { curve_set: options.curveSet } : {}),
        ...runOptionFields(options),
      },
      { outputPath: options.output, overwrite: options.overwrite },
    );
    // The answer first: a page that cannot be written (a folder missing) must not lose a run of minutes.
    emit(context, { ...options, output: streamed }, result, () => formatHindcast(context, result));
    if (options.report !== undefined) {
      const page = await service.reports.fromHindcast(result, { outputPath: options.report, option: '--report' });
      if (!options.json) (streamed === undefined ? context.stdout : context.stderr).write(`Wrote ${page.filePath}\n`);
    }
  });
}
