import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { closeRelative } from '../helpers/assert.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { gridXml, pgaPercentG, uncertaintyXml, type GridLayout } from '../helpers/shakeMapGrids.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { makeZip } from '../helpers/zip.js';

// A ShakeMap ZIP (grid.xml + uncertainty.xml) uploaded with the MCP tool upload_hazard_model, over
// the stdio server as a child process, then simulated with run_simulation; the CLI sees the same model.

const G = 9.80665;
const FOOT = 0.3048;
/** Covers the whole example feeder (assets at −79.99…−79.91, 32.76…32.83). */
const LAYOUT: GridLayout = { lonMin: -80.05, latMin: 32.7, lonMax: -79.85, latMax: 32.9, step: 0.02 };

type Session = Awaited<ReturnType<typeof connectStdio>>;
const context = { cache: '', session: undefined as unknown as Session };
const test = suite('MCP: upload_hazard_model with a ShakeMap grid');

test.before(async () => {
  context.cache = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder', '--cache-dir', context.cache]).code, 0);
  context.session = await connectStdio(context.cache);
});
test.after(() => context.session.client.close());

const call = (name: string, args: Record<string, unknown> = {}) => context.session.client.callTool({ name, arguments: args });

test('the ZIP becomes an earthquake visible to every interface, and run_simulation interpolates its PGA at every asset', async () => {
  const zipPath = path.join(tempDir(), 'charleston.zip');
  fs.writeFileSync(zipPath, await makeZip({ 'grid.xml': gridXml(LAYOUT, '4'), 'uncertainty.xml': uncertaintyXml(LAYOUT) }));
  const uploaded = toolOutput(await call('upload_hazard_model', { file_path: zipPath, name: 'charleston_shakemap', description: 'test grid' }));
  assert.is(uploaded.status, 'success');
  assert.is(uploaded.name, 'charleston_shakemap');
  const info = toolOutput(await call('get_hazard_model_info', { model_name: 'charleston_shakemap' }));
  assert.is(info.hazard_counts.earthquake, 1);
  assert.equal(info.timestamps, ['2024-09-21T03:00:00']);
  const listed = JSON.parse(runCli(['list', '--kind', 'hazard', '--json', '--cache-dir', context.cache]).stdout);
  assert.ok(JSON.stringify(listed).includes('charleston_shakemap'), 'the CLI lists it');

  const run = toolOutput(
    await call('run_simulation', { distribution_system_name: 'feeder', hazard_system_name: 'charleston_shakemap', ground_motion_variability: 'median' }),
  );
  const rows = sqliteRows<any>(
    run.file_path,
    // Assets of one element: a line's column holds the worst of its spans (docs/physics.md), not the value at its midpoint.
    'SELECT a.longitude, a.latitude, s.peak_ground_acceleration__feet_per_second2 AS pga FROM assetstatetable s JOIN assets a ON a.uuid = s.distribution_asset JOIN asset_summary m ON m.distribution_asset = s.distribution_asset WHERE m.element_count = 1',
  );
  assert.ok(rows.length > 20);
  for (const row of rows)
    closeRelative((row.pga * FOOT) / G, pgaPercentG(LAYOUT, row.longitude, row.latitude) / 100, 1e-6, `PGA at ${row.longitude}, ${row.latitude}`);
});

test('a missing file and a truncated grid come back as tool errors naming the problem', async () => {
  assert.match(toolError(await call('upload_hazard_model', { file_path: path.join(tempDir(), 'absent.xml') })), /absent\.xml/);
  const truncated = path.join(tempDir(), 'truncated_grid.xml');
  const lines = gridXml(LAYOUT, '4').split('\n');
  const dataStart = lines.indexOf('<grid_data>') + 1;
  fs.writeFileSync(truncated, [...lines.slice(0, dataStart + 50), '</grid_data>', '</shakemap_grid>', ''].join('\n'));
  assert.match(toolError(await call('upload_hazard_model', { file_path: truncated })), /truncated: 50 of 121 data rows/);
});

test.run();
