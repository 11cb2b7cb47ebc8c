import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { spawnServer, TINY_FEEDER, type SpawnedServer } from '../helpers/rest.js';

// GET of a model during overwrites by another process answers one upload's record with that
// same upload's content (docs/hardening.md, "The cache index"): 12 of 3,265 GETs paired one
// upload's description with another's file.

const RACE_MS = 25_000;
const FEEDER = JSON.parse(fs.readFileSync(TINY_FEEDER, 'utf8'));

/** An upload whose description and content carry the same mark. */
function upload(mark: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify({ ...FEEDER, properties: { source: mark } })]), 'm.json');
  form.append('name', 'm');
  form.append('description', mark);
  form.append('overwrite', 'true');
  return form;
}

const test = suite('model reads during overwrites');

test("every GET during another process's overwrites pairs a record with its own content", async () => {
  const cache = tempDir();
  const first = tempDir();
  fs.writeFileSync(`${first}/m.json`, JSON.stringify({ ...FEEDER, properties: { source: 'first' } }));
  assert.is(runCli(['upload', `${first}/m.json`, '--name', 'm', '--description', 'first', '--cache-dir', cache]).code, 0);
  let writer: SpawnedServer | null = null;
  let reader: SpawnedServer | null = null;
  try {
    // Two processes: within one, a commit runs between two turns of the event loop and no GET can fall inside it.
    writer = await spawnServer(['--cache-dir', cache]);
    reader = await spawnServer(['--cache-dir', cache]);
    const until = Date.now() + RACE_MS;
    let writes = 0;
    let reads = 0;
    const mismatches: string[] = [];
    const failures: string[] = [];
    const writeLoop = async (lane: number) => {
      for (let i = 0; Date.now() < until; i += 1) {
        const response = await fetch(`${writer!.url}/distribution-models`, { method: 'POST', body: upload(`lane ${lane} upload ${i}`) });
        if (response.status === 201) writes += 1;
        else failures.push(`upload ${response.status}: ${await response.text()}`);
      }
    };
    const readLoop = async () => {
      while (Date.now() < until) {
        const response = await fetch(`${reader!.url}/distribution-models/m`);
        const text = await response.text();
        if (response.status !== 200) {
          failures.push(`GET ${response.status}: ${text}`);
          continue;
        }
        reads += 1;
        const body = JSON.parse(text) as { description: string; content: { properties: { source: string } } };
        if (body.description !== body.content.properties.source)
          mismatches.push(`record "${body.description}" with content "${body.content.properties.source}"`);
      }
    };
    await Promise.all([writeLoop(1), writeLoop(2), readLoop(), readLoop(), readLoop(), readLoop()]);
    console.log(`read snapshot: ${reads} GETs during ${writes} overwrites; ${mismatches.length} mismatched, ${failures.length} failed`);
    assert.ok(writes >= 20 && reads >= 200, `enough overlap (${writes} overwrites, ${reads} GETs)`);
    assert.equal(mismatches.slice(0, 5), [], `${mismatches.length} of ${reads} GETs paired a record with another upload's content`);
    assert.equal(failures.slice(0, 5), [], `${failures.length} requests failed`);
  } finally {
    writer?.child.kill('SIGKILL');
    reader?.child.kill('SIGKILL');
    await Promise.all([writer?.exited, reader?.exited]);
  }
});

test.run();
