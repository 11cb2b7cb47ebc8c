// Reading and validating a large distribution model: an 86,000-component GDM file built by
// replicating a real feeder (P4U, 863 components; the bundled example feeder when the shared
// fixtures are absent) with fresh uuids. The read runs in a child process so that its peak
// memory is its own. Targets: <= 10 µs per component, peak memory < 4x the file size.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_COMPONENTS = 86_000;
const P4U = path.resolve(here, '../../shared/fixtures/gdm/gmdflow_P4U/P4U_system.json');
const source = fs.existsSync(P4U) ? P4U : path.resolve(here, '../examples/feeder/example_feeder.json');

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The source's components replicated until there are at least TARGET_COMPONENTS, each copy with its own uuids. */
function buildLargeFile(file: string): { components: number; bytes: number } {
  const system = JSON.parse(fs.readFileSync(source, 'utf8'));
  const componentsText = JSON.stringify(system.components).slice(1, -1);
  const copies = Math.ceil(TARGET_COMPONENTS / system.components.length);
  const parts: string[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    const fresh = new Map<string, string>();
    parts.push(componentsText.replace(UUID, (uuid) => fresh.get(uuid) ?? fresh.set(uuid, randomUUID()).get(uuid)!));
  }
  const head = JSON.stringify({ ...system, components: [] }).replace('"components":[]', `"components":[${parts.join(',')}]`);
  fs.writeFileSync(file, head);
  return { components: copies * system.components.length, bytes: Buffer.byteLength(head) };
}

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-')), 'large_feeder.json');
const built = buildLargeFile(file);
console.log(`source ${path.relative(path.resolve(here, '..'), source)}, ${built.components} components, ${(built.bytes / 1e6).toFixed(1)} MB`);
const child = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, '_gdmRead.ts'), file], {
  encoding: 'utf8',
  cwd: path.resolve(here, '..'),
});
process.stdout.write(child.stdout);
process.stderr.write(child.stderr);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.exit(child.status ?? 1);
