import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, formatTable } from './output.js';

export function makeCacheCommand(context: CommandContext): Command {
  const cache = new Command('cache').description('inspect and maintain the model cache');
  cache
    .command('info', { isDefault: true })
    .description('where the cache is and how much it holds (the default: `hazsim cache` alone runs it)')
    .action((options: GlobalOptions) => {
      const info = context.service(options).cacheInfo();
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
            ],
          ),
        ].join('\n'),
      );
    });
  cache
    .command('refresh')
    .description('rescan the cache directories: add unlisted files, drop vanished ones, report unreadable ones')
    .action(async (options: GlobalOptions) => {
      const result = await context.service(options).refreshCache();
      emit(context, options, result, () => {
        const lines = [`${result.message}: ${result.total_models} models`];
        for (const [label, report] of [
          ['distribution', result.distribution_models],
          ['hazard', result.hazard_models],
        ] as const) {
          for (const name of report.added) lines.push(`  added ${label} model ${name}`);
          for (const name of report.removed) lines.push(`  dropped ${label} model ${name} (file gone)`);
          for (const problem of report.invalid) lines.push(`  skipped ${problem.file}: ${problem.reason}`);
        }
        return lines.join('\n');
      });
    });
  return cache;
}
