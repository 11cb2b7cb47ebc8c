import { confirm, input, select } from '@inquirer/prompts';
import type { CommandContext } from './context.js';
import { HazsimError } from '../src/base/errors.js';

export interface MissingValueQuestion {
  /** The argument or option as the usage line names it, e.g. "<file>" or "--curve-set". */
  name: string;
  message: string;
  /** Offer a list to pick from (e.g. cached model names); free text when absent or empty. */
  choices?: () => string[] | Promise<string[]>;
  /** Preselected choice, e.g. DEFAULT_CURVES. */
  defaultValue?: string;
}

/**
 * Returns `value` when given; otherwise asks for it when stdin is a terminal, and fails with
 * a usage error (exit 2) when it is not, so scripts and CI never hang on a prompt. Prompts
 * are drawn on stderr: stdout stays the command's output.
 */
export async function askIfMissing(context: CommandContext, value: string | undefined, question: MissingValueQuestion): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!context.stdinIsTTY) throw new HazsimError('usage', `missing required argument ${question.name}`);
  const streams = { input: process.stdin, output: context.stderr };
  const choices = question.choices ? await question.choices() : [];
  if (choices.length > 0) {
    return select({ message: question.message, choices: choices.map((choice) => ({ name: choice, value: choice })), default: question.defaultValue }, streams);
  }
  const answer = await input({ message: question.message, default: question.defaultValue, required: true }, streams);
  return answer.trim();
}

/** The user said no to a confirmation: nothing was done; main() exits 1 with the message. */
export class DeclinedError extends Error {
  override name = 'DeclinedError';
}

/**
 * Asks "<question> (y/N)" on a terminal before something that cannot be undone; `yes`
 * (--yes) or no terminal (a script, which asked by running the command) skips the question.
 */
export async function confirmOnTerminal(context: CommandContext, yes: boolean | undefined, question: string, declined: string): Promise<void> {
  if (yes || !context.stdinIsTTY) return;
  const agreed = await confirm({ message: question, default: false }, { input: process.stdin, output: context.stderr });
  if (!agreed) throw new DeclinedError(declined);
}

/** Asks "<question> (y/N)" when stdin is a terminal; false without one (the caller then only reports). */
export async function agreedOnTerminal(context: CommandContext, question: string): Promise<boolean> {
  if (!context.stdinIsTTY) return false;
  return confirm({ message: question, default: false }, { input: process.stdin, output: context.stderr });
}
