// The loads' active-power series of a GDM time series folder (src/domain/gdm/formats/), on the
// P5R fixtures in both metadata schemas (../shared/fixtures/gdm: gdm_main_p5r with the legacy
// infrasys 0.x table, gmdflow_p5r with infrasys 1.x associations), whose two com_kw_41421_pu
// profiles are written as different Arrow files (they differ from byte 114 on).
//
// Independent values: the float64 data of gmdflow_p5r's 76417e23….arrow were located by scanning
// the file with Python's struct module for 35,040 little-endian doubles all in [0.1, 1] (they start
// at byte 312), without reading the Arrow layout: first 0.932975407441166, last 0.9824808668785505,
// sum 29457.151868894543.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readArrowFloat64Column } from '../../src/domain/gdm/formats/arrowFloat64.js';
import { readLoadPowerSeries, resolutionMs } from '../../src/domain/gdm/formats/loadPowerSeries.js';
import { haveSharedFixtures, SHARED_FIXTURES } from '../helpers/cli.js';

const test = suite('readLoadPowerSeries');
const CURRENT = path.join(SHARED_FIXTURES, 'gmdflow_p5r/p5r_time_series');
const LEGACY = path.join(SHARED_FIXTURES, 'gdm_main_p5r/p5r_time_series');

test('reads the Arrow float64 column as the independent scan does', () => {
  if (!haveSharedFixtures()) return;
  const file = path.join(CURRENT, '76417e23-ccf4-4341-86b7-f618d0170df5.arrow');
  const values = readArrowFloat64Column(fs.readFileSync(file), file);
  assert.is(values.length, 35_040);
  assert.is(values[0], 0.932975407441166);
  assert.is(values[35_039], 0.9824808668785505);
  assert.ok(Math.abs(values.reduce((sum, v) => sum + v, 0) - 29457.151868894543) < 1e-8);
  const raw = fs.readFileSync(file);
  for (let i = 0; i < 35_040; i += 997) assert.is(values[i], raw.readDoubleLE(312 + 8 * i));
});

test('both metadata schemas: two loads, 15-minute multipliers from 2020-01-01, the same profile the same values', () => {
  if (!haveSharedFixtures()) return;
  const current = readLoadPowerSeries(CURRENT);
  const legacy = readLoadPowerSeries(LEGACY);
  for (const series of [current, legacy]) {
    assert.is(series.size, 2);
    for (const shape of series.values()) {
      assert.equal([shape.initialMs, shape.resolutionMs, shape.values.length, shape.useActual], [Date.parse('2020-01-01T00:00:00Z'), 900_000, 35_040, false]);
    }
  }
  const byProfile = (series: typeof current) => Object.fromEntries([...series.values()].map((shape) => [shape.profileName, shape.values]));
  const [a, b] = [byProfile(current), byProfile(legacy)];
  assert.equal(Object.keys(a).sort(), ['com_kw_29611_pu', 'com_kw_41421_pu']);
  assert.equal(a.com_kw_41421_pu, b.com_kw_41421_pu);
  assert.equal(a.com_kw_29611_pu, b.com_kw_29611_pu);
  assert.is(current.get('eeb4123c-c693-4e02-9786-4cd25744b9c7')?.profileName, 'com_kw_41421_pu');
});

test('no folder or no database: no series (the model then uses fixed kW)', () => {
  assert.is(readLoadPowerSeries(path.join(SHARED_FIXTURES, 'no_such_model_time_series')).size, 0);
});

test('resolutions in both spellings', () => {
  assert.is(resolutionMs('P0DT15M', 'x'), 900_000);
  assert.is(resolutionMs('PT1H', 'x'), 3_600_000);
  assert.is(resolutionMs('0:15:00', 'x'), 900_000);
  assert.is(resolutionMs('1 day, 0:00:00', 'x'), 86_400_000);
  assert.throws(() => resolutionMs('fortnightly', 'db'), /db: resolution 'fortnightly'/);
});

test('a file that is not Arrow is refused with its name', () => {
  assert.throws(() => readArrowFloat64Column(Buffer.from('{"not": "arrow"} padding padding'), 'x.arrow'), /x\.arrow: not an Arrow IPC file/);
});

test.run();
