import { Command, InvalidArgumentError } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { refuseUnknownSubcommands } from './defaultSubcommand.js';
import { emit, formatFields, formatTable } from './output.js';
import { agreedOnTerminal } from './prompts.js';
import type { PruneResult } from '../src/app/serviceInterface.js';

const DEFAULT_RESULT_AGE_DAYS = 30;

function parseDays(value: string): number {
  const days = Number(value);
  if (value.trim() === '' || !Number.isFinite(days) || days < 0) throw new InvalidArgumentError('must be a number of days >= 0');
  return days;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

/** The command that removes what a dry run listed: the same age limit and cache folder, plus --yes. */
function pruneCommand(result: PruneResult, cacheDir: string | undefined): string {
  const olderThan = result.older_than_days === DEFAULT_RESULT_AGE_DAYS ? '' : ` --older-than ${result.older_than_days}`;
  const folder = cacheDir ? ` --cache-dir ${/^[\w./-]+$/.test(cacheDir) ? cacheDir : `'${cacheDir.replaceAll("'", "'\\''")}'`}` : '';
  return `hazsim cache prune${olderThan}${folder} --yes`;
}

function formatPrune(context: CommandContext, result: PruneResult, cacheDir?: string): string {
  if (result.entries.length === 0)
    return `Nothing to prune (no orphaned folders, no results older than ${result.older_than_days} days, no partial files of killed runs).`;
  return [
    formatTable(
      context,
      ['WHAT', 'BYTES', 'PATH'],
      result.entries.map((entry) => [entry.kind.replace('_', ' '), entry.size_bytes, entry.path]),
      120,
    ),
    '',
    result.dry_run
      ? `Would remove ${result.entries.length} entries (${megabytes(result.total_size_bytes)}); nothing removed. Run '${pruneCommand(result, cacheDir)}' to remove them.`
      : `Removed ${result.entries.length} entries (${megabytes(result.total_size_bytes)}).`,
  ].join('\n');
}

export function makeCacheCommand(context: CommandContext): Command {
  const cache = new Command('cache').description('inspect and maintain the model cache');
  refuseUnknownSubcommands(cache.command('info', { isDefault: true }))
    .description('where the cache is and how much it holds (the default: `hazsim cache` alone runs it)')
    .action((options: GlobalOptions) => {
      const info = context.service(options).cache.info();
      emit(context, options, info, () =>
        [
          formatFields([
            ['cache directory', info.cache_directory],
            ['metadata file', info.metadata_file],
          ]),
          '',
          formatTable(
            context,
            ['STORE', 'MODELS', 'FILES', 'BYTES', 'MB'],
            [
              [
                'distribution_models',
                info.distribution_models.total_models,
                info.distribution_models.total_files,
                info.distribution_models.total_size_bytes,
                info.distribution_models.total_size_mb,
              ],
              [
                'hazard_models',
                info.hazard_models.total_models,
                info.hazard_models.total_files,
                info.hazard_models.total_size_bytes,
                info.hazard_models.total_size_mb,
              ],
              ['total', info.total_models, info.total_files, info.total_size_bytes, info.total_size_mb],
              ['results (not in total)', '-', info.results.total_files, info.results.total_size_bytes, info.results.total_size_mb],
              [`jobs (${info.jobs.finished_jobs} finished, not in total)`, '-', '-', info.jobs.total_size_bytes, info.jobs.total_size_mb],
            ],
          ),
        ].join('\n'),
      );
    });
  cache
    .command('refresh')
    .description('rescan the cache directories: add unlisted files, drop vanished ones, report unreadable ones')
    .action(async (options: GlobalOptions) => {
      const result = await context.service(options).cache.refresh();
      emit(context, options, result, () => {
        const lines = [`${result.message}: ${result.total_models} models`];
        for (const [label, report] of [
          ['distribution', result.distribution_models],
          ['hazard', result.hazard_models],
        ] as const) {
          for (const name of report.added) lines.push(`  added ${label} model ${name}`);
          for (const name of report.removed) lines.push(`  dropped ${label} model ${name} (file gone)`);
          for (const folder of report.removed_folders) lines.push(`  removed ${folder} (its model is gone)`);
          for (const problem of report.invalid) lines.push(`  skipped ${problem.file}: ${problem.reason}`);
        }
        return lines.join('\n');
      });
    });
  cache
    .command('prune')
    .description(
      'list what the cache holds that nothing uses (time series and derived-data folders of models that are gone, results and finished REST jobs older than --older-than days, partial result files of killed runs wherever they were writing) and, with --yes or a confirmation on a terminal, remove it',
    )
    .option('--older-than <days>', 'result files and finished REST jobs older than this many days count as old', parseDays, DEFAULT_RESULT_AGE_DAYS)
    .option('-y, --yes', 'remove without asking (without it, and without a terminal, nothing is removed: a dry run)')
    .action(async (options: GlobalOptions & { olderThan: number; yes?: boolean }) => {
      const service = context.service(options);
      let result = await service.cache.prune({ olderThanDays: options.olderThan, remove: options.yes === true });
      if (result.dry_run && result.entries.length > 0 && !options.json) {
        context.stdout.write(`${formatPrune(context, result, options.cacheDir)}\n`);
        if (!(await agreedOnTerminal(context, `Remove these ${result.entries.length} entries?`))) return;
        result = await service.cache.prune({ olderThanDays: options.olderThan, remove: true });
      }
      emit(context, options, result, () => formatPrune(context, result, options.cacheDir));
    });
  return cache;
}
