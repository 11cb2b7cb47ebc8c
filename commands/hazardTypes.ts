import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatTable } from './output.js';

/** `hazsim hazard-types`: what /supported-hazard-types returns. */
export function makeHazardTypesCommand(context: CommandContext): Command {
  return new Command('hazard-types').description('the hazard types a hazard model may hold').action((options: GlobalOptions) => {
    const result = context.service(options).models.hazardTypes();
    emit(context, options, result, () =>
      formatTable(
        context,
        ['TYPE', 'DESCRIPTION'],
        result.hazard_types.map((type) => [type, result.descriptions[type]]),
      ),
    );
  });
}
