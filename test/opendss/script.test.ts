import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { haveOpenDssFixtures, OPENDSS_FIXTURES } from '../helpers/opendss.js';
import { folderFiles } from '../../src/app/models/openDssFiles.js';
import { runScript, type ScriptFiles } from '../../src/domain/opendss/index.js';
import { buildNetwork } from '../../src/domain/opendss/network.js';
import { HazsimError } from '../../src/base/errors.js';
import { numberOf } from '../../src/domain/opendss/values.js';

// The OpenDSS script runner on the real feeders of shared/fixtures/opendss: object and bus
// counts are those of that folder's README (its "Feeders" table, counted by a separate static
// walk of the same files), and the syntax each file uses is read as OpenDSS reads it.

/** A feeder folder of text files given inline, for scripts written in the test. */
function inline(files: Record<string, string>): ScriptFiles {
  const byLower = new Map(Object.entries(files).map(([name, text]) => [name.toLowerCase(), { path: name, text }]));
  return { read: (relativePath) => byLower.get(relativePath.toLowerCase()) ?? null };
}

const run = (folder: string, entry: string) => runScript(folderFiles(path.join(OPENDSS_FIXTURES, folder)), entry);
const count = (result: ReturnType<typeof run>, className: string) => result.circuit.objects.get(className)?.size ?? 0;
const buses = (result: ReturnType<typeof run>) => buildNetwork(result.circuit, []).buses.length;

const test = suite('runScript on the real feeders');

// [folder, entry, buses, lines (switches included), transformers, loads, capacitors] from the README's table.
const README_COUNTS: [string, string, number, number, number, number, number][] = [
  ['ieee13', '13Bus/IEEE13Nodeckt.dss', 16, 12, 5, 15, 2],
  ['ieee13_cdpsm', 'IEEE13_CDPSM.dss', 22, 16, 6, 16, 2],
  ['ieee34', '34Bus/Run_IEEE34Mod1.dss', 37, 32, 8, 68, 2],
  ['ieee34', '34Bus/Run_IEEE34Mod2.dss', 56, 51, 8, 38, 2],
  ['ieee123', '123Bus/Run_IEEE123Bus.DSS', 132, 126, 8, 91, 4],
  ['ieee123', '123Bus/IEEE123Switches.dss', 130, 126, 8, 91, 4],
  ['ieee8500', 'Run_8500Node.dss', 4876, 3703, 1190, 1177, 10],
  ['epri_ckt5', 'Run_ckt5.dss', 2998, 2429, 592, 1379, 4],
  ['epri_ckt24', 'Run_Ckt24.dss', 6058, 5222, 843, 3891, 3],
  ['epri_j1', 'Master_withPV.dss', 3434, 2625, 828, 1385, 5],
  ['smartds_sfo_p4u', 'Master.dss', 181, 154, 31, 67, 0],
  ['smartds_aus_p1udt21301', 'substations/p1uhs23_1247/p1uhs23_1247--p1udt21301/Master.dss', 476, 421, 54, 188, 0],
];

for (const [folder, entry, busCount, lines, transformers, loads, capacitors] of README_COUNTS) {
  test(`${folder}/${entry}: buses, lines, transformers, loads and capacitors as the README counts them`, () => {
    if (!haveOpenDssFixtures()) return;
    const result = run(folder, entry);
    assert.equal(
      {
        buses: buses(result),
        lines: count(result, 'line'),
        transformers: count(result, 'transformer'),
        loads: count(result, 'load'),
        capacitors: count(result, 'capacitor'),
      },
      { buses: busCount, lines, transformers, loads, capacitors },
    );
  });
}

test('the protective devices and DER of the README: ieee13_cdpsm, ieee8500 RecloserSiting, J1 with PV, P4U', () => {
  if (!haveOpenDssFixtures()) return;
  const cdpsm = run('ieee13_cdpsm', 'IEEE13_CDPSM.dss');
  assert.equal([count(cdpsm, 'fuse'), count(cdpsm, 'recloser'), count(cdpsm, 'relay'), count(cdpsm, 'pvsystem'), count(cdpsm, 'storage')], [1, 1, 1, 2, 3]);
  const siting = run('ieee8500', 'Run_RecloserSiting.DSS');
  assert.equal([count(siting, 'fuse'), count(siting, 'relay')], [30, 1]);
  assert.is(count(run('epri_j1', 'Master_withPV.dss'), 'pvsystem'), 13);
  assert.is(count(run('smartds_sfo_p4u', 'Master.dss'), 'fuse'), 5);
});

test("ieee8500's `Compile (master.dss)` finds Master.dss: file names are matched case-insensitively", () => {
  if (!haveOpenDssFixtures()) return;
  const result = run('ieee8500', 'Run_8500Node.dss');
  assert.ok(result.filesRead.includes('Master.dss'));
  // Buscoords.dss covers every bus only when names match case-insensitively (README: 4805 match exactly).
  const network = buildNetwork(result.circuit, []);
  assert.is(network.buses.filter((bus) => result.circuit.coordinates.has(bus.key)).length, 4876);
});

