import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { confirmOnTerminal } from './prompts.js';
import { refuseUnknownSubcommands } from './defaultSubcommand.js';
import { emit, formatFields, formatTable, OVERWRITE_HELP } from './output.js';
import type { FragilityCurveSpec, LimitStateSpec } from '../src/domain/fragility/index.js';

/** A limit state in a few words: "slight: lognormal median 0.13, beta 0.65". */
function describeLimitState(limitState: LimitStateSpec): string {
  const p = limitState.parameters as Record<string, unknown>;
  switch (limitState.form) {
    case 'lognormal':
      return `${limitState.name}: lognormal median ${String(p.median)}, beta ${String(p.beta)}`;
    case 'normal':
      return `${limitState.name}: normal mean ${String(p.mean)}, std ${String(p.std)}`;
    case 'exponential_decay':
      return `${limitState.name}: exponential decay${p.probability_inside === undefined ? '' : ` inside ${String(p.probability_inside)},`} max probability ${String(p.max_probability)}, length ${String(p.length)}`;
    case 'scipy':
      return `${limitState.name}: scipy ${String(p.name)}(${(p.args as number[]).join(', ')})`;
  }
}

/** One curve in a line: quantity and units, what it applies to, its limit states, the out-of-service state. */
function describeCurve(curve: FragilityCurveSpec): string {
  const wind = curve.averaging_time_s !== undefined ? `, ${curve.averaging_time_s}-s wind at ${curve.height_m ?? 10} m` : '';
  return `${curve.quantity} [${curve.units}] per ${curve.applies_to}${wind}; ${curve.limit_states.map(describeLimitState).join('; ')}; out of service from ${curve.out_of_service}`;
}

