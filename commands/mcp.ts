import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';

export function makeMcpCommand(context: CommandContext): Command {
  return new Command('mcp')
    .description('serve the MCP interface (resources, tools and prompts for AI agents) on stdin/stdout until stdin closes')
    .action(async (options: GlobalOptions) => {
      // The MCP SDK loads only here, so other commands start without it.
      const { serveStdio } = await import('../src/faces/mcp/index.js');
      await serveStdio(context.service(options), { stdin: process.stdin, stdout: process.stdout, stderr: context.stderr });
    });
}
