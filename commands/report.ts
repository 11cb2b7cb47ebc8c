import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, OVERWRITE_HELP } from './output.js';

interface ReportOptions extends GlobalOptions {
  scenarios?: string;
  impact?: string;
  output?: string;
  overwrite?: boolean;
}

/** `hazsim report <result.sqlite>`: one self-contained HTML page of a simulation result (docs/report.md). */
export function makeReportCommand(context: CommandContext): Command {
  return new Command('report')
    .description('write one self-contained HTML page (map, outage curve, fragility curves, provenance) from a simulation result')
    .argument('<result>', 'SQLite result of `hazsim simulate`')
    .option('--scenarios <zip>', 'scenario ZIP of `hazsim scenarios` for the same inputs: adds the failures-per-sample chart')
    .option('--impact <sqlite>', 'impact result of `hazsim impact` for the same inputs: adds customers and kW out over time')
    .option('-o, --output <file>', 'HTML file or folder to write ("-": standard output; default: the result file name with _report.html)')
    .option('--overwrite', OVERWRITE_HELP)
    .addHelpText(
      'after',
      `
Examples:
  $ hazsim simulate example_feeder example_hurricane -o run.sqlite
  $ hazsim scenarios example_feeder example_hurricane -n 500 -o run.zip
  $ hazsim impact example_feeder example_hurricane -n 500 -o impact.sqlite
  $ hazsim report run.sqlite --scenarios run.zip --impact impact.sqlite -o run.html`,
    )
    .action(async (result: string, options: ReportOptions) => {
      const { filePath, ...summary } = await context
        .service(options)
        .reports.fromFiles(
          { resultPath: result, scenariosPath: options.scenarios, impactPath: options.impact },
          { outputPath: options.output, overwrite: options.overwrite },
        );
      emit(context, options, { status: 'success', file_path: filePath, ...summary }, () =>
        [
          `Wrote ${filePath}`,
          formatFields([
            ['assets', String(summary.asset_count)],
            ['timestamps', String(summary.timestamp_count)],
            ['fragility curves shown', String(summary.curve_count)],
            ['scenario samples', summary.scenario_samples === null ? 'none (add --scenarios)' : String(summary.scenario_samples)],
            ['size', `${(summary.size_bytes / 1024 / 1024).toFixed(2)} MB`],
          ]),
          ...summary.notes.map((note) => `note: ${note}`),
        ].join('\n'),
      );
    });
}
