// Peak memory and time of refusing ZIP bombs (docs/hardening.md, "Uploads").
//   node --import tsx bench/run.ts zipBomb
// A 1.9 MB ZIP whose JSON entry inflates to 1.9 GB of spaces is uploaded through the CLI (peak
// resident memory from /usr/bin/time) and three times at once to a REST server in a child
// process (its peak resident memory from /proc/<pid>/status VmHWM).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeZipBomb } from '../test/helpers/zip.js';

const INFLATED_MIB = 1900;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'bin/hazsim.js');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-bomb-'));
try {
  const bomb = path.join(work, 'bomb.zip');
  await writeZipBomb(bomb, INFLATED_MIB);
  const zipMb = (fs.statSync(bomb).size / 1e6).toFixed(1);

  const started = Date.now();
  const cli = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M', process.execPath, BIN, 'upload', bomb, '--cache-dir', path.join(work, 'cli-cache')], {
    encoding: 'utf8',
  });
  const cliPeakMb = Number(/maxrss_kb=(\d+)/.exec(cli.stderr)?.[1] ?? NaN) / 1024;
  console.log(
    `BENCH zipBomb CLI upload of a ${zipMb} MB ZIP inflating to ${INFLATED_MIB} MiB: exit ${cli.status}, ${((Date.now() - started) / 1000).toFixed(1)} s, peak ${cliPeakMb.toFixed(0)} MiB`,
  );

  const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--cache-dir', path.join(work, 'rest-cache')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => server.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk)).url)));
  const rss = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  const idle = rss('VmRSS');
  const bytes = fs.readFileSync(bomb);
  const restStarted = Date.now();
  const statuses = await Promise.all(
    [1, 2, 3].map(async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'bomb.zip');
      return (await fetch(`${url}/distribution-models`, { method: 'POST', body: form })).status;
    }),
  );
  console.log(
    `BENCH zipBomb REST, three concurrent uploads: statuses ${statuses.join(', ')}, ${((Date.now() - restStarted) / 1000).toFixed(1)} s, server resident ${idle.toFixed(0)} MiB idle, peak ${rss('VmHWM').toFixed(0)} MiB`,
  );
  server.kill('SIGTERM');
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
