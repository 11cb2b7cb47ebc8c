import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { formatImpact } from './impact.js';
import { emit, formatFields, OVERWRITE_HELP } from './output.js';
import { progressReporter } from './progress.js';

export function makeMergeCommand(context: CommandContext): Command {
  return new Command('merge')
    .description('merge the parts of one sharded scenarios or impact run (any order) into the file the unsharded run writes, byte for byte')
    .argument('<parts...>', 'part files written by `hazsim scenarios --shard i/N` or `hazsim impact --shard i/N`, all N of one run')
    .requiredOption(
      '-o, --output <file>',
      'the merged file: the ZIP or Parquet file of scenario shards (the format they were drawn for), the SQLite result of impact parts ("-": standard output)',
    )
    .option('--overwrite', OVERWRITE_HELP)
    .action(async (parts: string[], options: GlobalOptions & { output: string; overwrite?: boolean }) => {
      const service = context.service(options);
      const progress = progressReporter(context);
      const merged = await service.runs.mergeShards(parts, { outputPath: options.output, overwrite: options.overwrite, onProgress: progress.update });
      progress.done();
      if (merged.kind === 'impact') {
        emit(context, options, { ...merged.summary, parts: parts.length }, () => formatImpact(context, merged.summary));
        return;
      }
      emit(context, options, { status: 'success', file_path: merged.filePath, parts: parts.length, ...merged.summary }, () =>
        [
          `Wrote ${merged.filePath}`,
          formatFields([
            ['format', merged.summary.format],
            ['parts', String(parts.length)],
            ['samples', `${merged.summary.number_of_samples} (seed ${merged.summary.seed}, method ${merged.summary.method})`],
            ['scenario records', String(merged.summary.total_scenarios)],
          ]),
        ].join('\n'),
      );
    });
}
