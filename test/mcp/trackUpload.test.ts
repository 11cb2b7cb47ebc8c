import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close } from '../helpers/assert.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';

// The upload_storm_track tool of `hazsim mcp`, driven by the SDK client over stdio. Expected
// values are the track file's own fixes (knots × 1852/3600).
const SAMPLE = path.resolve(ROOT, '../shared/reference/refdata/hurdat2_sample.txt');
const BDECK = path.join(ROOT, 'test/data/tracks/bdeck_al152018_excerpt.dat');
const haveSample = fs.existsSync(SAMPLE);
if (!haveSample) console.log(`NOTICE: ${SAMPLE} is absent; the MCP HURDAT2 test is skipped`);

type Session = Awaited<ReturnType<typeof connectStdio>>;
const test = suite<{ session: Session }>('MCP upload_storm_track (stdio)', {} as { session: Session });

test.before(async (context) => {
  context.session = await connectStdio(tempDir());
});
test.after(async ({ session }) => session.client.close());

if (haveSample) {
  test('NADINE by name from HURDAT2 text: 18 fixes, 103 hourly models; the stored model is listed and described', async ({ session }) => {
    const output = toolOutput(
      await session.client.callTool({
        name: 'upload_storm_track',
        arguments: { track_text: fs.readFileSync(SAMPLE, 'utf8'), storm: 'Nadine', name: 'nadine' },
      }),
    );
    assert.equal(
      [output.status, output.name, output.track.storm_id, output.track.fix_count, output.track.model_count],
      ['success', 'nadine', 'AL152018', 18, 103],
    );
    assert.equal([output.track.first_fix, output.track.last_fix], ['2018-10-08T12:00:00Z', '2018-10-12T18:00:00Z']);
    const info = toolOutput(await session.client.callTool({ name: 'get_hazard_model_info', arguments: { model_name: 'nadine' } }));
    assert.is(info.timestamps.length, 103);
    assert.is(info.timestamps[0], '2018-10-08T12:00:00');
    const stored = JSON.parse(fs.readFileSync(output.file_path, 'utf8'));
    // "20181012, 1800, TD, 16.2N, 37.0W, 30 kt, 1008 mb".
    const last = stored.models.at(-1);
    assert.equal(last.center, { longitude: -37, latitude: 16.2 });
    close(Number(last.max_wind_speed.split(' ')[0]), (30 * 1852) / 3600, 1e-4);
  });
}

test('an ATCF b-deck is read; text that is no best track is an error result, and a taken name needs overwrite', async ({ session }) => {
  const text = fs.readFileSync(BDECK, 'utf8');
  const first = toolOutput(await session.client.callTool({ name: 'upload_storm_track', arguments: { track_text: text, name: 'nadine_bdeck' } }));
  assert.equal([first.track.format, first.track.storm_id], ['atcf', 'AL152018']);
  assert.match(
    toolError(await session.client.callTool({ name: 'upload_storm_track', arguments: { track_text: text, name: 'nadine_bdeck' } })),
    /already exists|exists/,
  );
  const again = toolOutput(
    await session.client.callTool({ name: 'upload_storm_track', arguments: { track_text: text, name: 'nadine_bdeck', overwrite: true } }),
  );
  assert.is(again.status, 'success');
  assert.match(
    toolError(await session.client.callTool({ name: 'upload_storm_track', arguments: { track_text: '{"models": []}', name: 'json' } })),
    /is not a best track/,
  );
});

test.run();
