import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../helpers/rest.js';

const CHROMIUM = '/usr/bin/chromium';
// The flags for Debian's chromium (CONTRIBUTING.md, "Stack notes") running headless as root, with every background service off.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Context {
  server: TestServer;
  browser: Browser;
}

const test = suite<Context>('Swagger UI and ReDoc in headless Chromium', {} as Context);

const available = fs.existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`${CHROMIUM} is absent; CI must check the documentation pages (apt-get install chromium)`);
if (!available) console.log(`NOTICE: ${CHROMIUM} is absent; the documentation pages are not checked in a browser`);

test.before(async (context) => {
  if (!available) return;
  context.server = await startTestServer();
  // playwright gives the browser a fresh temporary profile itself (the --user-data-dir of CONTRIBUTING.md's stack notes).
  context.browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});
test.after(async ({ server, browser }) => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` and records every URL the page requests (documents, scripts, styles, images, fonts, XHR). */
async function open(context: Context, path: string): Promise<{ page: Page; requested: string[]; failed: string[] }> {
  const page = await context.browser.newPage();
  const requested: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
  await page.goto(context.server.base + path, { waitUntil: 'load' });
  return { page, requested, failed };
}

function assertLocalOnly(context: Context, requested: string[], failed: string[]): void {
  const origin = new URL(context.server.base).origin;
  const external = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
  assert.equal(external, [], `requests leaving 127.0.0.1:\n${external.join('\n')}`);
  assert.equal(failed, [], `failed requests:\n${failed.join('\n')}`);
}

const documentedOperations = (context: Context) => context.server.app.routes.filter((route) => !route.undocumented);

test('/docs shows every operation, loading only this server', async (context) => {
  if (!available) return;
  const { page, requested, failed } = await open(context, '/docs');
  await page.waitForSelector('.opblock-summary', { timeout: 20_000 });
  const shown = await page.$$eval('.opblock-summary', (blocks) =>
    blocks.map(
      (block) =>
        `${block.querySelector('.opblock-summary-method')?.textContent?.trim()} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
    ),
  );
  for (const route of documentedOperations(context))
    assert.ok(shown.includes(`${route.method} ${route.path}`), `${route.method} ${route.path} not shown in Swagger UI`);
  assert.ok(await page.isVisible('text=Run a hazard simulation and download the result database'));
  assertLocalOnly(context, requested, failed);
  assert.ok(requested.some((url) => url.endsWith('/openapi.json')));
  await page.close();
});

test('/redoc shows every operation, loading only this server', async (context) => {
  if (!available) return;
  const { page, requested, failed } = await open(context, '/redoc');
  await page.waitForSelector('[data-section-id^="tag/"]', { timeout: 20_000 });
  const text = await page.innerText('body');
  for (const route of documentedOperations(context)) assert.ok(text.includes(route.summary), `"${route.summary}" not shown in ReDoc`);
  await page.waitForTimeout(300);
  assertLocalOnly(context, requested, failed);
  await page.close();
});

/** A reverse proxy mounting `target` at /hazsim/ (what nginx's `location /hazsim/ { proxy_pass http://backend/; }` does); anything else is a 404. */
async function mountAtPrefix(target: string): Promise<{ base: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const proxy = http.createServer((request, response) => {
    seen.push(request.url ?? '');
    if (!request.url?.startsWith('/hazsim/')) {
      response.writeHead(404).end('not under /hazsim/');
      return;
    }
    const upstream = http.request(`${target}${request.url.slice('/hazsim'.length)}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}/hazsim`, seen, close: () => new Promise((resolve) => proxy.close(() => resolve())) };
}

test('behind a proxy at /hazsim/, /docs and /redoc load their assets and the document under the prefix; Try it out calls it too', async (context) => {
  if (!available) return;
  const proxy = await mountAtPrefix(context.server.base);
  try {
    const swagger = await context.browser.newPage();
    const failed: string[] = [];
    swagger.on('requestfailed', (request) => failed.push(request.url()));
    await swagger.goto(`${proxy.base}/docs`, { waitUntil: 'load' });
    await swagger.waitForSelector('.opblock-summary', { timeout: 20_000 });
    await swagger.click('#operations-Service-health .opblock-summary');
    await swagger.click('#operations-Service-health .try-out__btn');
    await swagger.click('#operations-Service-health .execute');
    await swagger.waitForSelector('#operations-Service-health .live-responses-table .response-col_status', { timeout: 20_000 });
    assert.match(await swagger.innerText('#operations-Service-health .live-responses-table'), /200/);
    await swagger.close();

    const redoc = await context.browser.newPage();
    redoc.on('requestfailed', (request) => failed.push(request.url()));
    await redoc.goto(`${proxy.base}/redoc`, { waitUntil: 'load' });
    await redoc.waitForSelector('[data-section-id^="tag/"]', { timeout: 20_000 });
    await redoc.close();

    assert.equal(failed, []);
    assert.equal(
      proxy.seen.filter((url) => !url.startsWith('/hazsim/')),
      [],
      'every request stays under the prefix',
    );
    for (const expected of ['/hazsim/docs/static/swagger-ui-bundle.js', '/hazsim/redoc/static/redoc.standalone.js', '/hazsim/openapi.json', '/hazsim/health'])
      assert.ok(proxy.seen.includes(expected), `${expected} requested`);
  } finally {
    await proxy.close();
  }
});

test('/docs shows Authorize only when the server requires an API key', async (context) => {
  if (!available) return;
  const authorizeShown = async (base: string) => {
    const page = await context.browser.newPage();
    await page.goto(`${base}/docs`, { waitUntil: 'load' });
    await page.waitForSelector('.opblock-summary', { timeout: 20_000 });
    const shown = (await page.$$('.btn.authorize')).length > 0;
    await page.close();
    return shown;
  };
  assert.is(await authorizeShown(context.server.base), false, 'no key, nothing to authorize');
  const keyed = await startTestServer({ apiKey: 'sekret' });
  try {
    assert.is(await authorizeShown(keyed.base), true);
  } finally {
    await keyed.stop();
  }
});

test.run();
