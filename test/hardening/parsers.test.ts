import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readCsvRecords } from '../../src/base/csv.js';
import { parseDecimal } from '../../src/base/decimal.js';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { expectError, expectJson, startTestServer, TINY_FEEDER, uploadForm, type TestServer } from '../helpers/rest.js';

// Input readers that crashed (500, exit 1) or silently coerced a value (0x10 read as 16,
// 2018-02-30 read as 2 March) refuse the input as the client's mistake: 422 and exit 5, with
// the file, the line or field and the rule (docs/hardening.md, "Input readers").

/** A complete 2 × 2 ShakeMap grid.xml, with parts of it replaceable. */
function gridXml(parts: { description?: string; lonMin?: string; nlon?: string; timestamp?: string; pga?: string } = {}): string {
  const pga = parts.pga ?? '10';
  return [
    '<?xml version="1.0" encoding="UTF-8"?><shakemap_grid event_id="ev1" shakemap_version="1" code_version="4" map_status="automatic">',
    `<event magnitude="6.5" depth="10.0" lat="37" lon="-122" event_timestamp="${parts.timestamp ?? '2020-01-02T03:04:05'}" event_network="xx" event_description="${parts.description ?? 'test'}" />`,
    `<grid_specification lon_min="${parts.lonMin ?? '-122'}" lat_min="37" lon_max="-121.9" lat_max="37.1" nominal_lon_spacing="0.1" nominal_lat_spacing="0.1" nlon="${parts.nlon ?? '2'}" nlat="2"/>`,
    '<grid_field index="1" name="LON" units="dd" />',
    '<grid_field index="2" name="LAT" units="dd" />',
    '<grid_field index="3" name="PGA" units="%g" />',
    '<grid_data>',
    `-122.0 37.1 ${pga}`,
    '-121.9 37.1 10',
    '-122.0 37.0 10',
    '-121.9 37.0 10',
    '</grid_data>',
    '</shakemap_grid>',
    '',
  ].join('\n');
}

function writeTemp(name: string, content: string | Buffer): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, content);
  return file;
}

/** Uploads `content` as `name` through the CLI (a fresh cache) and returns the result. */
function cliUpload(name: string, content: string | Buffer, ...options: string[]) {
  return runCli(['upload', writeTemp(name, content), ...options, '--cache-dir', tempDir()]);
}

const context: { server?: TestServer } = {};
const test = suite('input readers');
test.before(async () => {
  context.server = await startTestServer();
});
test.after(async () => {
  await context.server?.stop();
});

const restUpload = (kind: 'distribution-models' | 'hazard-models', name: string, content: string | Buffer, fields: Record<string, string> = {}) =>
  fetch(`${context.server!.base}/${kind}`, { method: 'POST', body: uploadForm(name, content, fields) });

/** Both faces refuse `content` with 422 / exit 5, the message matching `pattern` and an issue naming the file. */
async function refusedByBoth(
  kind: 'distribution-models' | 'hazard-models',
  name: string,
  content: string | Buffer,
  pattern: RegExp,
  fields: Record<string, string> = {},
) {
  const body = await expectError(await restUpload(kind, name, content, fields), 422);
  const told = [body.detail, ...body.errors!.map((issue) => `${issue.path}: ${issue.message}`)].join('\n');
  assert.match(told, pattern);
  assert.ok(
    body.errors!.some((issue) => issue.path.length > 0),
    JSON.stringify(body.errors),
  );
  const options = Object.entries(fields).flatMap(([key, value]) => [`--${key}`, value]);
  const cli = cliUpload(name, content, ...options);
  assert.is(cli.code, 5, cli.stderr);
  assert.match(cli.stderr, pattern);
  return body;
}

test('ShakeMap: a character reference XML does not allow is a 422 and exit 5 naming the attribute and line, not a crash', async () => {
  for (const reference of ['&#x110000;', '&#0;']) {
    await refusedByBoth(
      'hazard-models',
      'grid.xml',
      gridXml({ description: `M6 ${reference}` }),
      /grid\.xml: <event> attribute event_description on line 2: the character reference/,
    );
  }
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ description: 'Smith & Sons' }), /"& Sons" is not an XML reference/);
  // The references XML predefines still read.
  const cli = cliUpload('grid.xml', gridXml({ description: 'a &amp; b &#233;' }), '--json');
  assert.is(cli.code, 0, cli.stderr);
});

test('ShakeMap: a grid_specification of 10^10 nodes over four rows is a 422 and exit 5 (it crashed allocating the raster)', async () => {
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ nlon: '5000000000' }), /grid\.xml: .*(truncated|grid_specification)/);
});

