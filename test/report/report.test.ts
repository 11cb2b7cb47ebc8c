import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { readReportData } from '../../src/domain/report/index.js';
import { EXAMPLE_FEEDER, exampleHazard, expectError, fileForm, postJson, startTestServer } from '../helpers/rest.js';

/**
 * `hazsim report`, POST /report and MCP generate_report end to end: the CLI spawned with a
 * temporary cache on the bundled example, the page opened from file:// in headless Chromium
 * with the network off (no console error, no request but the file itself, a map that is not
 * blank in a screenshot), the same page over REST and MCP, and bad inputs refused with
 * nothing written.
 */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`${CHROMIUM} is absent; CI must check the report in a browser (apt-get install chromium)`);
if (!available) console.log(`NOTICE: ${CHROMIUM} is absent; the report page is not opened in a browser`);

interface Context {
  cache: string;
  out: string;
  result: string;
  scenarios: string;
  impact: string;
  report: string;
  browser?: Browser;
}
const test = suite<Context>('report', {} as Context);

function sqliteRows(file: string, sql: string): any[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

test.before(async (context) => {
  context.cache = tempDir('hazsim-report-cache-');
  context.out = tempDir('hazsim-report-out-');
  const cli = (args: string[]) => {
    const result = runCli([...args, '--cache-dir', context.cache]);
    assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    return result;
  };
  cli(['upload', EXAMPLE_FEEDER, '--name', 'feeder']);
  cli(['upload', exampleHazard('hurricane'), '--kind', 'hazard', '--name', 'hurricane']);
  context.result = path.join(context.out, 'run.sqlite');
  context.scenarios = path.join(context.out, 'run.zip');
  context.report = path.join(context.out, 'run.html');
  cli(['simulate', 'feeder', 'hurricane', '-o', context.result]);
  cli(['scenarios', 'feeder', 'hurricane', '-n', '50', '--seed', '7', '-o', context.scenarios]);
  context.impact = path.join(context.out, 'impact.sqlite');
  cli(['impact', 'feeder', 'hurricane', '-n', '50', '--seed', '7', '-o', context.impact]);
  if (available) context.browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});
test.after(async ({ browser }) => {
  await browser?.close();
});

test('hazsim report writes one page with the run, its scenarios and what it could not draw', (context) => {
  const result = runCli([
    'report',
    context.result,
    '--scenarios',
    context.scenarios,
    '--impact',
    context.impact,
    '-o',
    context.report,
    '--cache-dir',
    context.cache,
    '--json',
  ]);
  assert.is(result.code, 0, result.stderr);
  const summary = json(result);
  assert.is(summary.file_path, context.report);
  assert.is(summary.asset_count, 38);
  assert.is(summary.timestamp_count, 24);
  assert.is(summary.scenario_samples, 50);
  assert.equal(summary.notes, []);
  const html = fs.readFileSync(context.report, 'utf8');
  assert.is(summary.size_bytes, Buffer.byteLength(html));
  // Self-contained: no src or href attribute fetches anything, and the policy forbids connections.
  assert.not.match(html, /<(script|link|img)[^>]+(src|href)=/i);
  assert.match(html, /default-src 'none'/);
  const data: any = readReportData(html);
  const sha256 = JSON.parse(JSON.stringify(data.provenance)).find(([key]: [string]) => key === 'distribution_sha256')[1];
  assert.match(sha256, /^[0-9a-f]{64}$/);
  assert.is(data.scenarios.samples, 50);
  // The impact curves are the impact file's own rows.
  const impactRows = sqliteRows(context.impact, 'SELECT timestamp, customers_out_mean, kw_out_p90 FROM curves ORDER BY hours');
  assert.ok(impactRows.length > 0);
  assert.equal(
    data.impact.timestamps,
    impactRows.map((row) => row.timestamp),
  );
  assert.equal(
    data.impact.customers.mean,
    impactRows.map((row) => row.customers_out_mean),
  );
  assert.equal(
    data.impact.kw.p90,
    impactRows.map((row) => row.kw_out_p90),
  );
  assert.ok(
    data.overlays.some((overlay: { kind: string }) => overlay.kind === 'track'),
    'the storm track is on the map',
  );
  assert.ok(data.assets.routeIndex.length > 0, 'lines are drawn along their route');
});

test('the page opens from file:// with the network off: no console error, no request, a map that is not blank', async (context) => {
  if (!context.browser) return;
  const browserContext = await context.browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } });
  const page = await browserContext.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => requests.push(request.url()));
  const url = `file://${context.report}`;
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  assert.equal(errors, []);
  assert.equal(
    requests.filter((request) => request !== url),
    [],
  );
  assert.is((await page.locator('#curves figure').count()) > 0, true);
  assert.is(await page.locator('#worst tbody tr').count(), 25);
  assert.ok((await page.locator('#provenance').textContent())!.includes('distribution_sha256'));

  // The map's screenshot, decoded in a blank page: count pixels that differ from the map's plain background.
  const shot = await page.locator('#map').screenshot();
  fs.writeFileSync(path.join(context.out, 'map.png'), shot);
  const checker = await browserContext.newPage();
  const counts = await checker.evaluate(
    async (dataUrl) => {
      // Runs in the browser; the test program is compiled without the DOM library.
      const browser = globalThis as any;
      const image = new browser.Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = browser.document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context2d = canvas.getContext('2d');
      context2d.drawImage(image, 0, 0);
      const pixels = context2d.getImageData(0, 0, image.width, image.height).data;
      let coloured = 0;
      let reddish = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
        // The background is #eef1f4; assets are drawn in the green-yellow-red ramp.
        if (Math.abs(r - 0xee) + Math.abs(g - 0xf1) + Math.abs(b - 0xf4) > 60) coloured += 1;
        if (r > 150 && g < 200 && b < 120) reddish += 1;
      }
      return { total: pixels.length / 4, coloured, reddish };
    },
    `data:image/png;base64,${shot.toString('base64')}`,
  );
  assert.ok(counts.coloured > 500, `the map area has ${counts.coloured} drawn pixels of ${counts.total}`);
  await browserContext.close();
  console.log(`map screenshot: ${counts.coloured} of ${counts.total} pixels drawn`);
});

