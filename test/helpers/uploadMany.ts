// A separate process that uploads `count` distinct models named `<prefix>_<i>` into one cache,
// through the same core the CLI uses. Used by the concurrency and crash-safety tests.
import fs from 'node:fs';
import { createService } from '../../src/app/service.js';

const [cacheDir, prefix, countText, sourceFile, paddingText] = process.argv.slice(2);
const service = createService({ cacheDir });
const base = JSON.parse(fs.readFileSync(sourceFile, 'utf8'));
// Optional padding makes each model big enough that a kill lands in the middle of writing it.
const padding = 'x'.repeat(Number(paddingText ?? 0));
for (let i = 0; i < Number(countText); i += 1) {
  const content = { ...base, properties: { ...base.properties, copy: i, padding } };
  await service.models.upload({ fileName: `${prefix}_${i}.json`, bytes: Buffer.from(JSON.stringify(content)), description: `${prefix} ${i}` });
  process.stdout.write(`${prefix}_${i}\n`);
}
