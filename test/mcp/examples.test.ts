import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';

const examples = suite('examples/mcp client configurations');

/** Starts the server an example configures, with this checkout's paths in place of the placeholders, and lists its tools. */
async function toolsOf(file: string): Promise<string[]> {
  const config = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'mcp', file), 'utf8'));
  const server = config.mcpServers.hazsim;
  const cache = tempDir();
  const args: string[] = server.args.map((arg: string) => arg.replace('/path/to/hazsim/bin/hazsim.js', BIN).replace('/path/to/hazsim-cache', cache));
  // "hazsim" is the installed bin; here it is this checkout's bin/hazsim.js.
  const [command, commandArgs] =
    server.command === 'hazsim'
      ? [process.execPath, [BIN, ...args, '--cache-dir', cache]]
      : [server.command === 'node' ? process.execPath : server.command, args];
  const client = new Client({ name: 'example-check', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args: commandArgs, env: server.env, cwd: ROOT, stderr: 'ignore' }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

for (const file of ['claude_desktop_config.json', 'mcp_client_config.json']) {
  examples(`${file} starts hazsim mcp`, async () => {
    assert.ok((await toolsOf(file)).includes('list_cached_models'));
  });
}

examples.run();
