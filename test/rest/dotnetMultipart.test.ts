import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLE_FEEDER, expectJson, startTestServer, TINY_QUAKE, type TestServer } from '../helpers/rest.js';

// Upload forms as .NET's HttpClient (MultipartFormDataContent with StringContent) and
// PowerShell's Invoke-RestMethod -Form write them: every text part labelled
// `Content-Type: text/plain; charset=utf-8`, names quoted or not, file parts with both
// filename and filename*. Hand-built bytes sent over real HTTP to a real server.

const test = suite<{ server: TestServer }>('multipart uploads from .NET and PowerShell', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
});
test.after(async ({ server }) => server.stop());

interface Part {
  disposition: string;
  type?: string;
  body: string | Buffer;
}

function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = [...(part.type ? [`Content-Type: ${part.type}`] : []), `Content-Disposition: ${part.disposition}`];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

async function post(server: TestServer, path: string, boundary: string, body: Buffer): Promise<Response> {
  return fetch(`${server.base}${path}`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary="${boundary}"` }, body });
}

const TEXT = 'text/plain; charset=utf-8';

test('HttpClient: unquoted names, text parts typed text/plain; charset=utf-8, a non-ASCII description', async ({ server }) => {
  // MultipartFormDataContent writes its boundary as a GUID, quoted in the request's Content-Type.
  const boundary = '7c1b7a7e-4f9c-4b8e-9d0a-2f3c5e6d7a8b';
  const body = multipart(boundary, [
    { type: TEXT, disposition: 'form-data; name=name', body: 'dotnet_feeder' },
    { type: TEXT, disposition: 'form-data; name=description', body: 'Zürich feeder, uploaded by HttpClient' },
    { type: TEXT, disposition: 'form-data; name=overwrite', body: 'true' },
    {
      type: 'application/json',
      disposition: "form-data; name=file; filename=example_feeder.json; filename*=utf-8''example_feeder.json",
      body: fs.readFileSync(EXAMPLE_FEEDER),
    },
  ]);
  const response = await post(server, '/distribution-models', boundary, body);
  const record = await expectJson(response, 201);
  assert.is(record.name, 'dotnet_feeder');
  const stored = await expectJson(await fetch(`${server.base}/distribution-models/dotnet_feeder`));
  assert.is(stored.description, 'Zürich feeder, uploaded by HttpClient');
});

test('PowerShell -Form: quoted names, text parts typed, the file part application/octet-stream; a hazard model and a second upload with overwrite', async ({
  server,
}) => {
  const boundary = 'a0f1e2d3-c4b5-a697-8879-6a5b4c3d2e1f';
  const form = (overwrite: string) =>
    multipart(boundary, [
      { type: TEXT, disposition: 'form-data; name="name"', body: 'ps_quake' },
      { type: TEXT, disposition: 'form-data; name="overwrite"', body: overwrite },
      {
        type: 'application/octet-stream',
        disposition: 'form-data; name="file"; filename="tiny_quake.json"; filename*=utf-8\'\'tiny_quake.json',
        body: fs.readFileSync(TINY_QUAKE),
      },
    ]);
  await expectJson(await post(server, '/hazard-models', boundary, form('false')), 201);
  await expectJson(await post(server, '/hazard-models', boundary, form('true')), 201);
  const stored = await expectJson(await fetch(`${server.base}/hazard-models/ps_quake`));
  assert.is(stored.name, 'ps_quake');
});

test('a typed text part named file is still refused as a text field, naming the field', async ({ server }) => {
  const boundary = 'b1';
  const body = multipart(boundary, [{ type: TEXT, disposition: 'form-data; name="file"', body: '{"name": "x"}' }]);
  const response = await post(server, '/distribution-models', boundary, body);
  const error = await expectJson(response, 422);
  assert.equal(
    error.errors.map((issue: { path: string }) => issue.path),
    ['file'],
  );
  assert.match(error.errors[0].message, /must be a file part \(with a filename\), not a text field/);
});

test.run();
