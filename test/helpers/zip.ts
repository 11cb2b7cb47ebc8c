import fs from 'node:fs';
import { Readable } from 'node:stream';
import yazl from 'yazl';

const MIB = 1024 ** 2;

/** Builds a ZIP in memory from name -> content pairs (names taken as given, even hostile ones). */
export function makeZip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries)) {
      zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { mtime: new Date(0) });
    }
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * yazl refuses hostile entry names, so to test that we refuse them we write the ZIP with a
 * harmless name of the same length and patch the name bytes in the local and central headers.
 */
export async function makeZipWithRawName(rawName: string, content: string): Promise<Buffer> {
  const placeholder = 'x'.repeat(Buffer.byteLength(rawName));
  const zip = await makeZip({ [placeholder]: content });
  const from = Buffer.from(placeholder);
  const to = Buffer.from(rawName);
  let index = zip.indexOf(from);
  while (index !== -1) {
    to.copy(zip, index);
    index = zip.indexOf(from, index + to.length);
  }
  return zip;
}

/**
 * Writes a ZIP bomb: one JSON entry, `feeder.json`, of `megabytes` MiB of spaces (valid JSON
 * padding around `{}`), deflated about 1000:1 and streamed, so writing it takes little memory.
 */
export function writeZipBomb(zipPath: string, megabytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunk = Buffer.alloc(MIB, 0x20);
    let left = megabytes;
    const source = new Readable({
      read() {
        if (left === megabytes) this.push('{');
        if (left-- > 0) this.push(chunk);
        else {
          this.push('}');
          this.push(null);
        }
      },
    });
    zip.addReadStream(source, 'feeder.json');
    zip.end();
    zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject);
  });
}
