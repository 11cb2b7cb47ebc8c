import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close } from '../helpers/assert.js';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';

// Best tracks uploaded through the CLI become hazard models of hourly wind models. Expected
// values are read off the track files themselves (knots × 1852/3600, n mi × 1.852 km).
const SAMPLE = path.resolve(ROOT, '../shared/reference/refdata/hurdat2_sample.txt');
const TRACKS = path.join(ROOT, 'test/data/tracks');
const KNOT = 1852 / 3600;
const haveSample = fs.existsSync(SAMPLE);
if (!haveSample) console.log(`NOTICE: ${SAMPLE} is absent; the HURDAT2 sample tests are skipped`);

const quantity = (text: string) => Number(text.split(' ')[0]);

function upload(cache: string, file: string, ...options: string[]) {
  const result = runCli(['upload', file, ...options, '--cache-dir', cache, '--json']);
  assert.is(result.code, 0, result.stderr);
  const output = json(result);
  const stored = JSON.parse(fs.readFileSync(output.file_path, 'utf8'));
  const at = (timestamp: string) => {
    const model = stored.models.find((entry: any) => entry.timestamp === timestamp);
    assert.ok(model, `a wind model at ${timestamp}`);
    return model;
  };
  return { output, stored, at };
}

const test = suite('hazsim upload of best tracks');

if (haveSample) {
  test('without --name a best track is named after its storm (name and id), not after the file; --name still wins', () => {
    const cache = tempDir();
    const { output } = upload(cache, SAMPLE, '--storm', 'AL162018');
    assert.is(output.name, 'OSCAR_AL162018');
    assert.is(path.basename(output.file_path), 'OSCAR_AL162018.json');
    assert.is(upload(cache, SAMPLE, '--storm', 'AL162018', '--name', 'oscar').output.name, 'oscar');
  });

  test('HURDAT2 sample, NADINE by name: 18 fixes from 2018-10-08 12:00 to 10-12 18:00, 103 hourly models at the fixes positions and winds', () => {
    const { output, stored, at } = upload(tempDir(), SAMPLE, '--storm', 'nadine', '--name', 'nadine');
    assert.equal(output.track, {
      format: 'hurdat2',
      storm_id: 'AL152018',
      storm_name: 'NADINE',
      fix_count: 18,
      first_fix: '2018-10-08T12:00:00Z',
      last_fix: '2018-10-12T18:00:00Z',
      model_count: 103,
    });
    assert.is(stored.models.length, 103);
    assert.is(stored.models[0].timestamp, '2018-10-08T12:00:00');
    assert.is(stored.models[102].timestamp, '2018-10-12T18:00:00');
    // The fix "20181010, 0000, TS, 11.2N, 30.7W, 50 kt, 999 mb".
    const fix = at('2018-10-10T00:00:00');
    assert.equal(fix.center, { longitude: -30.7, latitude: 11.2 });
    close(quantity(fix.max_wind_speed), 50 * KNOT, 1e-4);
    assert.is(fix.air_pressure, '999 millibar');
    // Halfway to "20181010, 0600, 11.8N, 30.9W, 55 kt, 995 mb".
    const between = at('2018-10-10T03:00:00');
    close(between.center.longitude, -30.8, 1e-9);
    close(between.center.latitude, 11.5, 1e-9);
    close(quantity(between.max_wind_speed), 52.5 * KNOT, 1e-4);
    close(quantity(between.air_pressure), 997, 1e-9);
    // Motion over the hour before 03:00 (equirectangular, 111.12 km per degree): −0.2°/6 east at 11.4°N, +0.1° north.
    const east = (-0.2 / 6) * Math.cos((11.4 * Math.PI) / 180) * 111_120;
    const north = 0.1 * 111_120;
    close(quantity(between.translation_speed), Math.hypot(east, north) / 3600, 1e-4);
    close(quantity(between.translation_direction), 360 + (Math.atan2(east, north) * 180) / Math.PI, 1e-3);
    // The sample has no RMW or environmental pressure: fallbacks, stated.
    assert.ok(output.warnings.some((warning: string) => warning.includes('radius of maximum wind missing at 18 fixes') && warning.includes('estimate_rmw')));
    assert.ok(output.warnings.some((warning: string) => warning.includes('environmental pressure missing at 18 fixes: default 1010 hPa')));
  });

  test('a time window keeps the fixes inside it; BECKY by id; a file of several storms needs one named (exit 5, candidates listed)', () => {
    const cache = tempDir();
    const window = upload(cache, SAMPLE, '--storm', 'AL152018', '--from', '2018-10-10T00:00:00', '--to', '2018-10-11T00:00:00Z', '--name', 'nadine_day');
    assert.equal(
      [window.output.track.fix_count, window.output.track.first_fix, window.output.track.last_fix],
      [5, '2018-10-10T00:00:00Z', '2018-10-11T00:00:00Z'],
    );
    assert.is(window.stored.models.length, 25);
    const becky = upload(cache, SAMPLE, '--storm', 'AL021970', '--name', 'becky', '--wind-profile', 'HOLLAND_2008', '--terrain', 'suburban');
    assert.equal([becky.output.track.storm_name, becky.output.track.fix_count, becky.output.track.model_count], ['BECKY', 19, 109]);
    assert.is(becky.stored.terrain, 'suburban');
    assert.ok(becky.stored.models.every((model: any) => model.wind_profile === 'HOLLAND_2008'));
    // "19700722, 1200, TD, 29.9N, 85.1W, 30 kt, 1009 mb".
    const landfall = becky.at('1970-07-22T12:00:00');
    assert.equal([landfall.center, landfall.air_pressure], [{ longitude: -85.1, latitude: 29.9 }, '1009 millibar']);
    // Pressure missing before the first reported value (1970-07-19 18:00): estimated from the wind, stated.
    assert.ok(becky.output.warnings.some((warning: string) => warning.includes('Atkinson & Holliday (1977)')));
    const ambiguous = runCli(['upload', SAMPLE, '--cache-dir', cache, '--json']);
    assert.is(ambiguous.code, 5);
    assert.match(JSON.parse(ambiguous.stderr).error.message, /holds 4 storms.*AL021970 BECKY, AL061970 UNNAMED, AL152018 NADINE, AL162018 OSCAR/);
    const unknown = runCli(['upload', SAMPLE, '--storm', 'KATRINA', '--cache-dir', cache, '--json']);
    assert.is(unknown.code, 5);
    assert.match(JSON.parse(unknown.stderr).error.message, /no storm with id or name "KATRINA"/);
  });
}

