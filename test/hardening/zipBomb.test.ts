import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, tempDir } from '../helpers/cli.js';
import { startTestServer } from '../helpers/rest.js';
import { writeZipBomb } from '../helpers/zip.js';

// ZIP bombs are refused while they inflate, with bounded memory, through the CLI and REST.

const MIB = 1024 ** 2;

interface Context {
  bomb: string;
}

const test = suite<Context>('ZIP bombs', {} as Context);

test.before(async (context) => {
  context.bomb = path.join(tempDir(), 'bomb.zip');
  await writeZipBomb(context.bomb, 1024);
});

test('the CLI refuses a 1 GiB-inflating ZIP with exit 5 and a clear message, peak memory under 400 MB', (context) => {
  assert.ok(fs.statSync(context.bomb).size < 2 * MIB);
  const cache = tempDir();
  const run = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M', process.execPath, BIN, 'upload', context.bomb, '--cache-dir', cache], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.is(run.status, 5, run.stderr);
  assert.match(run.stderr, /expands more than 100 times|expands to more than/);
  const maxRssKb = Number(/maxrss_kb=(\d+)/.exec(run.stderr)![1]);
  assert.ok(maxRssKb < 400 * 1024, `peak ${maxRssKb} kB`);
  assert.equal(
    fs.existsSync(path.join(cache, 'distribution_models')) ? fs.readdirSync(path.join(cache, 'distribution_models')).filter((n) => !n.endsWith('.lock')) : [],
    [],
  );
});

test('REST answers 413 to three concurrent bombs and its memory stays bounded', async (context) => {
  const server = await startTestServer();
  try {
    const bytes = fs.readFileSync(context.bomb);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const answers = await Promise.all(
      [1, 2, 3].map(async () => {
        const form = new FormData();
        form.append('file', new Blob([bytes]), 'bomb.zip');
        const response = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: form });
        return { status: response.status, body: await response.text() };
      }),
    );
    clearInterval(sampler);
    for (const answer of answers) {
      assert.is(answer.status, 413, answer.body);
      assert.match(answer.body, /expands/);
    }
    assert.ok(peak - before < 600 * MIB, `rss grew by ${Math.round((peak - before) / MIB)} MiB`);
    assert.is((await fetch(`${server.base}/health`)).status, 200);
  } finally {
    await server.stop();
  }
});

test.run();
