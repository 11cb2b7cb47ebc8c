import { Command, Option } from 'commander';
import { GIS_FORMATS, LOWEST_SURVIVAL, type GisFormat } from '../src/app/report/gisExport.js';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, OVERWRITE_HELP } from './output.js';

interface ExportOptions extends GlobalOptions {
  format: GisFormat;
  at: string;
  output?: string;
  overwrite?: boolean;
}

/** `hazsim export <result.sqlite>`: the result's assets as a map layer, GeoJSON or GeoParquet (docs/output-gis.md). */
export function makeExportCommand(context: CommandContext): Command {
  return new Command('export')
    .description('write a simulation result as a map layer (GeoJSON or GeoParquet): each asset with its geometry, survival and damage state at one time')
    .argument('<result>', 'SQLite result of `hazsim simulate`')
    .addOption(
      new Option('--format <format>', 'geojson: RFC 7946 FeatureCollection; geoparquet: GeoParquet 1.1 with WKB geometry')
        .choices(Object.keys(GIS_FORMATS))
        .default('geojson'),
    )
    .option('--at <timestamp>', `a timestamp of the run, or ${LOWEST_SURVIVAL}: each asset at its lowest survival`, LOWEST_SURVIVAL)
    .option('-o, --output <file>', 'file or folder to write ("-": standard output; default: the result file name with _assets.geojson or _assets.parquet)')
    .option('--overwrite', OVERWRITE_HELP)
    .addHelpText(
      'after',
      `
Examples:
  $ hazsim simulate example_feeder example_hurricane -o run.sqlite
  $ hazsim export run.sqlite -o run.geojson
  $ hazsim export run.sqlite --format geoparquet --at 2022-09-28T18:00:00`,
    )
    .action(async (result: string, options: ExportOptions) => {
      const { filePath, ...summary } = await context
        .service(options)
        .results.export({ resultPath: result, format: options.format, at: options.at, outputPath: options.output, overwrite: options.overwrite });
      emit(context, options, { status: 'success', file_path: filePath, ...summary }, () =>
        [
          `Wrote ${filePath}`,
          formatFields([
            ['format', summary.format],
            ['assets', String(summary.asset_count)],
            ['lines along their route', String(summary.lines_with_routes)],
            ['values at', summary.at === LOWEST_SURVIVAL ? 'each asset at its lowest survival' : summary.at],
          ]),
          ...summary.notes.map((note) => `note: ${note}`),
        ].join('\n'),
      );
    });
}