test('ShakeMap: 0x10, empty and Infinity are not numbers, in attributes and data; a date that does not exist is not rolled over', async () => {
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ lonMin: '0x10' }), /<grid_specification> attribute lon_min="0x10" is not a decimal number/);
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ lonMin: ' ' }), /lon_min=" " is not a decimal number/);
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ pga: '0x10' }), /data row on line 8: value 3 \(PGA\) "0x10" is not a number/);
  await refusedByBoth('hazard-models', 'grid.xml', gridXml({ pga: 'Infinity' }), /value 3 \(PGA\) "Infinity" is not a number/);
  await refusedByBoth(
    'hazard-models',
    'grid.xml',
    gridXml({ timestamp: '2018-02-30T03:04:05' }),
    /event_timestamp="2018-02-30T03:04:05" is not a date and time of day that exists/,
  );
  // An exponent is a plain decimal, and reads.
  const exponent = cliUpload('grid.xml', gridXml({ pga: '1.0e1' }), '--json');
  assert.is(exponent.code, 0, exponent.stderr);
});

const TRACK_LINE = (date: string, time: string) =>
  `${date}, ${time},  , TS, 11.2N,  30.7W,  50,  999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,`;

test('HURDAT2: a repeated fix time, 30 February and a time window on 30 February are a 422 and exit 5 naming line and field', async () => {
  const track = (...lines: string[]) => [`AL012018,            ALPHA,      ${lines.length},`, ...lines, ''].join('\n');
  await refusedByBoth(
    'hazard-models',
    'alpha.txt',
    track(TRACK_LINE('20180301', '0000'), TRACK_LINE('20180301', '0000')),
    /line 3, field date\/time: duplicate fix time 2018-03-01T00:00:00Z: line 2 has the same time/,
  );
  await refusedByBoth(
    'hazard-models',
    'alpha.txt',
    track(TRACK_LINE('20180228', '1800'), TRACK_LINE('20180230', '0000')),
    /line 3, field date\/time: 2018-02-30 00:00 is not a date and time that exists/,
  );
  // The window bound was read by Date.parse, which rolled 30 February over to 2 March.
  const valid = track(TRACK_LINE('20180301', '0000'), TRACK_LINE('20180302', '0000'));
  await refusedByBoth('hazard-models', 'alpha.txt', valid, /from: "2018-02-30T00:00:00" is not a date and time of day that exists/, {
    from: '2018-02-30T00:00:00',
  });
});

test('a model whose bytes are not UTF-8 is a 422 and exit 5 naming the byte, offset and line; nothing is stored to be served as utf-8', async () => {
  const text = fs.readFileSync(TINY_FEEDER, 'utf8').replace('{', '{\n  "description": "Montr\u00e9al",');
  const latin1 = Buffer.from(text, 'latin1');
  const offset = latin1.indexOf(0xe9);
  const body = await refusedByBoth(
    'distribution-models',
    'latin1.json',
    latin1,
    new RegExp(`latin1\\.json is not UTF-8 text: byte 0xE9 at offset ${offset} \\(line 2\\)`),
  );
  assert.is(body.errors![0].path, 'latin1.json');
  await expectError(await fetch(`${context.server!.base}/distribution-models/latin1`), 404);
  // The same text as UTF-8 is stored and served as it was sent.
  await expectJson(await restUpload('distribution-models', 'utf8.json', Buffer.from(text, 'utf8')), 201);
  const got = await fetch(`${context.server!.base}/distribution-models/utf8`);
  assert.match(got.headers.get('content-type') ?? '', /charset=utf-8/);
  assert.is(((await got.json()) as { content: { description: string } }).content.description, 'Montr\u00e9al');
});

test('a flood area crossing the antimeridian is a 422 and exit 5 naming the edge (docs/input-hazard.md: areas must not cross it)', async () => {
  const hazard = (ring: number[][]) =>
    JSON.stringify({
      name: 'fiji',
      models: [
        {
          type: 'flood',
          name: 'f1',
          timestamp: '2024-01-01T00:00:00',
          affected_areas: [{ name: 'a1', affected_area: { type: 'Polygon', coordinates: [ring] }, water_depth: '1 meter' }],
        },
      ],
    });
  const body = await refusedByBoth(
    'hazard-models',
    'fiji.json',
    hazard([
      [179.5, -17],
      [-179.5, -17],
      [-179.5, -16],
      [179.5, -16],
      [179.5, -17],
    ]),
    /crosses the antimeridian/,
  );
  assert.ok(
    body.errors!.some((issue) => /affected_area\.coordinates\[0\]\[1\]$/.test(issue.path) && /from longitude 179\.5 to -179\.5/.test(issue.message)),
    JSON.stringify(body.errors),
  );
  // Split at 180° into a MultiPolygon, as RFC 7946 asks, the same area is stored.
  const split = JSON.parse(
    hazard([
      [179.5, -17],
      [180, -17],
      [180, -16],
      [179.5, -16],
      [179.5, -17],
    ]),
  );
  split.models[0].affected_areas[0].affected_area = {
    type: 'MultiPolygon',
    coordinates: [
      split.models[0].affected_areas[0].affected_area.coordinates,
      [
        [
          [-180, -17],
          [-179.5, -17],
          [-179.5, -16],
          [-180, -16],
          [-180, -17],
        ],
      ],
    ],
  };
  await expectJson(await restUpload('hazard-models', 'fiji_split.json', JSON.stringify(split)), 201);
});

