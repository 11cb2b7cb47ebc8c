import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, expectError, expectJson, fileForm, postJson, startTestServer, uploadForm, type TestServer } from '../helpers/rest.js';
import { closeRelative } from '../helpers/assert.js';
import { gridXml, pgaPercentG, pgvCms, uncertaintyXml, type GridLayout } from '../helpers/shakeMapGrids.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { makeZip } from '../helpers/zip.js';
import { referenceDataDir } from '../hazards/gmpe/_verificationTables.js';

// ShakeMap grids uploaded through POST /hazard-models (a real server on 127.0.0.1), simulated
// through POST /simulate and read back from the SQLite result. The grids' fields are bilinear in
// longitude and latitude, so the expected value at each asset is the field's formula there.

const G = 9.80665;
const FOOT = 0.3048;
const INCH = 0.0254;
/** Covers the west of the example feeder (assets at −79.99…−79.91): assets east of −79.95 lie outside. */
const LAYOUT: GridLayout = { lonMin: -80.05, latMin: 32.7, lonMax: -79.95, latMax: 32.9, step: 0.01 };

const test = suite<{ server: TestServer }>('REST: ShakeMap grids as earthquake hazard models', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) }), 201);
});
test.after(async ({ server }) => server.stop());

async function simulate(server: TestServer, hazard: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await postJson(`${server.base}/simulate`, { distribution_system_name: 'feeder', hazard_system_name: hazard, ...extra });
  if (response.status !== 200) await expectJson(response);
  const file = path.join(tempDir(), `${hazard}.sqlite`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

for (const version of ['4', '3.5'] as const) {
  test(`a ShakeMap ${version} grid.xml is stored as an earthquake; PGA and PGV are interpolated at the assets, assets outside are reported`, async ({
    server,
  }) => {
    const name = `grid_v${version.replace('.', '_')}`;
    const stored = await expectJson(
      await fetch(`${server.base}/hazard-models`, { method: 'POST', body: uploadForm(`${name}.xml`, gridXml(LAYOUT, version)) }),
      201,
    );
    assert.is(stored.name, name);
    assert.match(stored.file_path, /\.json$/);
    const content = await expectJson(await fetch(`${server.base}/hazard-models/${name}`));
    const model = content.content.models[0];
    assert.is(model.type, 'shakemap');
    assert.is(model.timestamp, '2024-09-21T03:00:00');
    assert.is(model.event.magnitude, 7);

    const file = await simulate(server, name);
    const rows = sqliteRows<any>(
      file,
      // Assets of one element: a line's column holds the worst of its spans (docs/physics.md), not the value at its midpoint.
      'SELECT a.longitude, a.latitude, s.peak_ground_acceleration__feet_per_second2 AS pga, s.peak_ground_velocity__inch_per_second AS pgv FROM assetstatetable s JOIN assets a ON a.uuid = s.distribution_asset JOIN asset_summary m ON m.distribution_asset = s.distribution_asset WHERE m.element_count = 1',
    );
    let inside = 0;
    let outside = 0;
    for (const row of rows) {
      if (row.longitude > LAYOUT.lonMax) {
        assert.is(row.pga, null, 'no shaking outside the grid');
        outside += 1;
        continue;
      }
      inside += 1;
      closeRelative((row.pga * FOOT) / G, pgaPercentG(LAYOUT, row.longitude, row.latitude) / 100, 1e-6, `PGA at ${row.longitude}, ${row.latitude}`);
      closeRelative(row.pgv * INCH * 100, pgvCms(LAYOUT, row.longitude, row.latitude), 1e-6, `PGV at ${row.longitude}, ${row.latitude}`);
    }
    assert.ok(inside > 0 && outside > 0, `${inside} assets inside, ${outside} outside`);
    const warnings = JSON.parse(sqliteRows<any>(file, "SELECT value FROM run_info WHERE key = 'warnings'")[0].value);
    // The count is of the sites judged: with the default physics a line's spans and structures count one by one (docs/physics.md).
    assert.is(warnings.length, 1);
    const counted = Number(
      /^earthquake 'test0001' at 2024-09-21T03:00:00: (\d+) sites \(assets, or spans and structures of lines\) lie outside the ShakeMap grid and get no shaking from it$/.exec(
        warnings[0],
      )?.[1],
    );
    assert.ok(counted >= outside, warnings[0]);
  });
}

test('a ZIP with grid.xml and uncertainty.xml carries the standard deviations: integrated survival is lower than at the median', async ({ server }) => {
  const zip = await makeZip({ 'test0001/grid.xml': gridXml(LAYOUT, '4'), 'test0001/uncertainty.xml': uncertaintyXml(LAYOUT) });
  await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: uploadForm('charleston_shakemap.zip', zip) }), 201);
  const content = await expectJson(await fetch(`${server.base}/hazard-models/charleston_shakemap`));
  assert.equal(Object.keys(content.content.models[0].ln_standard_deviations).sort(), ['pga', 'pgv']);
  const integrated = await simulate(server, 'charleston_shakemap');
  const median = await simulate(server, 'charleston_shakemap', { ground_motion_variability: 'median' });
  const survival = (file: string) =>
    sqliteRows<any>(file, "SELECT pga_survival FROM assetstatetable WHERE asset_name = 'charleston_substation'")[0].pga_survival;
  assert.ok(survival(integrated) < survival(median), `${survival(integrated)} < ${survival(median)} (the grid's shaking is below the curves' medians)`);
});

test('a truncated grid, an uncertainty.xml alone and a ZIP without a grid are refused with what is wrong', async ({ server }) => {
  const refdata = referenceDataDir();
  if (refdata) {
    for (const file of ['oq-engine/shakemap/us20002926-grid.xml', 'oq-engine/shakemap/ghorka_grid.xml']) {
      const body = await expectError(
        await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(path.join(refdata, file)) }),
        422,
        /truncated: \d+ of \d+ data rows/,
      );
      assert.ok((body.errors ?? []).length > 0);
    }
  }
  await expectError(
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: uploadForm('uncertainty.xml', uncertaintyXml(LAYOUT)) }),
    422,
    /holds no PGA, PGV, PSA03 or PSA10 field; an uncertainty.xml is uploaded together with its grid.xml/,
  );
  await expectError(
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: uploadForm('nothing.zip', await makeZip({ 'readme.txt': 'no grid here' })) }),
    422,
    /no model JSON file .* and no ShakeMap grid.xml/,
  );
  const listed = await expectJson(await fetch(`${server.base}/hazard-models`));
  assert.ok(
    !listed.some((record: { name: string }) => ['us20002926-grid', 'ghorka_grid', 'uncertainty', 'nothing'].includes(record.name)),
    'nothing half-stored',
  );
});

test.run();
