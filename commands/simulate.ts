import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, formatTable, OVERWRITE_HELP, writeWarnings } from './output.js';
import { askIfMissing } from './prompts.js';
import { progressReporter } from './progress.js';
import type { HazsimService } from '../src/app/service.js';
import { DEFAULT_CURVE_SET, DEFAULT_PHYSICS, PHYSICS_PROFILES, type PhysicsProfileName } from '../src/app/contract/schemas.js';
import { readVegetationFile } from '../src/app/simulation/vegetationFile.js';
import { parseShardSpec, SCENARIO_FILE_FORMATS, SCENARIO_FORMATS, type ScenarioFormat, type ShardSpec } from '../src/app/results/scenarioFormats.js';

/** The options every run command shares (addRunOptions). */
export interface RunOptions extends GlobalOptions {
  curveSet?: string;
  physics: PhysicsProfileName;
  groundMotionVariability: GroundMotionVariabilityName;
  vegetation?: string;
  output?: string;
  overwrite?: boolean;
}

const GROUND_MOTION_VARIABILITY = ['integrated', 'median'] as const;
type GroundMotionVariabilityName = (typeof GROUND_MOTION_VARIABILITY)[number];

/** --curve-set, --physics, --ground-motion-variability and --vegetation: the fields of SimulationRequest that simulate, scenarios and impact all take. */
export function addRunOptions(command: Command): Command {
  return command
    .option('--curve-set <name>', `fragility curve set (default: ${DEFAULT_CURVE_SET})`)
    .addOption(
      new Option(
        '--physics <profile>',
        "physics profile: default (event peaks, storms followed between snapshots, lines along their route) or erad_v1 (ERAD's engine)",
      )
        .choices([...PHYSICS_PROFILES])
        .default(DEFAULT_PHYSICS),
    )
    .addOption(
      new Option(
        '--ground-motion-variability <mode>',
        'integrated: survival averaged over the earthquake ground-motion variability (the unconditional probability); median: survival at the median shaking',
      )
        .choices([...GROUND_MOTION_VARIABILITY])
        .default('integrated'),
    )
    .option(
      '--vegetation <file|default>',
      'trees beside the overhead lines, for tree-fall failures of their spans under wind (docs/vegetation.md): "default" (10 trees/ha of 8-28 m beside every distribution overhead line) or a JSON or CSV file of stands per line; without it: no trees',
    );
}

/** The SimulationRequest fields of a run command: the resolved names and the shared options. */
export function runRequest(inputs: { distribution: string; hazard: string; curveSet: string }, options: RunOptions) {
  return {
    distribution_system_name: inputs.distribution,
    hazard_system_name: inputs.hazard,
    curve_set: inputs.curveSet,
    ...runOptionFields(options),
  };
}

/** The request fields of addRunOptions' options but the curve set. */
export function runOptionFields(options: Pick<RunOptions, 'physics' | 'groundMotionVariability' | 'vegetation'>) {
  return {
    physics: options.physics,
    ground_motion_variability: options.groundMotionVariability,
    ...(options.vegetation !== undefined
      ? { vegetation: options.vegetation === 'default' ? ('default' as const) : readVegetationFile(options.vegetation) }
      : {}),
  };
}

/** The pair of model names and the curve set, asked for on a terminal when missing. */
export async function askRunInputs(
  context: CommandContext,
  service: HazsimService,
  distribution: string | undefined,
  hazard: string | undefined,
  curveSet: string | undefined,
) {
  const names = async (kind: 'distribution' | 'hazard') => (await service.models.list(kind)).map((record) => record.name);
  return {
    distribution: await askIfMissing(context, distribution, { name: '<distribution>', message: 'Distribution model', choices: () => names('distribution') }),
    hazard: await askIfMissing(context, hazard, { name: '<hazard>', message: 'Hazard model', choices: () => names('hazard') }),
    curveSet:
      curveSet ??
      (context.stdinIsTTY && (distribution === undefined || hazard === undefined)
        ? await askIfMissing(context, undefined, {
            name: '--curve-set',
            message: 'Fragility curve set',
            choices: async () => (await service.curveSets.list()).map((set) => set.name),
            defaultValue: DEFAULT_CURVE_SET,
          })
        : DEFAULT_CURVE_SET),
  };
}