test('the slider redraws the map at another time', async (context) => {
  if (!context.browser) return;
  const browserContext = await context.browser.newContext({ offline: true });
  const page = await browserContext.newPage();
  await page.goto(`file://${context.report}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  const label = () => page.locator('#time-label').textContent();
  const last = await label();
  assert.match(last ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await page.locator('#time').fill('0');
  assert.is.not(await label(), last);
  await browserContext.close();
});

test('read anywhere: charts and slider in UTC in a viewer west of Greenwich, legends without value boxes, a scale bar, the track in view, readable settings, no repository paths', async (context) => {
  if (!context.browser) return;
  const browserContext = await context.browser.newContext({ offline: true, viewport: { width: 1200, height: 900 }, timezoneId: 'America/Los_Angeles' });
  const page = await browserContext.newPage();
  await page.goto(`file://${context.report}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  // uPlot draws its ticks on a canvas: the charts must be the same pixels as in a viewer in UTC.
  const inUtc = await context.browser.newContext({ offline: true, viewport: { width: 1200, height: 900 }, timezoneId: 'UTC' });
  const utcPage = await inUtc.newPage();
  await utcPage.goto(`file://${context.report}`, { waitUntil: 'load' });
  await utcPage.waitForSelector('body[data-ready="true"]');
  for (const chart of ['#outage-chart', '#impact-chart'])
    assert.ok((await page.locator(chart).screenshot()).equals(await utcPage.locator(chart).screenshot()), `${chart} is drawn in UTC`);
  await inUtc.close();
  // The axis titles are drawn on the canvas too: the page's script names the zone on every time axis.
  assert.is(fs.readFileSync(context.report, 'utf8').match(/label: 'time \(UTC\)'/g)?.length, 2);
  assert.match((await page.locator('label[for="time"]').textContent()) ?? '', /UTC/);
  // No legend value reads "--", and every legend marker is filled.
  assert.not.ok((await page.locator('main').textContent())!.includes('--'));
  const markers = await page
    .locator('.u-legend .u-marker')
    .evaluateAll((nodes) => nodes.map((node) => (globalThis as any).getComputedStyle(node).backgroundColor));
  assert.ok(markers.length > 0 && markers.every((colour: string) => colour !== 'rgba(0, 0, 0, 0)' && colour !== 'rgb(255, 255, 255)'), markers.join(' '));
  assert.is(await page.locator('.leaflet-control-scale').count(), 1);
  // The track's dark dashed line (#333; assets are drawn green to red) is in the first view: the map's canvas has dark pixels.
  const dark = await page.evaluate(() => {
    const browser = globalThis as any;
    let count = 0;
    for (const canvas of browser.document.querySelectorAll('#map canvas')) {
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 200 && pixels[i] < 90 && pixels[i + 1] < 90 && pixels[i + 2] < 90) count += 1;
    }
    return count;
  });
  assert.ok(dark > 50, `the storm track is drawn in the first view (${dark} dark pixels)`);
  const provenance = (await page.locator('#provenance').textContent()) ?? '';
  assert.ok(provenance.includes("x = longitude, y = latitude (GDM's reading)"), 'coordinates as words');
  assert.ok(/3-s gust at 10 m over open terrain/.test(provenance), 'the wind conversion as words');
  assert.not.ok(provenance.includes('{"'), 'no JSON in the settings');
  assert.not.match((await page.locator('main').textContent()) ?? '', /docs\/[a-z-]+\.md/);
  await browserContext.close();
});

