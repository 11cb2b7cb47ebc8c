import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../helpers/rest.js';

// A client that goes away in the middle of an upload is logged once, by the access log, with
// no stack trace and no made-up status.

const test = suite('a client that went away');

test('an upload cut short by the client: one access-log line, "client closed before the answer", no error line', async () => {
  const server = await startTestServer();
  try {
    const { port } = new URL(server.base);
    const boundary = 'cut';
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /distribution-models HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.json"\r\nContent-Type: application/json\r\n\r\n{"name": "half`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    const deadline = Date.now() + 3000;
    while (!server.logs.some((line) => line.includes('POST /distribution-models')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    const lines = server.logs.filter((line) => line.includes('/distribution-models'));
    assert.is(lines.length, 1, server.logs.join('\n'));
    assert.match(lines[0], /"POST \/distribution-models" - \(client closed before the answer\)/);
    assert.not.ok(
      server.logs.some((line) => / error in /.test(line) || /\n\s+at /.test(line)),
      server.logs.join('\n'),
    );
  } finally {
    await server.stop();
  }
});

test.run();
