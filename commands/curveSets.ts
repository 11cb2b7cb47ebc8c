import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { confirmOnTerminal } from './prompts.js';
import { emit, formatFields, formatTable } from './output.js';
import type { CurveSpec } from '../src/domain/fragility/index.js';

/** One curve in a line: "lognormal median 50 meter / second, beta 0.45". */
function describeCurve(curve: CurveSpec): string {
  switch (curve.distribution) {
    case 'lognormal':
      return `lognormal median ${curve.median}, beta ${curve.beta}`;
    case 'normal':
      return `normal mean ${curve.mean}, std ${curve.std}`;
    case 'exponential_decay':
      return `exponential decay max probability ${curve.max_probability}, length ${curve.length}`;
    case 'scipy':
      return `scipy ${curve.name}(${curve.parameters.join(', ')}) in ${curve.unit}`;
  }
}

/** `hazsim curve-sets [list|show|upload|delete]`; alone it prints what /default-curve-sets returns. */
export function makeCurveSetsCommand(context: CommandContext): Command {
  const curveSets = new Command('curve-sets').description(
    'fragility curve sets: built-in ones and custom sets stored in the cache (alone: the names and the default)',
  );
  curveSets
    .command('summary', { isDefault: true })
    .description('the curve set names and the default, as /default-curve-sets returns them (the default: `hazsim curve-sets` alone runs it)')
    .action((options: GlobalOptions) => {
      const result = context.service(options).defaultCurveSets();
      emit(context, options, result, () =>
        [`Curve sets: ${result.curve_sets.map((name) => (name === result.default ? `${name} (default)` : name)).join(', ')}`, result.description].join('\n'),
      );
    });
  curveSets
    .command('list')
    .description('list the built-in and custom curve sets')
    .option('--refresh', 'rescan the curve set directory first')
    .action(async (options: GlobalOptions & { refresh?: boolean }) => {
      const records = await context.service(options).listCurveSets({ refresh: options.refresh });
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
      const set = context.service(options).getCurveSet(name);
      emit(context, options, set, () => {
        const rows = Object.entries(set.content.curves).flatMap(([quantity, byType]) =>
          Object.entries(byType ?? {}).map(([assetType, curve]) => [quantity, assetType, describeCurve(curve!)]),
        );
        return [
          formatFields([
            ['name', set.name],
            ['kind', set.builtin ? 'built-in' : 'custom'],
            ['description', set.description || '-'],
            ['file_path', set.file_path ?? '-'],
          ]),
          '',
          formatTable(context, ['QUANTITY', 'ASSET TYPE', 'CURVE'], rows, 90),
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
        .uploadCurveSetFile(file, { name: options.name, description: options.description, overwrite: options.overwrite });
      emit(context, options, { status: 'success', message, ...record }, () => [message, formatFields([['file', record.file_path ?? '-']])].join('\n'));
    });
  curveSets
    .command('delete')
    .description('delete a custom curve set')
    .argument('<name>', 'curve set name')
    .option('-y, --yes', 'do not ask for confirmation on a terminal')
    .action(async (name: string, options: GlobalOptions & { yes?: boolean }) => {
      const service = context.service(options);
      service.getCurveSet(name);
      await confirmOnTerminal(context, options.yes, `Delete the curve set ${name}?`, `delete cancelled: ${name} kept`);
      const result = await service.deleteCurveSet(name);
      emit(context, options, result, () => result.message);
    });
  return curveSets;
}
