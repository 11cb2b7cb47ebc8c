import path from 'node:path';
import yauzl from 'yauzl';
import { HazsimError } from '../base/errors.js';
import { parseJsonBytes } from '../base/json.js';
import { detectTrackFormat, trackToHazardFile, type TrackSummary, type TrackUploadOptions } from '../domain/hazards/index.js';

/** One file of a time series folder carried by an uploaded ZIP, relative to that folder. */
export interface TimeSeriesFile {
  relativePath: string;
  data: Buffer;
}

/** An upload reduced to what is stored: the model JSON (bytes and parsed) and its time series files. */
export interface UploadContent {
  /** Name of the JSON file as uploaded (inside the ZIP for ZIP uploads). */
  jsonFileName: string;
  jsonBytes: Buffer;
  content: unknown;
  timeSeries: TimeSeriesFile[];
  /** When the upload was a best track: what was read, and what was assumed. */
  track?: { summary: TrackSummary; warnings: string[] };
}

/** Uncompressed bytes a ZIP may expand to; guards against ZIP bombs. */
const MAX_UNZIPPED_BYTES = 2 * 1024 ** 3;
const MAX_ZIP_ENTRIES = 100_000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b]);

/** Tells ZIP uploads from JSON ones by their bytes, not by their name. */
export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.subarray(0, 2).equals(ZIP_MAGIC) && (bytes[2] === 3 || bytes[2] === 5 || bytes[2] === 7);
}

/**
 * Reads an uploaded file: JSON, a ZIP holding one JSON and optionally its `<stem>_time_series/`
 * folder, or a best track (HURDAT2, IBTrACS CSV, ATCF b-deck), which becomes the hazard file
 * stored in its place (docs/input-hazard.md). `track` chooses the storm and time window; when it
 * is given, the file must be a best track.
 */
export async function readUpload(fileName: string, bytes: Buffer, track?: TrackUploadOptions): Promise<UploadContent> {
  if (bytes.length === 0) throw new HazsimError('unreadable', `${fileName} is empty`);
  if (!isZip(bytes)) {
    const text = bytes.subarray(0, 4096).toString('utf8');
    if (detectTrackFormat(text)) return readTrack(fileName, bytes.toString('utf8'), track ?? {});
    if (track)
      throw new HazsimError(
        'usage',
        `${path.basename(fileName)} is not a best track (HURDAT2, IBTrACS CSV or ATCF b-deck): storm, time window, wind profile and terrain options apply to tracks only`,
      );
    return { jsonFileName: path.basename(fileName), jsonBytes: bytes, content: parseJsonBytes(bytes, path.basename(fileName)), timeSeries: [] };
  }
  const entries = await readZipEntries(bytes, fileName);
  return selectZipContent(entries, fileName);
}

function readTrack(fileName: string, text: string, options: TrackUploadOptions): UploadContent {
  const converted = trackToHazardFile(text, options);
  const json = `${JSON.stringify(converted.content, null, 2)}\n`;
  return {
    jsonFileName: `${path.basename(fileName).replace(/\.[^.]*$/, '')}.json`,
    jsonBytes: Buffer.from(json),
    content: converted.content,
    timeSeries: [],
    track: { summary: converted.summary, warnings: converted.warnings },
  };
}

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Why a ZIP entry name is refused (it could escape the folder it is unpacked into), or null. */
export function zipEntryProblem(name: string): string | null {
  if (name.includes('\0')) return 'contains a NUL character';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').some((segment) => segment === '..')) return 'has a ".." segment';
  return null;
}

function readZipEntries(bytes: Buffer, fileName: string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const fail = (kind: 'unreadable' | 'invalid_input' | 'too_large', message: string) => reject(new HazsimError(kind, message));
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (openError, zip) => {
      if (openError || !zip) return fail('unreadable', `${fileName} is not a readable ZIP file: ${openError?.message ?? 'unknown error'}`);
      const entries: ZipEntry[] = [];
      let total = 0;
      zip.on('error', (error: Error) => {
        // yauzl checks entry names itself before emitting them; its refusals are escapes, not corruption.
        const escape = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
        if (escape) fail('invalid_input', `${fileName}: ZIP entry ${JSON.stringify(escape[2])} is refused (${escape[1]}): it would escape the cache`);
        else fail('unreadable', `${fileName} is a corrupt ZIP file: ${error.message}`);
      });
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        const problem = zipEntryProblem(entry.fileName);
        if (problem) {
          zip.close();
          return fail('invalid_input', `${fileName}: ZIP entry ${JSON.stringify(entry.fileName)} ${problem}; it would escape the cache`);
        }
        if (entries.length >= MAX_ZIP_ENTRIES) {
          zip.close();
          return fail('too_large', `${fileName} has more than ${MAX_ZIP_ENTRIES} entries`);
        }
        const isSymlink = ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
        if (isSymlink) {
          zip.close();
          return fail('invalid_input', `${fileName}: ZIP entry ${JSON.stringify(entry.fileName)} is a symbolic link, which is not allowed`);
        }
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        total += entry.uncompressedSize;
        if (total > MAX_UNZIPPED_BYTES) {
          zip.close();
          return fail('too_large', `${fileName} expands to more than ${MAX_UNZIPPED_BYTES / 1024 ** 3} GiB`);
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail('unreadable', `${fileName}: cannot read ZIP entry ${entry.fileName}: ${streamError?.message}`);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (error: Error) => fail('unreadable', `${fileName}: corrupt ZIP entry ${entry.fileName}: ${error.message}`));
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

/**
 * Picks the model JSON and its time series folder from a ZIP's entries. The JSON may sit
 * at the top or inside one wrapping folder; `__MACOSX/` and dot-files are ignored; more
 * than one candidate JSON is refused rather than guessed (ERAD took the first one found).
 */
function selectZipContent(entries: ZipEntry[], fileName: string): UploadContent {
  const useful = entries.filter((entry) => !entry.name.startsWith('__MACOSX/') && !entry.name.split('/').some((segment) => segment.startsWith('.')));
  const isInTimeSeries = (name: string) =>
    name
      .split('/')
      .slice(0, -1)
      .some((segment) => segment.endsWith('_time_series'));
  const candidates = useful.filter((entry) => entry.name.toLowerCase().endsWith('.json') && !isInTimeSeries(entry.name) && entry.name.split('/').length <= 2);
  if (candidates.length === 0) throw new HazsimError('invalid_input', `${fileName} holds no model JSON file (expected one .json at the top of the ZIP)`);
  if (candidates.length > 1) {
    throw new HazsimError(
      'invalid_input',
      `${fileName} holds ${candidates.length} JSON files (${candidates.map((c) => c.name).join(', ')}); upload one model per ZIP`,
    );
  }
  const model = candidates[0];
  const modelDir = model.name.includes('/') ? `${model.name.split('/')[0]}/` : '';
  const stem = path.posix.basename(model.name).replace(/\.json$/i, '');
  const seriesPrefix = `${modelDir}${stem}_time_series/`;
  const timeSeries = useful
    .filter((entry) => entry.name.startsWith(seriesPrefix) && entry.name.length > seriesPrefix.length)
    .map((entry) => ({ relativePath: entry.name.slice(seriesPrefix.length), data: entry.data }));
  return {
    jsonFileName: path.posix.basename(model.name),
    jsonBytes: model.data,
    content: parseJsonBytes(model.data, path.posix.basename(model.name)),
    timeSeries,
  };
}
