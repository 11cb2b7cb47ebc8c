import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import SpectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { EXAMPLE_CURVES, EXAMPLE_FEEDER, exampleHazard, expectJson, fileForm, startTestServer, type TestServer } from '../helpers/rest.js';
import {
  checkCase,
  jsonBodyCases,
  operationsOf,
  parameterCases,
  responseValidator,
  uploadCases,
  type Case,
  type Operation,
} from '../helpers/openapiContract.js';

type Json = Record<string, any>;

/** Uploads the examples under the names the document's request examples use. */
async function seed(server: TestServer): Promise<void> {
  for (const [collection, file] of [
    ['distribution-models', EXAMPLE_FEEDER],
    ['hazard-models', exampleHazard('earthquake')],
    ['curve-sets', EXAMPLE_CURVES],
  ]) {
    await expectJson(await fetch(`${server.base}/${collection}`, { method: 'POST', body: fileForm(file) }), 201);
  }
}

/** Fills an operation's path template with its parameters' examples, or with `value`. */
function pathFiller(operation: Operation): (value?: string) => string {
  return (value) =>
    operation.template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
      const parameter = operation.spec.parameters.find((candidate: Json) => candidate.name === name && candidate.in === 'path');
      return value ?? encodeURIComponent(parameter.example);
    });
}

const UPLOAD_FILES: Record<string, string> = {
  '/distribution-models': EXAMPLE_FEEDER,
  '/hazard-models': exampleHazard('earthquake'),
  '/curve-sets': EXAMPLE_CURVES,
};

function casesOf(document: Json, operation: Operation): Case[] {
  const fill = pathFiller(operation);
  const content = operation.spec.requestBody?.content ?? {};
  if (content['application/json']) return jsonBodyCases(document, operation, fill());
  if (content['multipart/form-data']) {
    const file = UPLOAD_FILES[operation.template];
    return uploadCases(fill(), { name: 'upload.json', content: fs.readFileSync(file, 'utf8') });
  }
  return parameterCases(operation, fill);
}

/** Deletions go last, so the other operations find the seeded entries. */
const inOrder = (operations: Operation[]) => [...operations.filter((op) => op.method !== 'DELETE'), ...operations.filter((op) => op.method === 'DELETE')];

const test = suite('OpenAPI contract over real HTTP');

test('every case of every operation answers a documented status with a body matching its schema (no key)', async () => {
  const server = await startTestServer({ uploadDir: undefined });
  try {
    await seed(server);
    const document = await expectJson(await fetch(`${server.base}/openapi.json`));
    const validatorFor = responseValidator(document);
    const violations: string[] = [];
    let sent = 0;
    const seen = new Map<string, Set<number>>();
    for (const operation of inOrder(operationsOf(document))) {
      for (const request of casesOf(document, operation)) {
        sent += 1;
        const problems = await checkCase(server.base, operation, request, validatorFor);
        for (const problem of problems) violations.push(`${operation.method} ${operation.template} [${request.label}]: ${problem}`);
      }
      seen.set(`${operation.method} ${operation.template}`, new Set());
    }
    assert.ok(sent > 150, `${sent} cases`);
    assert.equal(violations, []);
  } finally {
    await server.stop();
  }
});

test('with an API key: every secured operation answers 401 without it, documented; public ones stay open', async () => {
  const server = await startTestServer({ apiKey: 'sekret' });
  try {
    const document = await expectJson(await fetch(`${server.base}/openapi.json`));
    const validatorFor = responseValidator(document);
    const violations: string[] = [];
    for (const operation of operationsOf(document)) {
      const secured = operation.spec.security === undefined;
      const [example] = casesOf(document, operation);
      const response = await fetch(new URL(example.path, server.base), { method: operation.method, headers: example.headers, body: example.body });
      await response.arrayBuffer();
      if (secured && response.status !== 401) violations.push(`${operation.method} ${operation.template} answered ${response.status} without the key`);
      if (secured && !operation.spec.responses['401']) violations.push(`${operation.method} ${operation.template} does not document 401`);
      if (!secured && response.status === 401) violations.push(`${operation.method} ${operation.template} is public but answered 401`);
      const problems = await checkCase(server.base, operation, example, validatorFor);
      for (const problem of problems) violations.push(`${operation.method} ${operation.template} without key: ${problem}`);
    }
    assert.equal(violations, []);
    assert.equal(document.security, [{ bearerAuth: [] }]);
  } finally {
    await server.stop();
  }
});