test('bad inputs: a missing result, a file that is not a result, scenarios of other inputs; nothing is written', (context) => {
  const target = path.join(context.out, 'never.html');
  const missing = runCli(['report', path.join(context.out, 'absent.sqlite'), '-o', target, '--cache-dir', context.cache]);
  assert.is(missing.code, 3, missing.stderr);
  assert.match(missing.stderr, /absent\.sqlite does not exist/);
  const notResult = runCli(['report', context.scenarios, '-o', target, '--cache-dir', context.cache]);
  assert.is(notResult.code, 5, notResult.stderr);
  assert.match(notResult.stderr, /run\.zip is not a (readable SQLite file|hazsim simulation result)/);
  runCli(['upload', exampleHazard('flood'), '--kind', 'hazard', '--name', 'flood', '--cache-dir', context.cache]);
  const otherZip = path.join(context.out, 'flood.zip');
  assert.is(runCli(['scenarios', 'feeder', 'flood', '-n', '2', '-o', otherZip, '--cache-dir', context.cache]).code, 0);
  const mismatch = runCli(['report', context.result, '--scenarios', otherZip, '-o', target, '--cache-dir', context.cache]);
  assert.is(mismatch.code, 5, mismatch.stderr);
  assert.match(mismatch.stderr, /hazard_sha256 differs/);
  assert.not.ok(fs.existsSync(target));
  assert.equal(
    fs.readdirSync(context.out).filter((name) => name.includes('never')),
    [],
  );
});

test('a report of a run whose models left the cache says what it leaves out', (context) => {
  const emptyCache = tempDir('hazsim-report-empty-');
  const target = path.join(context.out, 'bare.html');
  const result = runCli(['report', context.result, '-o', target, '--cache-dir', emptyCache, '--json']);
  assert.is(result.code, 0, result.stderr);
  const { notes } = json(result);
  assert.is(notes.length, 2);
  assert.match(notes.join('\n'), /distribution model feeder is not in this cache/);
  assert.match(notes.join('\n'), /hazard model hurricane is not in this cache/);
});

test('POST /report returns the page; a bad request is refused with the field named', async () => {
  const server = await startTestServer();
  try {
    assert.is((await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) })).status, 201);
    assert.is((await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('hurricane'), { name: 'hurricane' }) })).status, 201);
    const response = await postJson(`${server.base}/report`, {
      distribution_system_name: 'feeder',
      hazard_system_name: 'hurricane',
      number_of_samples: 20,
      seed: 3,
      impact: true,
    });
    const html = await response.text();
    assert.is(response.status, 200, html);
    assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(response.headers.get('content-disposition') ?? '', /feeder_hurricane_report\.html/);
    const data: any = readReportData(html);
    assert.is(data.assets.count, 38);
    assert.is(data.scenarios.samples, 20);
    assert.ok(data.impact.customers.mean.length > 0, 'impact: true adds customers out over time');
    const noSamples = await expectError(
      await postJson(`${server.base}/report`, { distribution_system_name: 'feeder', hazard_system_name: 'hurricane', impact: true }),
      422,
    );
    assert.ok(
      noSamples.errors!.some((error) => error.path === 'impact'),
      JSON.stringify(noSamples),
    );
    const bad = await postJson(`${server.base}/report`, { distribution_system_name: 'feeder', hazard_system_name: 'hurricane', number_of_samples: 0 });
    const body = await expectError(bad, 422);
    assert.ok(
      body.errors!.some((error) => error.path.includes('number_of_samples')),
      JSON.stringify(body),
    );
    await expectError(await postJson(`${server.base}/report`, { distribution_system_name: 'nope', hazard_system_name: 'hurricane' }), 404, /nope/);
  } finally {
    await server.stop();
  }
});

test('MCP generate_report writes the page on the server and returns its path', async (context) => {
  const { client, transport } = await connectStdio(context.cache);
  try {
    const output = toolOutput(
      await client.callTool({ name: 'generate_report', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'hurricane' } }),
    );
    assert.is(output.status, 'success');
    assert.is(output.asset_count, 38);
    assert.is(output.scenario_samples, null);
    assert.ok(fs.readFileSync(output.file_path, 'utf8').startsWith('<!doctype html>'));
    assert.match(
      toolError(await client.callTool({ name: 'generate_report', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'absent' } })),
      /absent/,
    );
  } finally {
    await transport.close();
  }
});

test.run();
