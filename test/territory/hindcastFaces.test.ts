import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { exampleHazard, expectError, expectJson, fileForm, postJson, startTestServer, type TestServer } from '../helpers/rest.js';

// POST /hindcast on a real Koa server and the MCP tool hindcast over stdio, on one cache: one
// service method, one schema, the same answer; and the page of that answer from POST
// /hindcast/report and the MCP tool hindcast_report, byte for byte the same.

const OBSERVED = 'geoid,max_pct_out,avg_customer_hrs_out\n45019,0.9,40\n45015,0.2,5\n';
const REQUEST = { territory_name: 'sc', hazard_system_name: 'hurricane', observed_csv: OBSERVED, number_of_samples: 3, seed: 2 };

interface Context {
  server: TestServer;
}
const test = suite<Context>('hindcast over REST and MCP', {} as Context);

test.before(async (context) => {
  context.server = await startTestServer();
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('hurricane')) }), 201);
  await context.server.service.territories.build({
    territory_name: 'sc',
    counties: ['45019', '45015'],
    customers_csv: 'fips,customers\n45019,2500\n45015,900\n',
  });
});
test.after(async ({ server }) => server.stop());

test('POST /hindcast and the MCP tool give the same comparison; bad bodies are 422 and 404', async ({ server }) => {
  const rest = await expectJson(await postJson(`${server.base}/hindcast`, REQUEST));
  assert.is(rest.observed_format, 'county_table');
  assert.equal(
    rest.counties.map((county: { fips: string; customers: number }) => [county.fips, county.customers]),
    [
      ['45015', 900],
      ['45019', 2500],
    ],
  );
  assert.is(rest.metrics.counties_compared, 2);

  await expectError(await postJson(`${server.base}/hindcast`, { ...REQUEST, observed_csv: 'a,b\n1,2\n' }), 422, /neither EAGLE-I records/);
  await expectError(await postJson(`${server.base}/hindcast`, { ...REQUEST, territory_name: 'elsewhere' }), 404, /No territory named elsewhere/);

  const { client, transport } = await connectStdio(server.cacheDir);
  try {
    const mcp = toolOutput(await client.callTool({ name: 'hindcast', arguments: REQUEST }));
    assert.equal(mcp, rest);
    assert.match(toolError(await client.callTool({ name: 'hindcast', arguments: { ...REQUEST, number_of_samples: 0 } })), /number_of_samples/);

    const page = await postJson(`${server.base}/hindcast/report`, rest);
    assert.is(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-disposition') ?? '', /sc_hindcast_report\.html/);
    const restPage = Buffer.from(await page.arrayBuffer());
    const written = toolOutput(await client.callTool({ name: 'hindcast_report', arguments: mcp }));
    assert.equal([written.counties_drawn, written.counties_compared, written.size_bytes], [2, 2, restPage.length]);
    assert.ok(fs.readFileSync(written.file_path).equals(restPage), 'REST and MCP make the same page');
    await expectError(await postJson(`${server.base}/hindcast/report`, { ...rest, metrics: undefined }), 422, /metrics/);
    assert.match(toolError(await client.callTool({ name: 'hindcast_report', arguments: { ...mcp, territory_name: '../x' } })), /territory_name/);
  } finally {
    await transport.close();
  }
});

test.run();
