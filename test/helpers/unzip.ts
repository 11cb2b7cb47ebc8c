import { spawnSync } from 'node:child_process';
import yauzl from 'yauzl';

/** Every entry of a ZIP file, in central-directory order, with its decompressed bytes. */
export function readZipEntries(file: string): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries: Array<{ name: string; data: Buffer }> = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The data rows of the CSV entry `name` (its header dropped), each split at its commas (our CSVs quote nothing). */
export function csvEntryRows(entries: ReadonlyArray<{ name: string; data: Buffer }>, name: string): string[][] {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the ZIP has no ${name}`);
  return entry.data
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

/** Runs Info-ZIP's `unzip -t` (integrity and CRC of every entry); null when unzip is not installed. */
export function unzipTest(file: string): { ok: boolean; output: string } | null {
  const result = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  if (result.error) return null;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
