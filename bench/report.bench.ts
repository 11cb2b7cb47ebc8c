// The HTML report of a 100,000-asset run: how long `reportFromFiles` takes (reading the
// SQLite result, the cached models for routes and footprint, building and writing the
// page), how large the page is, and how long headless Chromium takes to open it from
// file:// until the map, charts and tables are drawn (body[data-ready]). The run is the
// simulate bench's: largeFeeder under the example hurricane, earthquake and flood (24 timestamps).
//   npm run bench report
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { largeFeeder } from '../examples/generate-large-feeder.js';
import { createService } from '../src/app/service.js';
import { combinedExampleHazard } from '../test/helpers/exampleHazards.js';

const ASSETS = 100_000;
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-report-'));
try {
  const feederPath = path.join(dir, 'large_feeder.json');
  const hazardPath = path.join(dir, 'storm_quake_flood.json');
  fs.writeFileSync(feederPath, JSON.stringify(largeFeeder(ASSETS)));
  fs.writeFileSync(hazardPath, JSON.stringify(combinedExampleHazard('storm_quake_flood', ['hurricane', 'earthquake', 'flood'])));
  const service = createService({ cacheDir: path.join(dir, 'cache') });
  await service.models.uploadFile(feederPath, { kind: 'distribution', name: 'large_feeder' });
  await service.models.uploadFile(hazardPath, { kind: 'hazard', name: 'storm_quake_flood' });
  const request = { distribution_system_name: 'large_feeder', hazard_system_name: 'storm_quake_flood' };
  const resultPath = path.join(dir, 'run.sqlite');
  const scenariosPath = path.join(dir, 'run.zip');
  await service.runs.simulate(request, { outputPath: resultPath });
  await service.runs.generateScenarios({ ...request, number_of_samples: 100, seed: 1 }, { outputPath: scenariosPath, recordLimit: 0 });

  const reportPath = path.join(dir, 'run.html');
  const started = performance.now();
  const summary = await service.reports.fromFiles({ resultPath, scenariosPath }, { outputPath: reportPath });
  const writeMs = performance.now() - started;
  console.log(
    `BENCH report write (${summary.asset_count} assets × ${summary.timestamp_count} timestamps, 100 samples): ${(writeMs / 1000).toFixed(2)} s; page ${(summary.size_bytes / 1024 / 1024).toFixed(2)} MB; notes: ${summary.notes.join(' ') || 'none'}`,
  );

  if (!fs.existsSync(CHROMIUM)) {
    console.log(`BENCH report open: skipped, ${CHROMIUM} is absent`);
  } else {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    const page = await (await browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } })).newPage();
    const openStarted = performance.now();
    await page.goto(`file://${reportPath}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 300_000 });
    const openMs = performance.now() - openStarted;
    const slideStarted = performance.now();
    await page.locator('#time').fill('0');
    // Runs in the page; the bench is compiled without the DOM library.
    await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(resolve)));
    const slideMs = performance.now() - slideStarted;
    console.log(
      `BENCH report open in headless Chromium until drawn: ${(openMs / 1000).toFixed(2)} s; one slider step (redraw of every asset): ${slideMs.toFixed(0)} ms`,
    );
    await browser.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