export function makeSimulateCommand(context: CommandContext): Command {
  return addRunOptions(
    new Command('simulate')
      .description("compute every asset's survival probability at every hazard timestamp and write the SQLite result")
      .argument('[distribution]', 'cached distribution model name')
      .argument('[hazard]', 'cached hazard model name'),
  )
    .option('-o, --output <file>', 'result file or folder ("-": standard output; default: ./{distribution}+{hazard}+{curve_set}_results.sqlite)')
    .option('--overwrite', OVERWRITE_HELP)
    .action(async (distributionArgument: string | undefined, hazardArgument: string | undefined, options: RunOptions) => {
      const service = context.service(options);
      const inputs = await askRunInputs(context, service, distributionArgument, hazardArgument, options.curveSet);
      const progress = progressReporter(context);
      const outcome = await service.runs.simulate(runRequest(inputs, options), {
        outputPath: options.output,
        outputDir: process.cwd(),
        overwrite: options.overwrite,
        onProgress: progress.update,
      });
      progress.done();
      emit(context, options, { status: 'success', file_path: outcome.filePath, ...outcome.summary }, () => {
        const summary = outcome.summary;
        return [
          `Wrote ${outcome.filePath}`,
          formatFields([
            ['assets', `${summary.asset_count} (${summary.unlocated_count} unlocated, not simulated)`],
            ['timestamps', `${summary.timestamps.length} (${summary.timestamps[0] ?? '-'} .. ${summary.timestamps[summary.timestamps.length - 1] ?? '-'})`],
            ['hazard models', String(summary.hazard_count)],
            ['curve set', summary.curve_set],
            ['physics', summary.physics],
            [
              'assets by curve confidence',
              summary.assets_by_curve_confidence.map((entry) => `${entry.confidence} ${(100 * entry.share).toFixed(1)} % (${entry.assets})`).join(', ') || '-',
            ],
          ]),
          '',
          formatTable(
            context,
            ['ASSET TYPE', 'COUNT', 'LOWEST SURVIVAL'],
            Object.entries(summary.assets_by_type).map(([type, count]) => [type, count, summary.survival_statistics.lowest_by_type[type]?.toFixed(4) ?? '-']),
          ),
          ...(summary.tree_fall
            ? [
                '',
                `Tree fall: ${summary.tree_fall.expected_tree_fall_failures.toFixed(2)} expected line failures (${summary.tree_fall.lines_with_trees} lines with trees; docs/vegetation.md)`,
              ]
            : []),
          '',
          'Lowest survival:',
          formatTable(
            context,
            ['SURVIVAL', 'TIMESTAMP', 'TYPE', 'NAME'],
            summary.lowest_survival.map((asset) => [asset.survival_probability.toFixed(4), asset.timestamp, asset.asset_type, asset.name]),
          ),
          ...(summary.unlocated_count > 0
            ? [
                '',
                `Not simulated (no usable location)${summary.unlocated_count > summary.unlocated_assets.length ? `, first ${summary.unlocated_assets.length} of ${summary.unlocated_count}` : ''}:`,
                formatTable(
                  context,
                  ['TYPE', 'NAME', 'REASON'],
                  summary.unlocated_assets.map((asset) => [asset.asset_type ?? asset.component_type, asset.name, asset.reason]),
                  90,
                ),
              ]
            : []),
        ].join('\n');
      });
      writeWarnings(context, outcome.summary.warnings);
    });
}

/** Any whole number passes here, so 0 and negatives get the same "invalid input" answer (exit 5) from the request schema. */
export function parseSamples(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number >= 1');
  return Number(value);
}

export function parseSeed(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number from 0 to 4294967295');
  return Number(value);
}

