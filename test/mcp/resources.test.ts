import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { createService } from '../../src/app/service.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { connectInMemory, textOf } from '../helpers/mcp.js';

const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');

const shadowed = suite('a hazard model named like a fixed resource');

shadowed('hazsim://hazards/types stays the types table; the model named "types" is listed and read through its summary', async () => {
  const service = createService({ cacheDir: tempDir() });
  await service.models.uploadFile(QUAKE, { name: 'types' });
  const client = await connectInMemory(service);
  const listed = (await client.listResources()).resources.filter((resource) => resource.name === 'types');
  assert.equal(
    listed.map((resource) => resource.uri),
    ['hazsim://hazards/types/summary'],
  );
  const types = JSON.parse(textOf((await client.readResource({ uri: 'hazsim://hazards/types' })).contents[0]));
  assert.ok(Array.isArray(types.hazard_types));
  const summary = JSON.parse(textOf((await client.readResource({ uri: 'hazsim://hazards/types/summary' })).contents[0]));
  assert.is(summary.name, 'types');
  assert.is(summary.hazard_model_count, 1);
});

shadowed.run();
