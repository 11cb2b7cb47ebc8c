import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectJson, startTestServer, type TestServer } from '../helpers/rest.js';

/** docs/specification.md §4.1's endpoint table, plus hazsim's custom curve-set endpoints; /docs and /redoc are served but are not operations of the API. */
const SPEC_ENDPOINTS = [
  'get /',
  'get /health',
  'post /simulate',
  'post /generate-scenarios',
  'post /distribution-models',
  'get /distribution-models',
  'get /distribution-models/{model_name}',
  'delete /distribution-models/{model_name}',
  'post /hazard-models',
  'get /hazard-models',
  'get /hazard-models/{model_name}',
  'delete /hazard-models/{model_name}',
  'get /cache-info',
  'post /refresh-cache',
  'get /supported-hazard-types',
  'get /default-curve-sets',
  'post /curve-sets',
  'get /curve-sets',
  'get /curve-sets/{name}',
  'delete /curve-sets/{name}',
];

const test = suite<{ server: TestServer; document: any }>('OpenAPI document', {} as { server: TestServer; document: any });
test.before(async (context) => {
  context.server = await startTestServer();
  context.document = await expectJson(await fetch(`${context.server.base}/openapi.json`));
});
test.after(async ({ server }) => server.stop());

const operations = (document: any) =>
  Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );

test('is OpenAPI 3.1 and lists every endpoint of the spec, and nothing the app does not route', ({ server, document }) => {
  assert.is(document.openapi, '3.1.0');
  const documented = operations(document).map((entry) => entry.key);
  for (const endpoint of SPEC_ENDPOINTS) assert.ok(documented.includes(endpoint), `${endpoint} missing`);
  const routed = server.app.routes.filter((route) => !route.undocumented).map((route) => `${route.method.toLowerCase()} ${route.path}`);
  assert.equal(documented.sort(), routed.sort());
});

test('every $ref resolves to a component schema', ({ document }) => {
  const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
  assert.ok(refs.length > 20);
  for (const ref of refs) {
    const [, section, name] = /#\/components\/(schemas|headers)\/([^"]+)/.exec(ref) ?? [];
    assert.ok(section && document.components[section][name], ref);
  }
});

test('every operation documents its errors with the error body, including 500', ({ document }) => {
  for (const { key, operation } of operations(document)) {
    const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
    assert.ok(errors.includes('500'), key);
    for (const status of errors) {
      const schema = operation.responses[status].content['application/json'].schema;
      assert.ok(schema.$ref === '#/components/schemas/ErrorBody' || (key === 'get /health' && status === '503'), `${key} ${status}`);
    }
  }
  const upload = document.paths['/distribution-models'].post;
  assert.equal(Object.keys(upload.responses).sort(), ['201', '400', '409', '413', '415', '422', '500', '507']);
});

test('request schemas come from the valibot schemas: strict bodies with their defaults, a multipart form with a binary file', ({ document }) => {
  const { schemas } = document.components;
  assert.equal(document.paths['/simulate'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/SimulationRequest' });
  assert.is(schemas.SimulationRequest.additionalProperties, false);
  assert.equal(schemas.SimulationRequest.required, ['distribution_system_name', 'hazard_system_name']);
  assert.is(schemas.SimulationRequest.properties.curve_set.default, 'DEFAULT_CURVES');
  assert.is(schemas.ScenarioRequest.properties.number_of_samples.default, 1);
  assert.is(schemas.ScenarioRequest.properties.seed.default, 0);
  assert.is(schemas.ScenarioRequest.properties.seed.type, 'integer');
  const form = document.paths['/hazard-models'].post.requestBody.content['multipart/form-data'].schema;
  assert.equal(form, { $ref: '#/components/schemas/UploadForm' });
  assert.is(schemas.UploadForm.properties.file.format, 'binary');
  assert.equal(schemas.UploadForm.required, ['file']);
  assert.is(schemas.ErrorBody.properties.errors.items.required.join(), 'path,message');
});

test('downloads state their content type and file name; lists their query parameter', ({ document }) => {
  const simulate = document.paths['/simulate'].post.responses['200'];
  assert.ok(simulate.content['application/x-sqlite3']);
  assert.match(simulate.headers['Content-Disposition'].description, /\{distribution_name\}_\{hazard_name\}_results\.sqlite/);
  assert.ok(document.paths['/generate-scenarios'].post.responses['200'].content['application/zip']);
  const [refresh] = document.paths['/distribution-models'].get.parameters;
  assert.equal([refresh.name, refresh.in, refresh.schema.enum], ['refresh', 'query', ['true', 'false']]);
  assert.equal(document.paths['/distribution-models/{model_name}'].get.parameters[0].in, 'path');
});

test.run();