/** --shard i/N; the domain's parser names the rule a bad value breaks. */
export function parseShard(value: string): ShardSpec {
  try {
    return parseShardSpec(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function makeScenariosCommand(context: CommandContext): Command {
  return addRunOptions(
    new Command('scenarios')
      .description('draw Monte Carlo outage scenarios and write the ZIP (tracked_changes.json, damage.csv, time_series/) or Parquet file')
      .argument('[distribution]', 'cached distribution model name')
      .argument('[hazard]', 'cached hazard model name')
      .requiredOption('-n, --samples <count>', 'number of scenarios (1 to HAZSIM_MAX_SAMPLES, default limit 100000)', parseSamples)
      .option('--seed <seed>', 'random seed, 0 to 2^32-1', parseSeed, 0),
  )
    .addOption(
      new Option('--method <method>', 'peak: one draw per asset against its lowest survival; sequential: one draw per timestamp (ERAD)')
        .choices(['peak', 'sequential'])
        .default('peak'),
    )
    .addOption(
      new Option('--format <format>', SCENARIO_FORMATS.map((format) => `${format}: ${SCENARIO_FILE_FORMATS[format].description}`).join('; '))
        .choices([...SCENARIO_FORMATS])
        .default(SCENARIO_FORMATS[0]),
    )
    .option(
      '--shard <i/N>',
      'draw only part i of N (samples split by index) into a shard file; `hazsim merge` of all N parts gives the unsharded file byte for byte',
      parseShard,
    )
    .option('--restoration-edits', 'also put each failed asset back in service (in_service true) after its repair time from damage.csv')
    .option(
      '-o, --output <file>',
      'result file or folder ("-": standard output; default: ./{distribution}+{hazard}+{curve_set}_scenarios_{n}samples_seed{seed}_{method}.zip or .parquet; a shard: ./{distribution}_scenarios_{n}samples.shard-{i}-of-{N}.hzshard)',
    )
    .option('--overwrite', OVERWRITE_HELP)
    .action(
      async (
        distributionArgument: string | undefined,
        hazardArgument: string | undefined,
        options: RunOptions & {
          samples: number;
          seed: number;
          method: 'peak' | 'sequential';
          format: ScenarioFormat;
          shard?: ShardSpec;
          restorationEdits?: boolean;
        },
      ) => {
        const service = context.service(options);
        const inputs = await askRunInputs(context, service, distributionArgument, hazardArgument, options.curveSet);
        const progress = progressReporter(context);
        const request = {
          ...runRequest(inputs, options),
          number_of_samples: options.samples,
          seed: options.seed,
          method: options.method,
          format: options.format,
          ...(options.restorationEdits ? { restoration_edits: true } : {}),
        };
        const output = {
          outputPath: options.output,
          outputDir: process.cwd(),
          overwrite: options.overwrite,
          onProgress: progress.update,
        };
        if (options.shard) {
          const shard = await service.runs.generateScenarioShard(request, options.shard, output);
          progress.done();
          emit(context, options, { status: 'success', file_path: shard.filePath, ...shard.summary }, () =>
            [
              `Wrote ${shard.filePath}`,
              formatFields([
                [
                  'shard',
                  `${shard.summary.shard_index}/${shard.summary.shard_count}: samples ${shard.summary.first_sample} to ${shard.summary.end_sample - 1} of ${shard.summary.number_of_samples}`,
                ],
                ['outages', String(shard.summary.total_failures)],
                ['merge into', `${shard.summary.format} (hazsim merge <all ${shard.summary.shard_count} parts> -o <file>)`],
              ]),
            ].join('\n'),
          );
          return;
        }
        const outcome = await service.runs.generateScenarios(request, output);
        progress.done();
        const { records: _records, ...summary } = outcome.summary;
        emit(context, options, { status: 'success', file_path: outcome.filePath, ...summary }, () =>
          [
            `Wrote ${outcome.filePath}`,
            formatFields([
              ['samples', `${summary.number_of_samples} (seed ${summary.seed}, method ${summary.method})`],
              ['scenario records', `${summary.total_scenarios} (sample x timestamp with outages)`],
              ['samples with outages', `${summary.samples_with_failures} of ${summary.number_of_samples}`],
              ['mean outages per sample', summary.mean_failures_per_sample.toFixed(2)],
            ]),
          ].join('\n'),
        );
      },
    );
}
