import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { fileForm, postJson, startTestServer, TINY_FEEDER, TINY_QUAKE } from '../helpers/rest.js';

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

/** Every string in a JSON value but links (`href`, which are URL paths), with its key. */
function* jsonStrings(value: unknown, key = ''): Generator<[string, string]> {
  if (typeof value === 'string' && key !== 'href') yield [key, value];
  else if (typeof value === 'object' && value !== null)
    for (const [inner, item] of Object.entries(value)) yield* jsonStrings(item, Array.isArray(value) ? key : inner);
}

/** Asserts that a JSON response body names no absolute path: neither the cache folder nor anything starting with "/". */
function assertNoAbsolutePath(cacheDir: string, what: string, body: string): void {
  assert.not.ok(body.includes(cacheDir), `${what} shows ${cacheDir}: ${body.slice(0, 400)}`);
  for (const [key, text] of jsonStrings(JSON.parse(body))) assert.not.match(text, /(^|[\s'"(])\//, `${what} shows an absolute path in ${key}: ${text}`);
}

test('REST reports of refresh and errors that name files show them relative to the cache', async () => {
  const server = await startTestServer();
  const models = path.join(server.cacheDir, 'distribution_models');
  const seen = async (what: string, response: Response, status: number): Promise<any> => {
    const text = await response.text();
    assert.is(response.status, status, `${what}: ${text}`);
    assertNoAbsolutePath(server.cacheDir, what, text);
    return JSON.parse(text);
  };
  try {
    for (const name of ['feeder', 'gone', 'fifo']) {
      assert.is((await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name }) })).status, 201);
    }
    assert.is((await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE, { name: 'quake' }) })).status, 201);

    // A record whose file was removed by hand: the 404 says which file, relative to the cache.
    fs.rmSync(path.join(models, 'gone.json'));
    const missing = await seen('GET of a model whose file is gone', await fetch(`${server.base}/distribution-models/gone`), 404);
    assert.match(missing.detail, /its file distribution_models\/gone\.json is gone/);
    await seen('a simulation of it', await postJson(`${server.base}/simulate`, { distribution_system_name: 'gone', hazard_system_name: 'quake' }), 404);
    const submitted = await fetch(`${server.base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'simulate', request: { distribution_system_name: 'gone', hazard_system_name: 'quake' } }),
    });
    if (submitted.status === 202) {
      const job: any = await submitted.json();
      let state = job;
      while (!['succeeded', 'failed', 'cancelled'].includes(state.state)) state = await seen('a job of it', await fetch(`${server.base}/jobs/${job.id}`), 200);
      assert.is(state.state, 'failed');
      assert.match(state.error.detail, /distribution_models\/gone\.json/);
    } else {
      await seen('a job of it', submitted, 404);
    }

    // A FIFO in place of a model file: a server fault, its message withheld.
    fs.rmSync(path.join(models, 'fifo.json'));
    execFileSync('mkfifo', [path.join(models, 'fifo.json')]);
    await seen('GET of a model whose file is a FIFO', await fetch(`${server.base}/distribution-models/fifo`), 500);

    // Files dropped in that cannot be models, and a damaged index: the refresh report names them relative to the cache.
    fs.writeFileSync(path.join(models, 'broken.json'), '{"name": ');
    execFileSync('mkfifo', [path.join(models, 'pipe.json')]);
    fs.writeFileSync(path.join(models, 'models_metadata.json'), 'not json');
    await seen('a listing over a damaged index', await fetch(`${server.base}/distribution-models`), 500);
    const refreshed = await seen('the refresh report', await fetch(`${server.base}/refresh-cache`, { method: 'POST' }), 200);
    assert.equal(refreshed.distribution_models.invalid.map((entry: { file: string }) => entry.file).sort(), [
      'distribution_models/broken.json',
      'distribution_models/fifo.json',
      'distribution_models/models_metadata.json',
      'distribution_models/pipe.json',
    ]);
    assert.equal(refreshed.distribution_models.added, ['feeder']);

    // The cache folder replaced by a file: /health names the problem, not the folder.
    fs.renameSync(server.cacheDir, `${server.cacheDir}.moved`);
    fs.writeFileSync(server.cacheDir, '');
    const health = await seen('/health over an unusable cache', await fetch(`${server.base}/health`), 503);
    assert.match(health.detail, /not usable/);
    fs.rmSync(server.cacheDir);
    fs.renameSync(`${server.cacheDir}.moved`, server.cacheDir);
  } finally {
    await server.stop();
  }
});

test.run();
