import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { HazsimError } from '../src/base/errors.js';
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
    .description(
      "write one self-contained HTML page (map, outage curve, fragility curves, provenance) from a simulation result, or the county maps and scatter of a hindcast's saved answer",
    )
    .argument('<result>', "SQLite result of `hazsim simulate`, or a hindcast's answer saved as JSON (`hazsim hindcast --json`, a name ending .json)")
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
  $ hazsim report run.sqlite --scenarios run.zip --impact impact.sqlite -o run.html
  $ hazsim hindcast nc florence --observed florence_eaglei.csv -n 100 --json > nc.json
  $ hazsim report nc.json -o nc.html`,
    )
    .action(async (result: string, options: ReportOptions) => {
      if (/\.json$/i.test(result)) return hindcastPage(context, result, options);
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

/** `hazsim report <answer.json>`: the page of a hindcast's answer (docs/report.md, "Hindcast page"). */
async function hindcastPage(context: CommandContext, answer: string, options: ReportOptions): Promise<void> {
  if (options.scenarios !== undefined || options.impact !== undefined)
    throw new HazsimError('usage', `${answer} is a hindcast's answer: --scenarios and --impact belong to a simulation result`);
  const {
    filePath,
    fileName: _fileName,
    ...summary
  } = await context.service(options).reports.fromHindcastFile(answer, { outputPath: options.output, overwrite: options.overwrite });
  emit(context, options, { status: 'success', file_path: filePath, ...summary }, () =>
    [
      `Wrote ${filePath}`,
      formatFields([
        ['counties on the maps', String(summary.counties_drawn)],
        ['counties in the scatter', String(summary.counties_compared)],
        ['size', `${(summary.size_bytes / 1024).toFixed(0)} kB`],
      ]),
      ...summary.notes.map((note) => `note: ${note}`),
    ].join('\n'),
  );
}
