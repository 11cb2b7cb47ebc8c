import { Command } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { serveStdio } from '../src/mcp/index.js';

export function makeMcpCommand(context: CommandContext): Command {
  return new Command('mcp')
    .description('serve the MCP interface (resources, tools and prompts for AI agents) on stdin/stdout until stdin closes')
    .action(async (options: GlobalOptions) => {
      await serveStdio(context.service(options), { stdin: process.stdin, stdout: process.stdout, stderr: context.stderr });
    });
}
