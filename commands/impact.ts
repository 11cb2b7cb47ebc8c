import fs from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandContext } from './context.js';
import { emit, formatFields, formatTable, OVERWRITE_HELP } from './output.js';
import { progressReporter } from './progress.js';
import { addRunOptions, askRunInputs, parseSamples, parseSeed, parseShard, runRequest, type RunOptions } from './simulate.js';
import { HazsimError } from '../src/base/errors.js';
import type { ImpactSummary } from '../src/app/impact/impactSchemas.js';
import type { ShardSpec } from '../src/app/results/scenarioFormats.js';
import {
  DEFAULT_CREW_SPEED_KMH,
  DEFAULT_CUSTOMERS_PER_LOAD,
  DEFAULT_REPAIR_PRIORITY,
  DEFAULT_SWITCHING_DELAY_MINUTES,
  DEFAULT_TIME_STEP_HOURS,
  SWITCHING_MODES,
  MAX_CREWS,
  REPAIR_PRIORITIES,
  type RepairPriority,
} from '../src/app/impact/impactSchemas.js';

interface ImpactOptions extends RunOptions {
  samples?: number;
  seed: number;
  method: 'peak' | 'sequential';
  crews?: number;
  switching: (typeof SWITCHING_MODES)[number];
  switchingDelay: number;
  priority: RepairPriority;
  criticalLoads?: string;
  depot?: { longitude: number; latitude: number };
  crewSpeed: number;
  customersPerLoad: number;
  timeStep: number;
  scenarios?: string;
  scenariosOutput?: string;
  restorationOutput?: string;
  shard?: ShardSpec;
}

function parseCrews(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a whole number >= 1');
  return Number(value);
}

function parseDepot(value: string): { longitude: number; latitude: number } {
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 2 || !parts.every(Number.isFinite)) throw new InvalidArgumentError('must be <longitude>,<latitude> in degrees');
  return { longitude: parts[0], latitude: parts[1] };
}

/** The critical loads listed in a file: one uuid or name per line; blank lines and lines starting with # are skipped. */
function criticalLoadsIn(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new HazsimError('not_found', `Cannot read the critical loads file ${file}: ${(error as Error).message}`);
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function parseNonNegative(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) throw new InvalidArgumentError('must be a number >= 0');
  return number;
}

function parsePositive(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('must be a number greater than 0');
  return number;
}

const hours = (value: number) => (value >= 48 ? `${value.toFixed(1)} h (${(value / 24).toFixed(1)} d)` : `${value.toFixed(1)} h`);

/** The human summary: inputs, network, metric distributions and the loads most exposed. */
export function formatImpact(context: CommandContext, summary: ImpactSummary): string {
  const m = summary.metrics;
  const row = (label: string, name: string, format: (value: number) => string) => {
    const d = m[name];
    return [label, format(d.mean), format(d.p10), format(d.p50), format(d.p90)];
  };
  const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  const fixed = (value: number) => value.toFixed(1);
  return [
    `Wrote ${summary.file_path}`,
    formatFields([
      [
        'scenarios',
        `${summary.number_of_samples} samples (seed ${summary.seed}${summary.method ? `, method ${summary.method}` : ''}) of ${summary.hazard_system_name ?? '-'}`,
      ],
      [
        'network',
        `${summary.network.loads_served} of ${summary.network.loads} loads served, ${count(summary.network.customers)} customers, ${summary.network.kw.toFixed(0)} kW`,
      ],
      [
        'restoration',
        `${summary.switching === 'flisr' ? `switching after ${summary.switching_delay_minutes} min` : 'no switching'}; ${summary.crews === null ? 'no crew limit' : `${summary.crews} crews`}, priority ${summary.priority}; repair times from ${summary.repair_times}; ${summary.work_rule}`,
      ],
      ['time axis', `${summary.time_axis.start} .. ${summary.time_axis.end} (${summary.time_axis.points} points, every ${summary.time_step_hours} h)`],
    ]),
    '',
    formatTable(
      context,
      ['PER SAMPLE', 'MEAN', 'P10', 'P50', 'P90'],
      [
        row('customers out (peak)', 'customers_out_peak', count),
        row('kW out (peak)', 'kw_out_peak', fixed),
        row('customer-hours', 'customer_hours', fixed),
        row('energy not served, kWh', 'energy_not_served_kwh', fixed),
        row('SAIFI (IEEE 1366, event)', 'saifi', (value) => value.toFixed(3)),
        row('SAIDI, min', 'saidi_minutes', fixed),
        row('CAIDI, min', 'caidi_minutes', fixed),
        row('50 % restored', 'restore_50_hours', hours),
        row('90 % restored', 'restore_90_hours', hours),
        row('100 % restored', 'restore_100_hours', hours),
      ],
    ),
    ...(summary.most_exposed_loads.length
      ? [
          '',
          'Most exposed loads:',
          formatTable(
            context,
            ['P(OUTAGE)', 'EXPECTED OUTAGE', 'CUSTOMERS', 'NAME'],
            summary.most_exposed_loads.map((load) => [load.outage_probability.toFixed(3), hours(load.expected_outage_hours), count(load.customers), load.name]),
          ),
        ]
      : ['', 'No load lost power in any sample.']),
  ].join('\n');
}

