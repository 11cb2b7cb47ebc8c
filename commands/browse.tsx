import React from 'react';
import { Command } from 'commander';
import { render } from 'ink';
import type { CommandContext, GlobalOptions } from './context.js';
import { BrowseApp } from './browse/App.js';
import { createBrowseData } from './browse/data.js';
import { HazsimError } from '../src/core/errors.js';

export function makeBrowseCommand(context: CommandContext): Command {
  return new Command('browse')
    .description('browse the cache in a terminal UI: models, curve sets, simulations, scenarios')
    .action(async (options: GlobalOptions) => {
      if (!context.stdinIsTTY || !context.stdout.isTTY) throw new HazsimError('usage', 'hazsim browse needs an interactive terminal (stdin and stdout must be a TTY)');
      const data = createBrowseData(context.service(options));
      const instance = render(<BrowseApp data={data} />, { exitOnCtrlC: true });
      await instance.waitUntilExit();
    });
}
