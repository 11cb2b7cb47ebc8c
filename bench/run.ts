// npm run bench [filter]: runs every bench/*.bench.ts in its own process (so peak memory is
// its own) and prints their figures. Each bench prints lines starting with "BENCH".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts') && (filter.length === 0 || filter.some((word) => file.includes(word))))
  .sort();
// End-to-end figures run the compiled code users run (bin/hazsim.js, dist/): build it when the sources changed (scripts/build.mjs).
const build = spawnSync(process.execPath, [path.join(here, '../scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('build failed');
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, file)], { stdio: 'inherit', cwd: path.join(here, '..') });
  if (result.status !== 0) failed += 1;
}
if (files.length === 0) console.log('no benchmarks matched');
process.exit(failed > 0 ? 1 : 0);