test("J1's malformed Buscoords row is a warning naming file and line; ckt5's unclosed ' is a warning too", () => {
  if (!haveOpenDssFixtures()) return;
  const j1 = run('epri_j1', 'Master_withPV.dss');
  assert.ok(j1.warnings.some((warning) => warning.place.file === 'Buscoords.dss' && warning.place.line === 390));
  const ckt5 = run('epri_ckt5', 'Run_ckt5.dss');
  assert.ok(ckt5.warnings.some((warning) => warning.place.file === 'Run_ckt5.dss' && warning.place.line === 49 && /not closed/.test(warning.message)));
});

test('ieee34 Mod1: the second Compile clears the circuit and the RPN taps are read (Tap=(0.00625 12 * 1 +) = 1.075)', () => {
  if (!haveOpenDssFixtures()) return;
  const result = run('ieee34', '34Bus/Run_IEEE34Mod1.dss');
  const reg = result.circuit.objects.get('transformer')!.get('reg1a')!;
  // 0.00625 × 12 + 1, worked by hand.
  assert.ok(Math.abs(numberOf(reg.parts[1].get('tap')!) - 1.075) <= 1e-12);
  // Clear (in ieee34Mod1.dss, compiled again) forgets the BusCoords read between the two compiles, as OpenDSS does.
  assert.is(result.circuit.coordinates.size, 0);
});

const syntax = suite('runScript: the script language');

syntax('New/~, positional values after a named one, abbreviations, like= and Class.name.prop= edits', () => {
  const result = runScript(
    inline({
      'Master.dss': [
        'clear',
        'New Circuit.demo basekv=12.47 bus1=src',
        'New WireData.w1 normamps=619 743  ! the second value is emergamps',
        'new line.a bus1=src.1.2.3 bus2=b.1.2.3 length=1',
        '~ units=kft enable=no',
        'New Line.b like=a bus2=c',
        'Line.b.length=2',
        'New Monitor.m Line.a 1',
        'Set VoltageBases = "12.47, .48"',
      ].join('\r\n'),
    }),
    'Master.dss',
  );
  const wire = result.circuit.objects.get('wiredata')!.get('w1')!;
  assert.is(wire.props.get('emergamps')!.value, '743');
  const b = result.circuit.objects.get('line')!.get('b')!;
  assert.equal([b.props.get('bus2')!.value, b.props.get('units')!.value, b.props.get('length')!.value, b.props.get('enabled')!.value], ['c', 'kft', '2', 'no']);
  const monitor = result.circuit.objects.get('monitor')!.get('m')!;
  assert.equal([monitor.props.get('element')!.value, monitor.props.get('terminal')!.value], ['Line.a', '1']);
  assert.equal(result.circuit.voltageBasesKv, [12.47, 0.48]);
  assert.is(result.warnings.length, 0);
});

syntax('Redirect is relative to the file that names it and Compile moves the current folder; /* */ blocks are comments', () => {
  const result = runScript(
    inline({
      'run.dss': 'Compile feeder/master.dss\nBuscoords xy.csv\n',
      'feeder/master.dss':
        'New Circuit.x\n/* New Line.hidden bus1=a bus2=b\n   still hidden */\nRedirect ../shared/codes.dss\nNew Line.l bus1=sourcebus bus2=b linecode=c1\n',
      'shared/codes.dss': 'New LineCode.c1 nphases=3 r1=0.1\n',
      'feeder/xy.csv': 'sourcebus, 1.5, 2.5\nb 3 4\n',
    }),
    'run.dss',
  );
  assert.equal([...result.circuit.objects.get('line')!.keys()], ['l']);
  assert.ok(result.circuit.objects.get('linecode')!.has('c1'));
  assert.equal(result.circuit.coordinates.get('b')!.x, 3);
});

syntax('an unknown command, class or property is a warning naming file and line, not an error', () => {
  const result = runScript(inline({ 'm.dss': 'New Circuit.x\nFrobnicate now\nNew Widget.w a=1\nNew Line.l bus1=a bus2=b colour=red\n' }), 'm.dss');
  assert.equal(
    result.warnings.map((warning) => [warning.place.file, warning.place.line, warning.message.split(' ').slice(0, 2).join(' ')]),
    [
      ['m.dss', 2, 'unknown command'],
      ['m.dss', 3, 'unknown class'],
      ['m.dss', 4, 'unknown property'],
    ],
  );
});

syntax('a syntax error is invalid_input (exit 5) naming file, line and column', () => {
  const cases: [string, string][] = [
    ['New Circuit.x\nNew Line.l bus1=a bus2=b rmatrix=(1 2 | 3\n', 'm.dss:2:34'],
    ['New Circuit.x\n  =5\n', 'm.dss:2:3'],
  ];
  for (const [text, where] of cases) {
    try {
      runScript(inline({ 'm.dss': text }), 'm.dss');
      assert.unreachable(`no error for ${text}`);
    } catch (error) {
      assert.instance(error, HazsimError);
      assert.is((error as HazsimError).kind, 'invalid_input');
      assert.ok((error as HazsimError).message.includes(where), (error as HazsimError).message);
    }
  }
});

syntax('a Redirect to a file that is not there names the file and the line that asked for it', () => {
  try {
    runScript(inline({ 'm.dss': 'New Circuit.x\nRedirect missing.dss\n' }), 'm.dss');
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, /m\.dss:2:10.*"missing\.dss" is not in the feeder folder/);
  }
});

test.run();
syntax.run();
