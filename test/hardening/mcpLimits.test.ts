import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { BIN, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, protocolError, toolOutput } from '../helpers/mcp.js';
import { messageId } from '../../src/faces/mcp/stdioTransport.js';

// The MCP server answers a message over 10 MiB with an error and keeps serving; malformed
// params are -32602; runs with different inputs never share a result file.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');
const ELEVEN_MIB = 'x'.repeat(11 * 1024 * 1024);

function seededCache(): string {
  const cache = tempDir();
  for (const [file, name] of [
    [FEEDER, 'feeder'],
    [FEEDER, 'feeder_x'],
    [QUAKE, 'x_hurricane'],
    [QUAKE, 'hurricane'],
  ]) {
    const result = runCli(['upload', file, '--name', name, '--cache-dir', cache]);
    assert.is(result.code, 0, result.stderr);
  }
  return cache;
}

const test = suite('MCP limits');

test('an SDK client sending a message over 10 MiB gets a JSON-RPC error for it; calls in flight and later calls are answered', async () => {
  const session = await connectStdio(seededCache());
  try {
    const inFlight = session.client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'hurricane' } });
    const error = await protocolError(session.client.callTool({ name: 'refresh_cache', arguments: { pad: ELEVEN_MIB } }));
    assert.is(error.code, ErrorCode.InvalidRequest);
    assert.match(error.message, /larger than the 10 MiB a message may be; it was discarded/);
    assert.ok(toolOutput(await inFlight).file_path);
    assert.is(toolOutput(await session.client.callTool({ name: 'refresh_cache', arguments: {} })).status, 'success');
    assert.is(session.transport.pid !== null && fs.existsSync(`/proc/${session.transport.pid}`), true, 'the server still runs');
  } finally {
    await session.client.close();
  }
});

test('raw stdio: oversized messages are answered by id (front or back), malformed params are -32602, and the server exits 0 after answering all', async () => {
  const child = spawn(process.execPath, [BIN, 'mcp', '--cache-dir', seededCache()], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 'front', method: 'tools/call', params: { name: 'refresh_cache', arguments: { pad: ELEVEN_MIB } } },
    { method: 'tools/call', params: { name: 'refresh_cache', arguments: { pad: ELEVEN_MIB } }, jsonrpc: '2.0', id: 77 },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 5 } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'refresh_cache', arguments: 'not an object' } },
    { jsonrpc: '2.0', id: 4, method: 'resources/read', params: {} },
    { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'refresh_cache', arguments: {} } },
  ];
  // Written in pieces, as a pipe delivers them: the oversized lines span many chunks.
  const text = requests.map((request) => JSON.stringify(request)).join('\n') + '\n';
  for (let at = 0; at < text.length; at += 1024 * 1024) {
    if (!child.stdin.write(text.slice(at, at + 1024 * 1024))) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(code, 0);
  const byId = Object.fromEntries(
    out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line))
      .map((message) => [message.id, message]),
  );
  assert.equal(Object.keys(byId).sort(), ['1', '2', '3', '4', '5', '77', 'front']);
  for (const id of ['front', 77]) assert.is(byId[id].error.code, ErrorCode.InvalidRequest);
  for (const id of [2, 3, 4]) assert.is(byId[id].error.code, ErrorCode.InvalidParams, JSON.stringify(byId[id]));
  assert.match(byId[2].error.message, /params\.name/);
  assert.match(byId[3].error.message, /params\.arguments/);
  assert.match(byId[4].error.message, /params\.uri/);
  assert.is(byId[5].result.structuredContent.status, 'success');
});

test('an oversized message whose id holds a bad JSON escape is answered with id null, and the server keeps serving', async () => {
  const child = spawn(process.execPath, [BIN, 'mcp', '--cache-dir', seededCache()], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    // A server that crashed closes its stdin: the assertions below report it, not an EPIPE.
    child.stdin.on('error', () => undefined);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    // String.raw keeps the backslash: `\x` is no JSON escape, so the id cannot be decoded (nor can a member name at the front).
    const badFront = String.raw`{"jsonrpc":"2.0","id":"\x","method":"tools/call","params":{"name":"refresh_cache","arguments":{"pad":"` + ELEVEN_MIB + '"}}}';
    const badName = String.raw`{"jsonrpc":"2.0","i\qd":1,"method":"tools/call","params":{"pad":"` + ELEVEN_MIB + '"}}';
    const badBack =
      String.raw`{"method":"tools/call","params":{"name":"refresh_cache","arguments":{"pad":"` + ELEVEN_MIB + String.raw`"}},"jsonrpc":"2.0","id":"\x"}`;
    const after = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'refresh_cache', arguments: {} } };
    const text =
      [
        JSON.stringify(initialize),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        badFront,
        badName,
        badBack,
        JSON.stringify(after),
      ].join('\n') + '\n';
    for (let at = 0; at < text.length; at += 1024 * 1024) {
      if (!child.stdin.write(text.slice(at, at + 1024 * 1024))) await new Promise((resolve) => child.stdin.once('drain', resolve));
    }
    child.stdin.end();
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 60_000).unref())]);
    assert.is(code, 0, 'the server ends normally at the end of its input');
    const answers = out
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    const discarded = answers.filter((answer) => answer.error?.code === ErrorCode.InvalidRequest);
    assert.is(discarded.length, 3, JSON.stringify(answers.map((answer) => answer.id)));
    for (const answer of discarded) assert.is(answer.id, null);
    assert.is(answers.find((answer) => answer.id === 5)?.result.structuredContent.status, 'success');
  } finally {
    child.kill('SIGKILL');
  }
});

test('the id of an oversized message is read only where it is surely top level', () => {
  assert.is(messageId('{"jsonrpc":"2.0","id":7,"method":"x","params":{', 'x"}}'), 7);
  assert.is(messageId('{"method":"x","params":{"id":3,', '"}},"jsonrpc":"2.0","id":"abc"}\r'), 'abc');
  assert.is(messageId('{"method":"x","params":{"id":3,', '"arguments":{"id":9}}}'), null);
  assert.is(messageId('{"jsonrpc":"2.0","method":"x","params":{"id":3,', 'x"}}}'), null);
  assert.is(messageId(String.raw`{"jsonrpc":"2.0","id":"\x","method":"x","params":{`, 'x"}}'), null);
  assert.is(messageId(String.raw`{"jsonrpc":"2.0","\u12":1,"id":4,"params":{`, 'x"}}'), null);
  assert.is(messageId('{"method":"x","params":{', String.raw`"}},"jsonrpc":"2.0","id":"\x"}`), null);
});

test('run results of (feeder_x, hurricane) and (feeder, x_hurricane) are different files', async () => {
  const session = await connectStdio(seededCache());
  try {
    const run = async (distribution: string, hazard: string) =>
      toolOutput(await session.client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: distribution, hazard_system_name: hazard } }));
    const first = await run('feeder_x', 'hurricane');
    const second = await run('feeder', 'x_hurricane');
    assert.is.not(first.file_path, second.file_path);
    assert.is(path.basename(first.file_path), 'feeder_x+hurricane+DEFAULT_CURVES_results.sqlite');
    assert.ok(fs.existsSync(first.file_path) && fs.existsSync(second.file_path));
  } finally {
    await session.client.close();
  }
});

test.run();
