import fs from 'node:fs';
import http from 'node:http';
import seedrandom from 'seedrandom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { fileForm, startTestServer, TINY_FEEDER, TINY_QUAKE, type TestServer } from '../helpers/rest.js';

interface Attempt {
  category: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const random = seedrandom.alea('hazsim-malformed-1');
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (low: number, high: number) => low + Math.floor(random() * (high - low));

const JSON_ENDPOINTS = ['/simulate', '/generate-scenarios'];
const UPLOAD_ENDPOINTS = ['/distribution-models', '/hazard-models', '/curve-sets'];
const ONE_ENDPOINTS = ['/distribution-models/', '/hazard-models/', '/curve-sets/'];
/** Names that are not cached here, so even a well-formed run request is a 404. */
const VALID_BODY = { distribution_system_name: 'not_cached', hazard_system_name: 'tiny_quake', curve_set: 'DEFAULT_CURVES', number_of_samples: 2, seed: 1 };
const WRONG_VALUES = [null, true, 0, -1, 1.5, '', ' ', [], ['x'], {}, { a: 1 }, 'x'.repeat(200), '\u0000'];
const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '18446744073709551616',
  '4294967296',
  '-0.0000001',
  '1.0000000001',
  '123456789012345678901234567890',
];
/** Model names that break the naming rule: separators, traversal, NUL, spaces, a leading dot, too long, non-ASCII, the prototype key. */
const HOSTILE_NAMES = [
  '../etc/passwd',
  '..',
  '.hidden',
  'a/b',
  'a\\b',
  'nul\u0000byte',
  'with space',
  'x'.repeat(129),
  'ünïcødé',
  '__proto__',
  '%2e%2e',
  'semi;colon',
  'tab\tname',
  '<script>',
  '💥',
];
const JSON_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'image/png'];
const UPLOAD_TYPES = [
  'application/json',
  'text/plain',
  'multipart/form-data',
  'multipart/mixed; boundary=zz',
  'application/octet-stream',
  'multipart/form-data; boundary=',
];

