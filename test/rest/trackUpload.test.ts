import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close } from '../helpers/assert.js';
import { ROOT } from '../helpers/cli.js';
import { expectError, expectJson, fileForm, startTestServer, TINY_QUAKE, type TestServer } from '../helpers/rest.js';

// POST /hazard-models with a best track, on a real server over HTTP. Expected values are the
// track file's own fixes (HURDAT2 sample; knots × 1852/3600).
const SAMPLE = path.resolve(ROOT, '../shared/reference/refdata/hurdat2_sample.txt');
const haveSample = fs.existsSync(SAMPLE);
if (!haveSample) console.log(`NOTICE: ${SAMPLE} is absent; the REST best-track tests are skipped`);

const test = suite<{ server: TestServer }>('REST best-track upload', {} as { server: TestServer });

test.before(async (context) => {
  context.server = await startTestServer();
});
test.after(async ({ server }) => server.stop());

if (haveSample) {
  test('OSCAR by id within a time window: the fixes read, hourly models, the fallbacks in warnings, and the stored model served back', async ({ server }) => {
    const response = await fetch(`${server.base}/hazard-models`, {
      method: 'POST',
      body: fileForm(SAMPLE, { storm: 'AL162018', from: '2018-10-29T00:00:00', to: '2018-10-30T00:00:00', name: 'oscar_day' }),
    });
    const body = await expectJson(response, 201);
    assert.equal([body.status, body.name, body.message], ['success', 'oscar_day', 'Hazard model oscar_day uploaded successfully']);
    assert.equal(body.track, {
      format: 'hurdat2',
      storm_id: 'AL162018',
      storm_name: 'OSCAR',
      fix_count: 5,
      first_fix: '2018-10-29T00:00:00Z',
      last_fix: '2018-10-30T00:00:00Z',
      model_count: 25,
    });
    assert.ok(body.warnings.some((warning: string) => warning.includes('estimate_rmw')));
    const stored = await expectJson(await fetch(`${server.base}/hazard-models/oscar_day`));
    assert.is(stored.content.models.length, 25);
    // "20181029, 1800, HU, 26.2N, 58.5W, 85 kt, 974 mb".
    const fix = stored.content.models.find((model: any) => model.timestamp === '2018-10-29T18:00:00');
    assert.equal(fix.center, { longitude: -58.5, latitude: 26.2 });
    close(Number(fix.max_wind_speed.split(' ')[0]), (85 * 1852) / 3600, 1e-4);
    assert.is(fix.air_pressure, '974 millibar');
  });

  test('a several-storm file without a storm is a 422 naming the candidates; a bad wind_profile is a 422 on the form', async ({ server }) => {
    const missing = await expectError(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(SAMPLE, {}) }), 422, /holds 4 storms/);
    assert.is(missing.errors![0].path, 'storm');
    const bad = await expectError(
      await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(SAMPLE, { storm: 'OSCAR', wind_profile: 'RANKINE' }) }),
      422,
    );
    assert.is(bad.errors![0].path, 'wind_profile');
  });
}

test('track fields with a JSON hazard file are a 400', async ({ server }) => {
  await expectError(
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE, { storm: 'NADINE' }) }),
    400,
    /is not a best track/,
  );
});

test.run();
