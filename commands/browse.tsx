import React from 'react';
import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { HazsimError } from '../src/base/errors.js';

export function makeBrowseCommand(context: CommandContext): Command {
  return new Command('browse')
    .description('browse the cache in a terminal UI: models, curve sets, simulations, scenarios')
    .action(async (options: GlobalOptions) => {
      if (!context.stdinIsTTY || !context.stdout.isTTY)
        throw new HazsimError('usage', 'hazsim browse needs an interactive terminal (stdin and stdout must be a TTY)');
      // ink renders only a final frame when it believes it runs in CI (CI or CONTINUOUS_INTEGRATION
      // set, read once at import). Both ends are terminals here, so a person is watching: say so.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      // ink and the UI load only here, so every other command starts without them.
      const [{ render }, { BrowseApp }, { createBrowseData }] = await Promise.all([import('ink'), import('./browse/App.js'), import('./browse/data.js')]);
      const instance = render(<BrowseApp data={createBrowseData(context.service(options))} />, { exitOnCtrlC: true });
      await instance.waitUntilExit();
    });
}
