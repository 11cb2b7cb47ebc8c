import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { makeZip } from '../helpers/zip.js';
import { createService } from '../../src/app/service.js';

// An overwrite that fails for want of disk space leaves the old model exactly as it was: the
// cache lives on a small tmpfs that is filled so that each step of the overwrite in turn runs
// out of space (needs root to mount; skipped with a notice otherwise).

const FEEDER_TEXT = fs.readFileSync(path.join(ROOT, 'test/data/tiny_feeder.json'), 'utf8');
const PAGE = 4096;

function mountTmpfs(bytes: number): string | null {
  const dir = tempDir('hazsim-tmpfs-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  if (mounted.status !== 0) {
    console.log(`NOTICE: cannot mount a tmpfs here (${mounted.stderr?.toString().trim()}); the disk-full overwrite test is skipped`);
    return null;
  }
  return dir;
}

/** Every file under `dir` with its bytes, hidden ones included, for before/after comparison. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = fs.readFileSync(full, 'latin1');
  }
  return files;
}

const test = suite('overwrite on a full disk');

test('every failure point of an overwrite leaves the old model, its description and its time series as they were', async () => {
  const mount = mountTmpfs(256 * PAGE);
  if (!mount) return;
  try {
    const cache = path.join(mount, 'cache');
    const work = tempDir();
    const oldZip = path.join(work, 'old.zip');
    fs.writeFileSync(oldZip, await makeZip({ 'feeder.json': FEEDER_TEXT, 'feeder_time_series/old.db': 'old-series' }));
    assert.is(runCli(['upload', oldZip, '--name', 'feeder', '--description', 'the old one', '--cache-dir', cache]).code, 0);
    const before = snapshot(cache);
    const newText = FEEDER_TEXT.replace('"name": "tiny_feeder"', '"name": "tiny_feeder_new"');
    const newZip = path.join(work, 'new.zip');
    fs.writeFileSync(newZip, await makeZip({ 'feeder.json': newText, 'feeder_time_series/new.db': 'x'.repeat(3 * PAGE) }));
    const filler = path.join(mount, 'filler');
    let failures = 0;
    let succeeded = false;
    // The failing attempts run in-process (each one is quick); the CLI checks the result.
    const service = createService({ cacheDir: cache });
    let lastError = '';
    for (let freePages = 0; freePages < 40 && !succeeded; freePages += 1) {
      fs.rmSync(filler, { force: true });
      const available = fs.statfsSync(mount).bavail * fs.statfsSync(mount).bsize;
      fs.writeFileSync(filler, Buffer.alloc(Math.max(0, available - freePages * PAGE)));
      try {
        await service.models.uploadFile(newZip, { name: 'feeder', description: 'the new one', overwrite: true });
        succeeded = true;
      } catch (error) {
        lastError = (error as Error).message;
        failures += 1;
        assert.match(lastError, /ENOSPC|no space/, lastError);
        assert.equal(snapshot(cache), before, `after a failure with ${freePages} free pages: ${lastError}`);
        assert.is(service.models.record('distribution', 'feeder').description, 'the old one');
      }
    }
    assert.ok(failures > 3, `only ${failures} failing attempts`);
    assert.ok(succeeded, `the overwrite never succeeded: ${lastError}`);
    fs.rmSync(filler, { force: true });
    const shown = json(runCli(['show', 'feeder', '--json', '--cache-dir', cache]));
    assert.is(shown.description, 'the new one');
    assert.is(shown.content.name, 'tiny_feeder_new');
    assert.equal(fs.readdirSync(path.join(cache, 'distribution_models/feeder_time_series')), ['new.db']);
  } finally {
    spawnSync('umount', ['-l', mount]);
  }
});

test.run();