export function makeImpactCommand(context: CommandContext): Command {
  return addRunOptions(
    new Command('impact')
      .description('estimate who loses power and for how long: customers and kW out over time, restoration, per-load outage odds (SQLite)')
      .argument('[distribution]', 'cached distribution model name (with --scenarios: default the one the ZIP names)')
      .argument('[hazard]', 'cached hazard model name (not with --scenarios)')
      .option('-n, --samples <count>', 'number of scenarios to draw (required unless --scenarios)', parseSamples)
      .option('--seed <seed>', 'random seed, 0 to 2^32-1', parseSeed, 0),
  )
    .addOption(new Option('--method <method>', 'scenario sampling method').choices(['peak', 'sequential']).default('peak'))
    .option('--crews <count>', `repair crews working at once, at most ${MAX_CREWS} (default: no limit)`, parseCrews)
    .addOption(
      new Option('--switching <mode>', 'flisr: interrupt at the nearest upstream device, then isolate the faulted section and close ties; none: no switching')
        .choices(SWITCHING_MODES)
        .default('flisr'),
    )
    .option('--switching-delay <minutes>', 'minutes from a fault to isolation and tie closing', parseNonNegative, DEFAULT_SWITCHING_DELAY_MINUTES)
    .addOption(
      new Option('--priority <order>', 'order of repairs: most customers back per crew-hour, critical loads first, or first ready first')
        .choices(REPAIR_PRIORITIES)
        .default(DEFAULT_REPAIR_PRIORITY),
    )
    .option('--critical-loads <file>', 'file of critical loads, one uuid or name per line (for --priority critical)')
    .option('--depot <lon,lat>', 'crews drive in straight lines from this depot and between repairs (default: no travel time)', parseDepot)
    .option('--crew-speed <kmh>', 'crew driving speed with --depot, km/h', parsePositive, DEFAULT_CREW_SPEED_KMH)
    .option('--customers-per-load <count>', 'customers of a load whose model gives none', parsePositive, DEFAULT_CUSTOMERS_PER_LOAD)
    .option('--time-step <hours>', 'spacing of the time axis, hours', parsePositive, DEFAULT_TIME_STEP_HOURS)
    .option('--scenarios <zip>', 'use the failures of an existing scenario ZIP instead of drawing them')
    .option('--scenarios-output <zip>', 'also keep the scenario ZIP drawn for the analysis')
    .option('--restoration-output <zip>', "also write the scenario ZIP with restoration edits (in_service true at each repair's restored_at)")
    .option(
      '--shard <i/N>',
      'analyse only part i of N (samples split by index) into a part file; `hazsim merge` of all N parts gives the unsharded result byte for byte',
      parseShard,
    )
    .option(
      '-o, --output <file>',
      'result file or folder ("-": standard output; default: ./{distribution}+{hazard}+{curve_set}_impact_{n}samples_seed{seed}_{method}.sqlite; a part: ./{distribution}_impact_{n}samples.shard-{i}-of-{N}.hzshard)',
    )
    .option('--overwrite', OVERWRITE_HELP)
    .action(async (distributionArgument: string | undefined, hazardArgument: string | undefined, options: ImpactOptions, command: Command) => {
      const service = context.service(options);
      const progress = progressReporter(context);
      const settings = {
        crews: options.crews ?? null,
        switching: options.switching,
        switching_delay_minutes: options.switchingDelay,
        priority: options.priority,
        critical_loads: options.criticalLoads ? criticalLoadsIn(options.criticalLoads) : [],
        crew_travel: options.depot ? { depot: options.depot, speed_kmh: options.crewSpeed } : null,
        customers_per_load: options.customersPerLoad,
        time_step_hours: options.timeStep,
      };
      const output = {
        outputPath: options.output,
        outputDir: process.cwd(),
        overwrite: options.overwrite,
        onProgress: progress.update,
        ...(options.restorationOutput !== undefined ? { restorationOutputPath: options.restorationOutput } : {}),
      };
      if (options.shard) {
        const shardOptions = ['scenarios', 'scenariosOutput', 'restorationOutput'];
        if (shardOptions.some((name) => command.getOptionValueSource(name) === 'cli')) {
          throw new HazsimError(
            'usage',
            '--shard draws its part of the scenarios itself: give no --scenarios, --scenarios-output or --restoration-output with it (the merged result is the same as without --shard)',
          );
        }
        if (options.samples === undefined) throw new HazsimError('usage', 'give the number of scenarios of the whole run with -n <count>');
        const inputs = await askRunInputs(context, service, distributionArgument, hazardArgument, options.curveSet);
        const part = await service.runs.estimateImpactShard(
          { ...runRequest(inputs, options), number_of_samples: options.samples, seed: options.seed, method: options.method, ...settings },
          options.shard,
          { outputPath: options.output, outputDir: process.cwd(), overwrite: options.overwrite, onProgress: progress.update },
        );
        progress.done();
        emit(context, options, part.summary, () =>
          [
            `Wrote ${part.filePath}`,
            formatFields([
              [
                'part',
                `${part.summary.shard_index}/${part.summary.shard_count}: samples ${part.summary.first_sample} to ${part.summary.end_sample - 1} of ${part.summary.number_of_samples}`,
              ],
              ['repairs', String(part.summary.repairs)],
              ['merge into', `the impact SQLite result (hazsim merge <all ${part.summary.shard_count} parts> -o <file>)`],
            ]),
          ].join('\n'),
        );
        return;
      }
      let outcome;
      if (options.scenarios) {
        const drawingOptions = ['samples', 'seed', 'method', 'curveSet', 'physics', 'groundMotionVariability', 'vegetation', 'scenariosOutput'];
        if (hazardArgument !== undefined || drawingOptions.some((name) => command.getOptionValueSource(name) === 'cli')) {
          throw new HazsimError(
            'usage',
            '--scenarios takes the failures from the ZIP: give no hazard, -n, --seed, --method, --curve-set, --physics, --ground-motion-variability, --vegetation or --scenarios-output with it',
          );
        }
        outcome = await service.runs.estimateImpactFromScenarios(
          options.scenarios,
          { ...(distributionArgument ? { distribution_system_name: distributionArgument } : {}), ...settings },
          output,
        );
      } else {
        if (options.samples === undefined)
          throw new HazsimError('usage', 'give the number of scenarios with -n <count>, or an existing scenario ZIP with --scenarios <zip>');
        const inputs = await askRunInputs(context, service, distributionArgument, hazardArgument, options.curveSet);
        outcome = await service.runs.estimateImpact(
          { ...runRequest(inputs, options), number_of_samples: options.samples, seed: options.seed, method: options.method, ...settings },
          { ...output, scenariosOutputPath: options.scenariosOutput },
        );
      }
      progress.done();
      emit(context, options, outcome.summary, () => formatImpact(context, outcome.summary));
    });
}
