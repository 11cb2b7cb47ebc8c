import type { Command } from 'commander';
import { HazsimError } from '../src/base/errors.js';
import { didYouMean } from '../src/base/suggest.js';

/**
 * A default subcommand (`hazsim cache` runs `cache info`) would take a mistyped subcommand
 * (`hazsim cache prun`) as its own argument and answer "too many arguments": name the
 * unknown subcommand instead, with the closest ones.
 */
export function refuseUnknownSubcommands(defaultCommand: Command): Command {
  return defaultCommand.allowExcessArguments(true).hook('preAction', (_hooked, action) => {
    const [word] = action.args;
    if (word === undefined) return;
    const group = action.parent!;
    const names = group.commands.map((sub) => sub.name());
    throw new HazsimError(
      'usage',
      `unknown command '${group.name()} ${word}'`,
      undefined,
      didYouMean(word, names) ?? `The commands of ${group.name()} are: ${names.join(', ')}`,
    );
  });
}
