import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';

// Stored XSS in the HTML report (docs/hardening.md, "Report pages"): hazard model and area
// names ran as script when the map's tooltip opened. The page is opened in headless Chromium
// with hostile names; no script of theirs may run, even one planted in the page after load.

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const HOSTILE = `<img src=x onerror="window.__xss='name'"><script>window.__xss='script'</script>"'&`;

test('hostile hazard names show as text in the map tooltip and run no script; the policy forbids inline handlers and connections', async () => {
  if (!fs.existsSync(CHROMIUM)) {
    skipTest(`${CHROMIUM} is absent (the report's browser check)`);
    return;
  }
  const cache = tempDir();
  const out = tempDir();
  const flood = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'hazards/flood.json'), 'utf8'));
  for (const model of flood.models) {
    model.name = HOSTILE;
    for (const area of model.affected_areas ?? []) area.name = HOSTILE;
  }
  const hazardFile = path.join(out, 'hostile.json');
  fs.writeFileSync(hazardFile, JSON.stringify(flood));
  const cli = (args: string[]) => {
    const result = runCli([...args, '--cache-dir', cache]);
    assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  };
  cli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder']);
  cli(['upload', hazardFile, '--kind', 'hazard', '--name', 'hostile']);
  const result = path.join(out, 'run.sqlite');
  cli(['simulate', 'feeder', 'hostile', '-o', result]);
  const report = path.join(out, 'run.html');
  cli(['report', result, '-o', report]);

  const html = fs.readFileSync(report, 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1];
  assert.match(policy, /connect-src 'none'/);
  assert.not.match(policy, /unsafe-inline'[^;]*;.*style-src/, 'script-src allows inline code');
  assert.not.match(/script-src [^;]*/.exec(policy)![0], /unsafe/);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await (await browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`file://${report}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    // The map draws on a canvas: sweep the mouse over it until a flood area's tooltip opens.
    const box = (await page.locator('#map').boundingBox())!;
    const tooltip = page.locator('.leaflet-tooltip').filter({ hasText: 'onerror' }).first();
    sweep: for (let y = box.y + 10; y < box.y + box.height; y += 25) {
      for (let x = box.x + 10; x < box.x + box.width; x += 25) {
        await page.mouse.move(x, y);
        if ((await tooltip.count()) > 0) break sweep;
      }
    }
    assert.ok((await tooltip.count()) > 0, 'no flood area tooltip opened anywhere on the map');
    assert.ok((await tooltip.textContent())!.includes('<img src=x onerror='), 'the name is not shown as text');
    assert.is(await tooltip.locator('img, script').count(), 0);
    // A handler planted in the page after it loaded is still refused by the policy.
    await page.evaluate(() => {
      const browserGlobal = globalThis as any;
      browserGlobal.document.body.insertAdjacentHTML('beforeend', `<img src="data:," onerror="window.__xss='planted'">`);
    });
    await page.waitForTimeout(300);
    assert.is(await page.evaluate(() => (globalThis as any).__xss), undefined);
    assert.equal(errors, []);
  } finally {
    await browser.close();
  }
});

test.run();
