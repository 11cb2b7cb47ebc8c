import path from 'node:path';
import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields } from './output.js';

interface ReportOptions extends GlobalOptions {
  scenarios?: string;
  output?: string;
}

/** `hazsim report <result.sqlite>`: one self-contained HTML page of a simulation result (docs/report.md). */
export function makeReportCommand(context: CommandContext): Command {
  return new Command('report')
    .description('write one self-contained HTML page (map, outage curve, fragility curves, provenance) from a simulation result')
    .argument('<result>', 'SQLite result of `hazsim simulate`')
    .option('--scenarios <zip>', 'scenario ZIP of `hazsim scenarios` for the same inputs: adds the failures-per-sample chart')
    .option('-o, --output <file>', 'HTML file to write (default: the result file name with _report.html)')
    .addHelpText(
      'after',
      `
Examples:
  $ hazsim simulate example_feeder example_hurricane -o run.sqlite
  $ hazsim scenarios example_feeder example_hurricane -n 500 -o run.zip
  $ hazsim report run.sqlite --scenarios run.zip -o run.html`,
    )
    .action(async (result: string, options: ReportOptions) => {
      const output = options.output ?? path.join(path.dirname(result), `${path.basename(result).replace(/(_results)?\.sqlite$/i, '')}_report.html`);
      const summary = await context.service(options).reportFromFiles({ resultPath: result, scenariosPath: options.scenarios }, output);
      const filePath = path.resolve(output);
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
