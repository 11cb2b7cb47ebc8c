import { Command, CommanderError } from 'commander';
import { addGlobalOptions, createContext, type CommandContext } from './context.js';
import { makeDeleteCommand, makeListCommand, makeShowCommand, makeUploadCommand } from './models.js';
import { makeCacheCommand } from './cache.js';
import { addExamplesToHelp } from './examples.js';
import { makeCompletionCommand } from './completion.js';
import { makeMcpCommand } from './mcp.js';
import { makeServeCommand } from './serve.js';
import { makeBrowseCommand } from './browse.js';
import { makeMergeCommand } from './merge.js';
import { makeScenariosCommand, makeSimulateCommand } from './simulate.js';
import { makeValidateCommand } from './validate.js';
import { makeImpactCommand } from './impact.js';
import { makeHindcastCommand, makeTerritoryCommand } from './territory.js';
import { makeReportCommand } from './report.js';
import { makeExportCommand } from './export.js';
import { makeCurveSetsCommand } from './curveSets.js';
import { makeHazardTypesCommand } from './hazardTypes.js';
import { DeclinedError } from './prompts.js';
import os from 'node:os';
import { ERROR_KIND_TABLE, formatError, toHazsimError } from '../src/base/errors.js';
import { removeAbandonedWrites } from '../src/app/results/writesInProgress.js';
import { HAZSIM_VERSION } from '../src/base/version.js';

/** The whole command tree, built around one context. */
export function createProgram(context: CommandContext): Command {
  const program = new Command('hazsim')
    .description('Natural-hazard survival simulation and Monte Carlo outage scenarios for distribution feeders')
    .version(HAZSIM_VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
    });
  for (const make of [
    makeUploadCommand,
    makeValidateCommand,
    makeListCommand,
    makeShowCommand,
    makeDeleteCommand,
    makeSimulateCommand,
    makeScenariosCommand,
    makeMergeCommand,
    makeImpactCommand,
    makeTerritoryCommand,
    makeHindcastCommand,
    makeReportCommand,
    makeExportCommand,
    makeCacheCommand,
    makeHazardTypesCommand,
    makeCurveSetsCommand,
    makeServeCommand,
    makeMcpCommand,
    makeBrowseCommand,
  ]) {
    program.addCommand(make(context));
  }
  program.addCommand(makeCompletionCommand(context, () => program));
  addGlobalOptions(program);
  addExamplesToHelp(program);
  // Subcommands inherit exit and output handling from the root, so every usage error reaches main().
  const inherit = (command: Command) => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput({ writeOut: (text) => context.stdout.write(text), writeErr: (text) => context.stderr.write(text) });
      inherit(sub);
    }
  };
  inherit(program);
  return program;
}

/**
 * Runs hazsim with `argv` and returns the exit code (docs/architecture.md): the single place
 * where commander's and hazsim's errors become exit codes and messages.
 */
export async function main(argv: string[], context: CommandContext = createContext()): Promise<number> {
  const program = createProgram(context);
  const json = argv.includes('--json');
  // With --json a usage error is reported as the JSON error object below, not commander's text.
  if (json) silenceUsageErrors(program);
  if (argv.length <= 2) {
    // Asking for nothing is asking for help: on stdout, success.
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      if (json) writeJsonError(context, 'usage', error.message.replace(/^error: /, ''), 2);
      return 2;
    }
    // Ctrl-C (or Ctrl-D) at a prompt: the user stopped; exit as a shell does on SIGINT, quietly.
    if (error instanceof Error && error.name === 'ExitPromptError') return 130;
    if (error instanceof DeclinedError) {
      context.stderr.write(`${error.message}\n`);
      return 1;
    }
    const hazsimError = toHazsimError(error);
    const { exitCode } = ERROR_KIND_TABLE[hazsimError.kind];
    if (json) {
      context.stderr.write(
        `${JSON.stringify({ error: { kind: hazsimError.kind, message: hazsimError.message, exit_code: exitCode, ...(hazsimError.issues ? { issues: hazsimError.issues } : {}), ...(hazsimError.hint ? { hint: hazsimError.hint } : {}) } }, null, 2)}\n`,
      );
    } else {
      context.stderr.write(`hazsim: ${formatError(hazsimError)}\n`);
      if (hazsimError.kind === 'internal' && context.env.HAZSIM_DEBUG) context.stderr.write(`${hazsimError.stack}\n`);
    }
    return exitCode;
  }
}

/**
 * Ctrl-C, SIGTERM or a closed terminal stop a command as a shell expects (exit 128 + the
 * signal's number) after removing the partial files of its result (docs/hardening.md,
 * "Interrupted and killed runs"). `hazsim serve` stops itself on these signals: where another
 * handler listens, this one leaves the signal to it.
 */
export function stopCleanlyOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      removeAbandonedWrites();
      process.exit(128 + os.constants.signals[signal]);
    });
  }
}

function silenceUsageErrors(command: Command): void {
  command.configureOutput({ outputError: () => undefined });
  for (const sub of command.commands) silenceUsageErrors(sub);
}

function writeJsonError(context: CommandContext, kind: string, message: string, exitCode: number): void {
  context.stderr.write(`${JSON.stringify({ error: { kind, message, exit_code: exitCode } }, null, 2)}\n`);
}