const SIMCENTER_HEADER = 'ID,Incomplete,Demand-Type,Demand-Unit,Demand-Offset,Demand-Directional,LS1-Family,LS1-Theta_0,LS1-Theta_1,LS1-DamageStateWeights';

test('a SimCenter fragility CSV with a UTF-8 byte-order mark and CRLF lines imports; a Theta of 0x10 is refused naming its column', () => {
  const cache = tempDir();
  // HAZUS 5.1 low-voltage substation, unanchored, slight damage: median 0.13 g, beta 0.65 (the DLML table).
  const csv = `\ufeff${SIMCENTER_HEADER}\r\nEP.S.L.U,0,Peak Ground Acceleration,g,0,0,lognormal,0.13,0.65,\r\n`;
  const imported = runCli([
    'curve-sets',
    'import',
    writeTemp('fragility.csv', csv),
    '--map',
    'substation=EP.S.L.U',
    '--name',
    'bom',
    '--cache-dir',
    cache,
    '--json',
  ]);
  assert.is(imported.code, 0, imported.stderr);
  const shown = json(runCli(['curve-sets', 'show', 'bom', '--cache-dir', cache, '--json']));
  assert.match(JSON.stringify(shown), /"median":"0\.13 standard_gravity"|"median":0\.13/);
  const hex = runCli(['curve-sets', 'import', writeTemp('fragility.csv', csv.replace('0.13', '0x10')), '--map', 'substation=EP.S.L.U', '--cache-dir', cache]);
  assert.is(hex.code, 5, hex.stderr);
  assert.match(hex.stderr, /LS1-Theta_0/);
  assert.match(hex.stderr, /"0x10" is not a decimal number/);
});

test('merge: a part whose header does not fit the format is refused with exit 5 naming the field, not a crash', () => {
  const folder = tempDir();
  const part = (name: string, magic: string, header: string) => {
    const bytes = Buffer.from(header);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    const file = path.join(folder, name);
    fs.writeFileSync(file, Buffer.concat([Buffer.from(magic), length, bytes]));
    return file;
  };
  const cases: [string, RegExp][] = [
    [part('a.hzshard', 'HAZSIM-SCENARIO-SHARD 1\n', '{}'), /a\.hzshard is not a hazsim shard file: its header does not fit the format: header\.run: required/],
    [part('b.hzshard', 'HAZSIM-SCENARIO-SHARD 1\n', '{"run":{"timestamps":5}}'), /header\.run\.format: required/],
    [part('c.hzshard', 'HAZSIM-SCENARIO-SHARD 1\n', 'null'), /c\.hzshard is not a hazsim shard file: its header does not fit the format: header:/],
    [
      part('d.hzpart', 'HAZSIM-IMPACT-SHARD 1\n', '{"run":{}}'),
      /d\.hzpart is not a hazsim impact part: its header does not fit the format: header\.run\.shard_count: required/,
    ],
  ];
  for (const [file, pattern] of cases) {
    const result = runCli(['merge', file, '-o', path.join(folder, 'merged.zip'), '--cache-dir', tempDir()]);
    assert.is(result.code, 5, `${file}: ${result.stderr}`);
    assert.match(result.stderr, pattern);
  }
});

test('the CSV reader: RFC 4180 quotes, CRLF and lone CR, a BOM, records over several lines with their first line', () => {
  const records = readCsvRecords('\ufeffID,"a, b","say ""hi"""\r\n\r\n1,"two\nlines",3\r4,5,6');
  assert.equal(records, [
    { line: 1, cells: ['ID', 'a, b', 'say "hi"'] },
    { line: 3, cells: ['1', 'two\nlines', '3'] },
    { line: 5, cells: ['4', '5', '6'] },
  ]);
  assert.equal(readCsvRecords(' a , b ', { trim: true }), [{ line: 1, cells: ['a', 'b'] }]);
});

test('the number reader: plain decimals with an exponent read; hex, binary, blanks, padding, Infinity and overflow do not', () => {
  for (const [text, value] of [
    ['5', 5],
    ['-0.5', -0.5],
    ['+.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-3', 0.0025],
  ] as const)
    assert.is(parseDecimal(text), value, text);
  for (const text of ['0x10', '0b1', '0o7', '', ' ', ' 5 ', '1e', 'Infinity', '-Infinity', 'NaN', '1e999', '1_000', '.', '1,5'])
    assert.is(parseDecimal(text), undefined, text);
});

test.run();