test('HURDAT2 with the RMW column: the 16:55 landfall fix is kept with its radius of maximum wind (10 n mi)', () => {
  const { output, stored, at } = upload(tempDir(), path.join(TRACKS, 'hurdat2_rmw_layout.txt'));
  assert.equal([output.track.fix_count, output.track.model_count], [3, 8]);
  assert.equal(
    stored.models.map((model: any) => model.timestamp.slice(11, 16)),
    ['12:00', '13:00', '14:00', '15:00', '16:00', '16:55', '17:00', '18:00'],
  );
  const landfall = at('2021-08-29T16:55:00');
  assert.equal(landfall.center, { longitude: -90.2, latitude: 29.1 });
  close(quantity(landfall.radius_of_max_wind), 18.52, 1e-9);
  close(quantity(landfall.max_wind_speed), 130 * KNOT, 1e-4);
});

test('IBTrACS CSV (by name) and an ATCF b-deck become the same kind of hazard model', () => {
  const cache = tempDir();
  const ibtracs = upload(cache, path.join(TRACKS, 'ibtracs_small.csv'), '--storm', 'NADINE');
  assert.equal([ibtracs.output.track.format, ibtracs.output.track.fix_count, ibtracs.output.track.model_count], ['ibtracs', 3, 7]);
  assert.equal(ibtracs.at('2018-10-10T03:00:00').center, { longitude: -30.8, latitude: 11.5 });
  const bdeck = upload(cache, path.join(TRACKS, 'bdeck_al152018_excerpt.dat'));
  assert.is(bdeck.output.track.format, 'atcf');
  assert.equal(bdeck.at('2018-10-10T00:00:00').center, { longitude: -30.7, latitude: 11.2 });
});

test('track options on a file that is not a best track are a usage error (exit 2), and nothing is stored', () => {
  const cache = tempDir();
  const result = runCli(['upload', path.join(ROOT, 'test/data/tiny_quake.json'), '--storm', 'NADINE', '--cache-dir', cache, '--json']);
  assert.is(result.code, 2);
  assert.match(JSON.parse(result.stderr).error.message, /is not a best track/);
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
});

test('a track with an impossible date, fixes out of order or a repeated time exits 5 naming the line and field; nothing is stored', () => {
  const cache = tempDir();
  const line = (date: string, time: string) =>
    `${date}, ${time},  , TS, 10.0N,  50.0W,  40, 1000, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,`;
  const cases: [string, string[], RegExp][] = [
    ['impossible', [line('20180228', '1800'), line('20180230', '0000')], /line 3, field date\/time: 2018-02-30 00:00 is not a date and time that exists/],
    ['out_of_order', [line('20180301', '0600'), line('20180301', '0000')], /line 3, field date\/time: fix at 2018-03-01T00:00:00Z is out of order/],
    ['duplicate', [line('20180301', '0000'), line('20180301', '0000')], /line 3, field date\/time: duplicate fix time 2018-03-01T00:00:00Z: line 2/],
  ];
  for (const [name, lines, message] of cases) {
    const file = path.join(tempDir(), `${name}.txt`);
    fs.writeFileSync(file, `AL012018,              ALPHA,      2,\n${lines.join('\n')}\n`);
    const result = runCli(['upload', file, '--cache-dir', cache, '--json']);
    assert.is(result.code, 5, `${name}: ${result.stderr}`);
    const error = JSON.parse(result.stderr).error;
    assert.match(error.message, message);
    assert.equal(error.issues[0].path, 'line 3.date/time');
  }
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
});

test.run();
