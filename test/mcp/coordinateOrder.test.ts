import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { sqliteContents } from '../helpers/rest.js';
import { ANCHOR, metresExampleFeeder, PLACED_BUS, survivalRows, swappedExampleFeeder } from '../helpers/coordinateFixtures.js';

// The upload_distribution_model tool of `hazsim mcp` (over stdio, SDK client) takes coordinate_order and
// place_at: the swapped example feeder read lat,lon simulates exactly as the example feeder; a feeder
// in metres is placed where the hand computation says; bad values are error results naming the argument.

type Session = Awaited<ReturnType<typeof connectStdio>>;
const test = suite<{ session: Session; work: string }>(
  'MCP upload_distribution_model with coordinate_order and place_at',
  {} as { session: Session; work: string },
);

test.before(async (context) => {
  context.session = await connectStdio(tempDir());
  context.work = tempDir();
});
test.after(async ({ session }) => session.client.close());

test('the swapped example feeder with coordinate_order lat,lon: same survival as the example feeder, and get_model_info says how it is read', async ({
  session,
  work,
}) => {
  const call = async (name: string, args: Record<string, unknown>) => toolOutput(await session.client.callTool({ name, arguments: args }));
  await call('upload_distribution_model', { file_path: path.join(EXAMPLES, 'feeder/example_feeder.json'), name: 'plain' });
  const uploaded = await call('upload_distribution_model', { file_path: swappedExampleFeeder(work), name: 'swapped', coordinate_order: 'lat,lon' });
  assert.equal([uploaded.status, uploaded.name, uploaded.warnings], ['success', 'swapped', []]);
  await call('upload_hazard_model', { file_path: path.join(EXAMPLES, 'hazards/earthquake.json'), name: 'quake' });
  const info = await call('get_model_info', { model_name: 'swapped' });
  assert.equal(info.coordinates, { order: 'lat,lon', place_at: null });
  const swapped = await call('run_simulation', { distribution_system_name: 'swapped', hazard_system_name: 'quake' });
  const plain = await call('run_simulation', { distribution_system_name: 'plain', hazard_system_name: 'quake' });
  assert.is(swapped.unlocated_count, 0);
  assert.equal(survivalRows(sqliteContents(swapped.file_path)), survivalRows(sqliteContents(plain.file_path)));
});

test('place_at anchors a feeder in metres (hand computation in coordinateFixtures.ts); without it the warning offers place_at', async ({ session, work }) => {
  const feeder = metresExampleFeeder(work);
  const upload = async (args: Record<string, unknown>) =>
    toolOutput(await session.client.callTool({ name: 'upload_distribution_model', arguments: { file_path: feeder, ...args } }));
  assert.match((await upload({ name: 'unplaced' })).warnings[0], /place_at/);
  assert.equal((await upload({ name: 'placed', place_at: ANCHOR })).warnings, []);
  const info = toolOutput(await session.client.callTool({ name: 'get_model_info', arguments: { model_name: 'placed' } }));
  assert.equal(info.coordinates, { order: 'lon,lat', place_at: { longitude: 10, latitude: 0 } });
  assert.equal([info.assets.located, info.assets.unlocated], [38, 0]);
  assert.ok(info.bounding_box.min_longitude < PLACED_BUS.longitude && info.bounding_box.max_latitude > PLACED_BUS.latitude);
});

test('bad coordinate_order and place_at are error results naming the argument', async ({ session }) => {
  const feeder = path.join(ROOT, 'test/data/tiny_feeder.json');
  const fail = async (args: Record<string, unknown>) =>
    toolError(await session.client.callTool({ name: 'upload_distribution_model', arguments: { file_path: feeder, ...args } }));
  assert.match(await fail({ coordinate_order: 'x,y' }), /coordinate_order: must be lon,lat or lat,lon/);
  assert.match(await fail({ place_at: '10' }), /place_at: must be <longitude>,<latitude>/);
  assert.match(await fail({ place_at: '181,0' }), /place_at.*longitude 181 is outside -180 to 180/);
  assert.match(await fail({ place_at: [10, 0] }), /place_at/);
});

test.run();
