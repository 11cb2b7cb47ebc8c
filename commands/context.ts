import { Command, Option } from 'commander';
import { createService, type HazsimService } from '../src/app/service.js';

/** Options every subcommand takes (added in one place by addGlobalOptions). */
export interface GlobalOptions {
  json?: boolean;
  cacheDir?: string;
}

/** What a command needs from its surroundings; tests and the TUI can supply their own streams. */
export interface CommandContext {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdinIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** The service over the cache the options name; built once per cache directory. */
  service(options: GlobalOptions): HazsimService;
}

export function createContext(overrides: Partial<Omit<CommandContext, 'service'>> = {}): CommandContext {
  const env = overrides.env ?? process.env;
  const services = new Map<string, HazsimService>();
  return {
    stdout: overrides.stdout ?? process.stdout,
    stderr: overrides.stderr ?? process.stderr,
    stdinIsTTY: overrides.stdinIsTTY ?? Boolean(process.stdin.isTTY),
    env,
    service(options) {
      const key = options.cacheDir ?? '';
      let service = services.get(key);
      if (!service) {
        service = createService({ cacheDir: options.cacheDir, env, requireUsableCache: true });
        services.set(key, service);
      }
      return service;
    },
  };
}

/**
 * Commands that take only some of the global options: the terminal UI and the MCP server
 * print no result to format as JSON, and the completion script reads no cache.
 */
const PARTIAL_GLOBAL_OPTIONS: Readonly<Record<string, readonly ('json' | 'cacheDir')[]>> = {
  browse: ['cacheDir'],
  mcp: ['cacheDir'],
  completion: ['cacheDir'],
};

/** Adds --json and --cache-dir to a command and, recursively, to its subcommands. */
export function addGlobalOptions(command: Command): void {
  for (const sub of command.commands) {
    if (sub.commands.length > 0) {
      addGlobalOptions(sub);
      continue;
    }
    const takes = PARTIAL_GLOBAL_OPTIONS[sub.name()] ?? ['json', 'cacheDir'];
    if (takes.includes('json')) sub.addOption(new Option('--json', 'print machine-readable JSON on stdout'));
    if (takes.includes('cacheDir')) sub.addOption(new Option('--cache-dir <dir>', 'cache root (default: $HAZSIM_CACHE_DIR, XDG cache, ~/.cache/hazsim)'));
  }
}
