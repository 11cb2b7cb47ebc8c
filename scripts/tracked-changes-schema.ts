// Regenerates docs/tracked_changes.schema.json from the valibot schema in src/domain/scenarios/schema.ts:
//   node --import tsx scripts/tracked-changes-schema.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trackedChangesJsonSchema } from '../src/domain/scenarios/schema.js';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/tracked_changes.schema.json');
fs.writeFileSync(target, `${JSON.stringify(trackedChangesJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