/** `hazsim curve-sets [list|show|upload|delete]`; alone it prints what /default-curve-sets returns. */
export function makeCurveSetsCommand(context: CommandContext): Command {
  const curveSets = new Command('curve-sets').description(
    'fragility curve sets: built-in ones and custom sets stored in the cache (alone: the names and the default)',
  );
  refuseUnknownSubcommands(curveSets.command('summary', { isDefault: true }))
    .description('the curve set names and the default, as /default-curve-sets returns them (the default: `hazsim curve-sets` alone runs it)')
    .action((options: GlobalOptions) => {
      const result = context.service(options).curveSets.defaults();
      emit(context, options, result, () =>
        [`Curve sets: ${result.curve_sets.map((name) => (name === result.default ? `${name} (default)` : name)).join(', ')}`, result.description].join('\n'),
      );
    });
  curveSets
    .command('list')
    .description('list the built-in and custom curve sets')
    .option('--refresh', 'rescan the curve set directory first')
    .action(async (options: GlobalOptions & { refresh?: boolean }) => {
      const records = await context.service(options).curveSets.list({ refresh: options.refresh });
      emit(context, options, records, () =>
        formatTable(
          context,
          ['NAME', 'KIND', 'CREATED (UTC)', 'DESCRIPTION'],
          records.map((record) => [record.name, record.builtin ? 'built-in' : 'custom', record.created_at?.slice(0, 19) ?? '-', record.description]),
        ),
      );
    });
  curveSets
    .command('show')
    .description('show a curve set: its record and every curve')
    .argument('<name>', 'curve set name')
    .action((name: string, options: GlobalOptions) => {
      const set = context.service(options).curveSets.get(name);
      emit(context, options, set, () => {
        // One block per curve: sources are long citations, so they get a line of their own.
        const blocks = Object.entries(set.content.curves).flatMap(([hazard, byType]) =>
          Object.entries(byType).flatMap(([assetType, curves]) =>
            curves!.length === 0
              ? [`${hazard} / ${assetType}: does not fail under this hazard`]
              : curves!.map(
                  (curve) =>
                    `${hazard} / ${assetType}: ${describeCurve(curve)}\n  confidence: ${curve.confidence ?? '-'}${curve.repair_time_confidence ? ` (repair times: ${curve.repair_time_confidence})` : ''}\n  source: ${curve.source ?? '(none given)'}`,
                ),
          ),
        );
        return [
          formatFields([
            ['name', set.name],
            ['kind', set.builtin ? 'built-in' : 'custom'],
            ['description', set.description || '-'],
            ['file_path', set.file_path ?? '-'],
            ...(set.content.notes ?? []).map((note): [string, string] => ['note', note]),
          ]),
          '',
          blocks.join('\n'),
        ].join('\n');
      });
    });
  curveSets
    .command('upload')
    .description('store a custom curve set (JSON, format in docs/fragility.md); asset types it leaves out use DEFAULT_CURVES')
    .argument('<file>', 'curve set .json file')
    .option('--name <name>', 'name to store it under (default: its "name", else the file name without extension)')
    .option('--description <text>', 'free-text description (default: its "description")')
    .option('--overwrite', 'replace a custom curve set of the same name')
    .action(async (file: string, options: GlobalOptions & { name?: string; description?: string; overwrite?: boolean }) => {
      const { record, message } = await context
        .service(options)
        .curveSets.uploadFile(file, { name: options.name, description: options.description, overwrite: options.overwrite });
      emit(context, options, { status: 'success', message, ...record }, () => [message, formatFields([['file', record.file_path ?? '-']])].join('\n'));
    });
  curveSets
    .command('import')
    .description('store a SimCenter / pelicun fragility CSV (Damage and Loss Model Library layout) as a curve set')
    .argument('<file>', 'fragility .csv file')
    .requiredOption('--map <pairs>', 'which row each asset type takes: <asset type>=<ID>[,...], e.g. substation=EP.S.L.U,distribution_poles=EP.C.U')
    .option('--name <name>', 'name to store it under (default: the file name without extension)')
    .option('--description <text>', 'free-text description')
    .option('--out-of-service <limit state>', 'limit state (LS1, LS2, ...) from which an asset is out of service (default: the highest)')
    .option('--overwrite', 'replace a custom curve set of the same name')
    .action(async (file: string, options: GlobalOptions & { map: string; name?: string; description?: string; outOfService?: string; overwrite?: boolean }) => {
      const { record, message } = await context.service(options).curveSets.importFile(file, {
        map: options.map,
        name: options.name,
        description: options.description,
        outOfService: options.outOfService,
        overwrite: options.overwrite,
      });
      emit(context, options, { status: 'success', message, ...record }, () => [message, formatFields([['file', record.file_path ?? '-']])].join('\n'));
    });
  curveSets
    .command('plot')
    .description("write an SVG of a set's curves: every limit state over the measure's range, the out-of-service one thicker")
    .argument('<name>', 'curve set name')
    .option('--asset-type <type>', 'only the curves of this asset type')
    .option('-o, --output <file>', 'SVG file or folder to write ("-": standard output; default: <name>[_<asset type>].svg in the current directory)')
    .option('--overwrite', OVERWRITE_HELP)
    .action(async (name: string, options: GlobalOptions & { assetType?: string; output?: string; overwrite?: boolean }) => {
      const written = await context.service(options).curveSets.plot(name, {
        assetType: options.assetType,
        outputPath: options.output,
        outputDir: process.cwd(),
        overwrite: options.overwrite,
      });
      emit(context, options, { status: 'success', file_path: written }, () => `Plot written to ${written}`);
    });
  curveSets
    .command('delete')
    .description('delete a custom curve set')
    .argument('<name>', 'curve set name')
    .option('-y, --yes', 'do not ask for confirmation on a terminal')
    .action(async (name: string, options: GlobalOptions & { yes?: boolean }) => {
      const service = context.service(options);
      service.curveSets.get(name);
      await confirmOnTerminal(context, options.yes, `Delete the curve set ${name}?`, `delete cancelled: ${name} kept`);
      const result = await service.curveSets.delete(name);
      emit(context, options, result, () => result.message);
    });
  return curveSets;
}