function multipart(
  parts: { name: string; fileName?: string; content: string }[],
  boundary = '----hazsimBoundary7MA4YWxk',
): { body: Buffer; type: string; closing: number } {
  const chunks = parts.map(
    (part) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}\r\n${part.fileName !== undefined ? 'Content-Type: application/json\r\n' : ''}\r\n${part.content}\r\n`,
  );
  const opening = chunks.join('');
  const text = `${opening}--${boundary}--\r\n`;
  return { body: Buffer.from(text), type: `multipart/form-data; boundary=${boundary}`, closing: Buffer.byteLength(opening) - 2 };
}

const feederText = fs.readFileSync(TINY_FEEDER, 'utf8');
const jsonRequest = (category: string, body: string | Buffer, path = pick(JSON_ENDPOINTS)): Attempt => ({
  category,
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json' },
  body,
});

const GENERATORS: Record<string, () => Attempt> = {
  'broken JSON': () => {
    const text = JSON.stringify(VALID_BODY);
    const variants = [
      text.slice(0, between(1, text.length - 1)),
      text.replace(':', ''),
      `${text},`,
      "{'distribution_system_name': 'a'}",
      '\u00ff\u00fe{',
      'nul\u0000l',
      '{"a":1}{"b":2}',
      '['.repeat(between(100, 5000)),
    ];
    return jsonRequest('broken JSON', pick(variants));
  },
  'wrong types': () => {
    const field = pick(Object.keys(VALID_BODY));
    return jsonRequest(
      'wrong types',
      JSON.stringify({ ...VALID_BODY, [field]: pick(WRONG_VALUES) }),
      field === 'number_of_samples' || field === 'seed' ? '/generate-scenarios' : undefined,
    );
  },
  'top-level non-objects': () => jsonRequest('top-level non-objects', pick(['[]', '"text"', '42', 'null', 'true', '[{"distribution_system_name":"a"}]'])),
  'huge numbers': () => {
    const field = pick(['number_of_samples', 'seed']);
    const text = JSON.stringify({ ...VALID_BODY, [field]: 0 }).replace(`"${field}":0`, `"${field}":${pick(HUGE_NUMBERS)}`);
    return jsonRequest('huge numbers', text, '/generate-scenarios');
  },
  'missing fields': () => {
    const kept = Object.entries(VALID_BODY).filter(([key]) => !['distribution_system_name', 'hazard_system_name'].includes(key) || random() < 0.4);
    const body = Object.fromEntries(kept);
    if ('distribution_system_name' in body && 'hazard_system_name' in body) delete body.hazard_system_name;
    return jsonRequest('missing fields', JSON.stringify(body));
  },
  'unknown fields': () =>
    jsonRequest('unknown fields', JSON.stringify({ ...VALID_BODY, [pick(['curveset', 'samples', 'Seed', 'extra', '__proto__', 'constructor'])]: 1 })),
  'hostile names in bodies': () =>
    jsonRequest(
      'hostile names in bodies',
      JSON.stringify({ ...VALID_BODY, [pick(['distribution_system_name', 'hazard_system_name', 'curve_set'])]: pick(HOSTILE_NAMES) }),
    ),
  'hostile names in paths': () => ({
    category: 'hostile names in paths',
    method: pick(['GET', 'DELETE']),
    path: pick(ONE_ENDPOINTS) + encodeURIComponent(pick(HOSTILE_NAMES)).replace(/%2F/g, pick(['%2F', '/'])),
  }),
  'hostile names in forms': () => {
    const useField = random() < 0.5;
    // A file name's folders are dropped (browsers send none), so only a name without separators is hostile there.
    const name = pick(useField ? HOSTILE_NAMES : HOSTILE_NAMES.filter((candidate) => !/[\\/]/.test(candidate)));
    const fileName = useField ? 'model.json' : `${name}.json`;
    const form = multipart([...(useField ? [{ name: 'name', content: name }] : []), { name: 'file', fileName, content: feederText }]);
    return { category: 'hostile names in forms', method: 'POST', path: '/distribution-models', headers: { 'content-type': form.type }, body: form.body };
  },
  'wrong content types': () => {
    if (random() < 0.5) return { ...jsonRequest('wrong content types', JSON.stringify(VALID_BODY)), headers: { 'content-type': pick(JSON_TYPES) } };
    return { category: 'wrong content types', method: 'POST', path: pick(UPLOAD_ENDPOINTS), headers: { 'content-type': pick(UPLOAD_TYPES) }, body: feederText };
  },
  'truncated multipart': () => {
    const form = multipart([
      { name: 'description', content: 'cut short' },
      { name: 'file', fileName: 'feeder.json', content: feederText },
    ]);
    const body = form.body.subarray(0, between(1, form.closing));
    return { category: 'truncated multipart', method: 'POST', path: pick(UPLOAD_ENDPOINTS), headers: { 'content-type': form.type }, body };
  },
  'garbled multipart': () => {
    const form = multipart([{ name: 'file', fileName: 'feeder.json', content: feederText }]);
    const body = Buffer.from(form.body);
    for (let i = 0; i < 8; i += 1) body[between(0, 60)] = between(0, 256);
    return { category: 'garbled multipart', method: 'POST', path: pick(UPLOAD_ENDPOINTS), headers: { 'content-type': form.type }, body };
  },
  'unknown routes and methods': () =>
    pick<Attempt>([
      {
        category: 'unknown routes and methods',
        method: 'GET',
        path: `/${pick(['simulate', 'admin', 'distribution-models/a/b', '%zz', '..%2f..%2fetc', 'docs/static/../../package.json'])}`,
      },
      {
        category: 'unknown routes and methods',
        method: pick(['PUT', 'PATCH', 'DELETE']),
        path: pick(['/simulate', '/distribution-models', '/health', '/cache-info']),
      },
      {
        category: 'unknown routes and methods',
        method: 'GET',
        path: `/distribution-models?refresh=${pick(['1', 'yes', '', 'TRUE'])}${random() < 0.5 ? '&refresh=true' : ''}`,
      },
    ]),
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 25 });

/** Sends an attempt as given: node:http keeps the path and the body bytes exactly (fetch would normalise `..`). */
function send(base: string, attempt: Attempt): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const body = attempt.body === undefined ? undefined : Buffer.from(attempt.body);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: attempt.method,
        path: attempt.path,
        agent,
        headers: { ...attempt.headers, ...(body ? { 'content-length': body.length } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const test = suite<{ server: TestServer; uploadDir: string }>('REST malformed requests', {} as { server: TestServer; uploadDir: string });
test.before(async (context) => {
  context.uploadDir = tempDir('hazsim-spool-');
  context.server = await startTestServer({ uploadDir: context.uploadDir });
  await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE) });
});
test.after(async ({ server }) => {
  agent.destroy();
  await server.stop();
});

test('1,000 malformed requests all get a 4xx with the error body, and none is a server fault', async ({ server, uploadDir }) => {
  const categories = Object.keys(GENERATORS);
  const attempts = Array.from({ length: 1000 }, (_, i) => GENERATORS[categories[i % categories.length]]());
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (let start = 0; start < attempts.length; start += 25) {
    await Promise.all(
      attempts.slice(start, start + 25).map(async (attempt) => {
        const response = await send(server.base, attempt);
        const text = response.text;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        let body: { detail?: unknown; status_code?: unknown } = {};
        try {
          body = JSON.parse(text);
        } catch {
          // reported below
        }
        const ok = response.status >= 400 && response.status < 500 && typeof body.detail === 'string' && body.status_code === response.status;
        if (!ok)
          failures.push(
            `${attempt.category}: ${attempt.method} ${attempt.path} ${attempt.headers?.['content-type'] ?? ''} -> ${response.status} ${text.slice(0, 200)}`,
          );
      }),
    );
  }
  assert.equal(failures, [], `${failures.length} failures:\n${failures.join('\n')}`);
  assert.ok(![...statuses.keys()].some((status) => status >= 500));
  assert.not.ok(
    server.logs.some((line) => / error in /.test(line)),
    server.logs.filter((line) => / error in /.test(line)).join('\n'),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(fs.readdirSync(uploadDir), [], 'every spooled upload is removed');
  console.log(`\nNOTICE: statuses of the malformed requests: ${JSON.stringify(Object.fromEntries(statuses))}`);
});

test('after the storm the cache holds only what was uploaded before it', async ({ server }) => {
  const models = (await (await fetch(`${server.base}/distribution-models`)).json()) as unknown[];
  assert.equal(models, []);
});

test.run();
