import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { expectError, startTestServer, uploadForm } from '../helpers/rest.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { makeZip } from '../helpers/zip.js';
import { haveOpenDssFixtures, OPENDSS_FIXTURES } from '../helpers/opendss.js';

// OpenDSS feeders through every face: `hazsim upload <Master.dss>` (spawned CLI, temp cache),
// POST /distribution-models with a ZIP of a feeder folder (real Koa server) and the MCP
// upload_distribution_model tool (hazsim mcp as a child process). Bad scripts and coordinates
// that cannot be read are exit 5 / HTTP 422 / isError, naming what is wrong.

const P4U = path.join(OPENDSS_FIXTURES, 'smartds_sfo_p4u');
const AUS_MASTER = path.join(OPENDSS_FIXTURES, 'smartds_aus_p1udt21301/substations/p1uhs23_1247/p1uhs23_1247--p1udt21301/Master.dss');

/** Every file of a folder as ZIP entries under `prefix`. */
function folderEntries(folder: string, prefix: string): Record<string, Buffer> {
  const entries: Record<string, Buffer> = {};
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    entries[`${prefix}${path.relative(folder, full).split(path.sep).join('/')}`] = fs.readFileSync(full);
  }
  return entries;
}

const test = suite('OpenDSS upload');

test('CLI: upload Master.dss by path stores a located model; show counts its buses; warnings name what is not simulated', () => {
  if (!haveOpenDssFixtures()) return;
  const cache = tempDir();
  const uploaded = runCli(['upload', path.join(P4U, 'Master.dss'), '--name', 'p4u', '--cache-dir', cache, '--json']);
  assert.is(uploaded.code, 0, uploaded.stderr);
  const result = json(uploaded);
  assert.is(result.message, 'Distribution system p4u uploaded successfully');
  assert.match(result.warnings[0], /OpenDSS objects not simulated .*1 regcontrol, 2 monitor, 1 energymeter/);
  const shown = json(runCli(['show', 'p4u', '--cache-dir', cache, '--json']));
  assert.is(shown.buses.count ?? shown.buses.total, 181);
  assert.is(shown.buses.with_unusable_coordinates, 0);
  const stored = JSON.parse(fs.readFileSync(result.file_path, 'utf8'));
  assert.is(stored.properties.opendss.objects.line, 154);
});

test('CLI: a syntax error is exit 5 naming file, line and column; drawing coordinates are exit 5 naming the options', () => {
  const work = tempDir();
  fs.writeFileSync(path.join(work, 'Master.dss'), 'Clear\nNew Circuit.x bus1=a\nRedirect lines.dss\n');
  fs.writeFileSync(path.join(work, 'lines.dss'), '! lines\nNew Line.l1 bus1=a bus2=b rmatrix=[1 | 2 3\n');
  const broken = runCli(['upload', path.join(work, 'Master.dss'), '--cache-dir', tempDir()]);
  assert.is(broken.code, 5);
  assert.match(broken.stderr, /OpenDSS syntax error at lines\.dss:2:35: the \[ opened here is not closed/);
  if (!haveOpenDssFixtures()) return;
  const drawing = runCli(['upload', path.join(OPENDSS_FIXTURES, 'ieee13/13Bus/IEEE13Nodeckt.dss'), '--cache-dir', tempDir()]);
  assert.is(drawing.code, 5);
  assert.match(drawing.stderr, /not longitude\/latitude.*--crs EPSG.*--place-at <lon,lat>.*--coordinate-units/);
  const placed = runCli([
    'upload',
    path.join(OPENDSS_FIXTURES, 'ieee13/13Bus/IEEE13Nodeckt.dss'),
    '--place-at',
    '-79.95,32.79',
    '--coordinate-units',
    'ft',
    '--cache-dir',
    tempDir(),
  ]);
  assert.is(placed.code, 0, placed.stderr);
});

test('CLI: --crs on a GDM JSON is refused naming crs; --coordinate-units needs --place-at', () => {
  const gdm = runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--crs', 'EPSG:32614', '--cache-dir', tempDir()]);
  assert.is(gdm.code, 5);
  assert.match(gdm.stderr, /no OpenDSS model: crs \(--crs\) applies to OpenDSS bus coordinates only/);
  const units = runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--coordinate-units', 'ft', '--cache-dir', tempDir()]);
  assert.is(units.code, 5);
  assert.match(units.stderr, /coordinate_units goes with place_at/);
});

test('REST: a ZIP of the feeder folder uploads (201); a lone script whose Redirect cannot be followed is 422 naming the file', async () => {
  if (!haveOpenDssFixtures()) return;
  const server = await startTestServer();
  try {
    const zip = await makeZip(folderEntries(P4U, 'smartds_sfo_p4u/'));
    const response = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: uploadForm('p4u.zip', zip) });
    assert.is(response.status, 201, await response.clone().text());
    const body = (await response.json()) as { name: string; warnings: string[] };
    assert.is(body.name, 'p4u');
    assert.match(body.warnings[0], /OpenDSS objects not simulated/);
    const lone = await fetch(`${server.base}/distribution-models`, {
      method: 'POST',
      body: uploadForm('Master.dss', fs.readFileSync(path.join(P4U, 'Master.dss'))),
    });
    const error = await expectError(lone, 422);
    assert.match(error.detail, /OpenDSS file not found at Master\.dss:\d+:\d+: "[^"]+" is not in the feeder folder/);
  } finally {
    await server.stop();
  }
});

test('MCP: upload_distribution_model reads SMART-DS Austin with crs EPSG:32614; without crs it is an error naming crs and place_at', async () => {
  if (!haveOpenDssFixtures()) return;
  const session = await connectStdio(tempDir());
  try {
    const refused = await session.client.callTool({ name: 'upload_distribution_model', arguments: { file_path: AUS_MASTER, name: 'aus' } });
    assert.match(toolError(refused), /not longitude\/latitude.*crs.*place_at/);
    const uploaded = toolOutput(
      await session.client.callTool({ name: 'upload_distribution_model', arguments: { file_path: AUS_MASTER, name: 'aus', crs: 'EPSG:32614' } }),
    );
    assert.equal([uploaded.status, uploaded.name], ['success', 'aus']);
    const info = toolOutput(await session.client.callTool({ name: 'get_model_info', arguments: { model_name: 'aus' } }));
    assert.ok(info.bounding_box.min_latitude > 30.35 && info.bounding_box.max_latitude < 30.38, JSON.stringify(info.bounding_box));
  } finally {
    await session.client.close();
  }
});

test.run();
