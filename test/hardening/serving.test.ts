import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { fileForm, startTestServer, TINY_FEEDER } from '../helpers/rest.js';

// `hazsim serve` binds loopback unless told otherwise, warns when it opens beyond it without
// a key, refuses an empty key, and never shows REST clients the server's absolute paths.

interface Started {
  url: string;
  stderr: string;
}

/** Starts `hazsim serve --port 0 --json`, waits for its listening line, stops it, and returns what it said. */
function serveOnce(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--cache-dir', tempDir(), ...args], {
      cwd: ROOT,
      env: { ...process.env, HAZSIM_API_KEY: undefined, HAZSIM_HOST: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.once('data', (chunk) => {
      const { url } = JSON.parse(String(chunk));
      child.kill('SIGTERM');
      child.on('close', () => resolve({ url, stderr }));
    });
    child.on('error', reject);
  });
}

const test = suite('serving');

test('binds 127.0.0.1 by default, without a warning', async () => {
  const started = await serveOnce([]);
  assert.match(started.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.not.match(started.stderr, /warning/);
});

test('--host 0.0.0.0 or HAZSIM_HOST opts in to all interfaces and warns on stderr without a key', async () => {
  for (const started of [await serveOnce(['--host', '0.0.0.0']), await serveOnce([], { HAZSIM_HOST: '0.0.0.0' })]) {
    assert.match(started.url, /:\/\/(0\.0\.0\.0|\[::\]|127\.0\.0\.1):\d+$/);
    assert.match(started.stderr, /warning: serving on 0\.0\.0\.0 without an API key/);
  }
  const keyed = await serveOnce(['--host', '0.0.0.0'], { HAZSIM_API_KEY: 'secret-key' });
  assert.not.match(keyed.stderr, /warning/);
});

test('an empty HAZSIM_API_KEY is refused instead of silently turning authentication off', () => {
  const result = runCli(['serve', '--port', '0', '--cache-dir', tempDir()], { env: { HAZSIM_API_KEY: '' } });
  assert.is(result.code, 2, result.stderr);
  assert.match(result.stderr, /HAZSIM_API_KEY/);
});

test('REST responses carry paths relative to the cache, never the server absolute ones', async () => {
  const server = await startTestServer();
  try {
    const bodies: string[] = [];
    const upload = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name: 'feeder' }) });
    const uploaded: any = await upload.json();
    assert.is(upload.status, 201);
    assert.is(uploaded.file_path, 'distribution_models/feeder.json');
    const curves = fs.readFileSync(path.join(ROOT, 'examples/curve-sets/example_curves.json'));
    const curveUpload = await fetch(`${server.base}/curve-sets`, {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('file', new Blob([curves]), 'c.json');
        return f;
      })(),
    });
    assert.is(((await curveUpload.json()) as any).file_path, 'curve_sets/example_curves.json');
    for (const route of ['/distribution-models', '/distribution-models/feeder', '/curve-sets', '/curve-sets/example_curves', '/cache-info', '/health']) {
      const response = await fetch(server.base + route);
      assert.is(response.status, 200, route);
      bodies.push(await response.text());
    }
    for (const body of bodies) assert.not.ok(body.includes(server.cacheDir), `a body shows ${server.cacheDir}: ${body.slice(0, 300)}`);
    const info = JSON.parse(bodies[4]);
    assert.is(info.metadata_file, 'distribution_models/models_metadata.json');
  } finally {
    await server.stop();
  }
});

test.run();