/** Rules whose findings are accepted, and why (docs/decisions.md). */
const JUSTIFIED = {
  // Operations no client input can make fail: they document no 4xx (a 401 appears with an API key).
  'operation-4xx-response': ['/', '/health', '/cache-info', '/refresh-cache', '/supported-hazard-types', '/default-curve-sets'],
};

for (const apiKey of [undefined, 'sekret']) {
  test(`Redocly's recommended rules report no error and only the justified warnings (${apiKey ? 'with' : 'without'} an API key)`, async () => {
    const server = await startTestServer({ apiKey });
    try {
      const text = await (await fetch(`${server.base}/openapi.json`)).text();
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
      const unjustified = problems.filter((problem) => {
        const pointer = problem.location[0]?.pointer ?? '';
        const accepted = JUSTIFIED[problem.ruleId as keyof typeof JUSTIFIED];
        const path = /^#\/paths\/([^/]+)/.exec(pointer)?.[1]?.replaceAll('~1', '/');
        return !(accepted && path && accepted.includes(path));
      });
      assert.equal(
        unjustified.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`),
        [],
      );
    } finally {
      await server.stop();
    }
  });
}

/** Spectral's severities by number (its DiagnosticSeverity). */
const SPECTRAL_SEVERITIES = ['error', 'warning', 'information', 'hint'];

for (const apiKey of [undefined, 'sekret']) {
  test(`Spectral's spectral:oas ruleset reports nothing (${apiKey ? 'with' : 'without'} an API key)`, async () => {
    const server = await startTestServer({ apiKey });
    try {
      const text = await (await fetch(`${server.base}/openapi.json`)).text();
      const spectral = new Spectral();
      // What `spectral lint` runs for a ruleset file saying `extends: spectral:oas`: the ruleset's recommended rules.
      spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
      const findings = await spectral.run(new Document(text, SpectralParsers.Json, 'openapi.json'));
      assert.equal(
        findings.map((finding) => `${SPECTRAL_SEVERITIES[finding.severity]} ${finding.code} ${finding.path.join('.')}: ${finding.message}`),
        [],
      );
    } finally {
      await server.stop();
    }
  });
}

test('the documentation pages themselves are not operations of the API', async () => {
  const server = await startTestServer();
  try {
    const document = await expectJson(await fetch(`${server.base}/openapi.json`));
    for (const hidden of ['/docs', '/redoc', '/openapi.json']) assert.is(document.paths[hidden], undefined);
  } finally {
    await server.stop();
  }
});

test('the request examples name the example feeder and hazard, and a scalar JSON body is a 422 (valid JSON, wrong type)', async () => {
  const server = await startTestServer();
  try {
    const document = await expectJson(await fetch(`${server.base}/openapi.json`));
    const simulate = document.paths['/simulate'].post.requestBody.content['application/json'].example;
    assert.equal(simulate, { distribution_system_name: 'example_feeder', hazard_system_name: 'earthquake', curve_set: 'DEFAULT_CURVES' });
    assert.is(document.paths['/generate-scenarios'].post.requestBody.content['application/json'].example.number_of_samples, 10);
    assert.is(document.paths['/distribution-models/{model_name}'].get.parameters[0].example, 'example_feeder');
    assert.is(document.paths['/hazard-models/{model_name}'].get.parameters[0].example, 'earthquake');
    const samples = document.components.schemas.ScenarioRequest.properties.number_of_samples;
    assert.equal([samples.type, samples.minimum, samples.maximum], ['integer', 1, server.service.limits.maxSamples]);
    assert.is(document.components.schemas.ErrorBody.properties.status_code.type, 'integer');
    assert.is(document.components.schemas.CacheInfo.properties.total_models.type, 'integer');
    for (const body of ['null', '"AAA"', '1']) {
      const response = await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const answer = await expectJson(response, 422);
      assert.equal(answer.errors[0].path, '');
    }
  } finally {
    await server.stop();
  }
});

test.run();
