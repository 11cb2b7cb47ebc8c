import { Command, Option } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, formatSummary, writeWarnings } from './output.js';
import { ERROR_KIND_TABLE, HazsimError } from '../src/base/errors.js';
import { MODEL_KINDS, MODEL_KIND_IDS, type ModelKindId } from '../src/app/models/kinds.js';
import { addCoordinateOptions, coordinatesOfFlags, type CoordinateFlags } from './models.js';

/** `hazsim validate <file>`: full validation without storing; exit 0 when valid, 5 with every problem when not. */
export function makeValidateCommand(context: CommandContext): Command {
  return addCoordinateOptions(
    new Command('validate')
      .description('validate a distribution or hazard model file (JSON or ZIP) without storing it; lists every problem')
      .argument('<file>', 'model file: .json, .zip or ShakeMap grid.xml')
      .addOption(new Option('--kind <kind>', 'model kind (default: detected from the content)').choices([...MODEL_KIND_IDS])),
    'as upload would read it',
  ).action(async (file: string, options: GlobalOptions & CoordinateFlags & { kind?: ModelKindId }) => {
    const coordinates = coordinatesOfFlags(options);
    const result = await context
      .service(options)
      .models.validateFile(file, options.kind, coordinates)
      .catch((error: unknown) => {
        // The verdict is validate's output: with --json an invalid file still gets one on stdout (the error also goes to stderr).
        if (options.json && error instanceof HazsimError && ERROR_KIND_TABLE[error.kind].exitCode === 5)
          context.stdout.write(`${JSON.stringify({ valid: false, file, kind: error.kind, message: error.message, issues: error.issues ?? [] }, null, 2)}\n`);
        throw error;
      });
    const message = `OK: ${file} is a valid ${MODEL_KINDS[result.kind].label.toLowerCase()}`;
    emit(context, options, { valid: true, ...result }, () => [message, formatFields([['kind', result.kind], ...formatSummary(result.summary)])].join('\n'));
    writeWarnings(context, result.warnings);
  });
}
