import path from 'node:path';
import yauzl from 'yauzl';
import { HazsimError } from '../../base/errors.js';
import { MAX_JSON_BYTES, parseJsonBytes } from '../../base/json.js';
import { requireUtf8 } from '../../base/utf8.js';
import { detectTrackFormat, trackToHazardFile, type TrackSummary, type TrackUploadOptions } from '../../domain/hazards/index.js';
import { isGridXmlName, isUncertaintyXmlName, looksLikeXml, shakeMapUploadContent } from './shakeMapUpload.js';
import { looksLikeOpenDss } from '../../domain/opendss/index.js';
import { holdsOpenDss, openDssFileUpload, openDssZipUpload, type OpenDssUploadContext } from './openDssUpload.js';

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
  /** When the upload was converted from another model format (OpenDSS): what the conversion reports. */
  converted?: { from: 'opendss'; warnings: string[] };
}

/**
 * ZIP bomb guards (docs/hardening.md, "Uploads"). Entries are inflated as streams and counted
 * as they come, whatever sizes the headers claim: the whole upload may expand to at most
 * MAX_UNZIPPED_BYTES, and an entry past RATIO_FLOOR_BYTES may expand at most MAX_RATIO times
 * its compressed size (real feeder JSON compresses about 5 to 20 times; deflate's ceiling is 1032).
 * The ratio holds for the whole upload too: many entries just under the floor each (a 1 MB
 * upload of 16 MiB entries of zeros) would otherwise reach the total limit unchecked.
 */
export const MAX_UNZIPPED_BYTES = 1024 ** 3;
export const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 16 * 1024 ** 2;
const MAX_ZIP_ENTRIES = 100_000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b]);

/** Tells ZIP uploads from JSON ones by their bytes, not by their name. */
export function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.subarray(0, 2).equals(ZIP_MAGIC) && (bytes[2] === 3 || bytes[2] === 5 || bytes[2] === 7);
}

/** An upload converted from a ShakeMap grid: the hazard file JSON, named after the uploaded file. */
function shakeMapUpload(content: Record<string, unknown>, fileName: string): UploadContent {
  const jsonBytes = Buffer.from(`${JSON.stringify(content)}\n`);
  return { jsonFileName: `${path.basename(fileName).replace(/\.(xml|zip)$/i, '')}.json`, jsonBytes, content, timeSeries: [] };
}

/**
 * Reads an uploaded file: JSON; an OpenDSS script (read with its folder when `opendss.folder`
 * is known) or a ZIP of a feeder folder, converted (openDssUpload.ts); a ZIP holding one JSON and optionally its `<stem>_time_series/`
 * folder, or a ShakeMap grid.xml with its optional uncertainty.xml; a ShakeMap grid.xml
 * (converted to a hazard file); or a best track (HURDAT2, IBTrACS CSV, ATCF b-deck), which
 * becomes the hazard file stored in its place (docs/input-hazard.md). `track` chooses the storm
 * and time window; when it is given, the file must be a best track.
 */
export async function readUpload(
  fileName: string,
  bytes: Buffer,
  track?: TrackUploadOptions,
  opendss: OpenDssUploadContext = { folder: null },
): Promise<UploadContent> {
  if (bytes.length === 0) throw new HazsimError('unreadable', `${fileName} is empty`);
  if (!isZip(bytes)) {
    const text = bytes.subarray(0, 4096).toString('utf8');
    if (detectTrackFormat(text)) {
      requireUtf8(bytes, path.basename(fileName));
      return readTrack(fileName, bytes.toString('utf8'), track ?? {});
    }
    if (!track && looksLikeOpenDss(text)) return openDssFileUpload(fileName, bytes.toString('latin1'), opendss);
    if (track)
      throw new HazsimError(
        'usage',
        `${path.basename(fileName)} is not a best track (HURDAT2, IBTrACS CSV or ATCF b-deck): storm, time window, wind profile and terrain options apply to tracks only`,
      );
    if (looksLikeXml(bytes)) return shakeMapUpload(shakeMapUploadContent({ name: path.basename(fileName), bytes }), fileName);
    if (/\.zip$/i.test(fileName)) notAZipUnlessJson(fileName, bytes);
    return { jsonFileName: path.basename(fileName), jsonBytes: bytes, content: parseJsonBytes(bytes, path.basename(fileName)), timeSeries: [] };
  }
  const entries = await readZipEntries(bytes, fileName);
  if (holdsOpenDss(entries) && !entries.some((entry) => entry.name.toLowerCase().endsWith('.json') && entry.name.split('/').length <= 2))
    return openDssZipUpload(entries, fileName, opendss);
  return selectZipContent(entries, fileName);
}

/**
 * A file named .zip that is no ZIP archive: read by its content like any upload (a JSON file
 * renamed still works), but when that content is not JSON either, the message says the name is
 * wrong rather than only that the JSON is bad.
 */
function notAZipUnlessJson(fileName: string, bytes: Buffer): void {
  try {
    JSON.parse(bytes.toString('utf8'));
  } catch {
    const start = bytes.subarray(0, 40).toString('utf8').replace(/\s+/g, ' ').trim();
    throw new HazsimError(
      'unreadable',
      `${path.basename(fileName)} is named .zip but is not a ZIP archive (no ZIP signature "PK\\x03\\x04" at its start) nor a JSON file: it begins ${JSON.stringify(start)}`,
    );
  }
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
      const wholeLimit = Math.max(RATIO_FLOOR_BYTES, bytes.length * MAX_RATIO);
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
        const tooLarge = () =>
          total > wholeLimit
            ? `${fileName} expands more than ${MAX_RATIO} times its size (${bytes.length} bytes) in all, which only a ZIP bomb does`
            : `${fileName} expands to more than ${MAX_UNZIPPED_BYTES / 1024 ** 3} GiB (the limit for an uploaded ZIP)`;
        if (total + entry.uncompressedSize > Math.min(MAX_UNZIPPED_BYTES, wholeLimit)) {
          total += entry.uncompressedSize;
          zip.close();
          return fail('too_large', tooLarge());
        }
        const entryLimit = Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * MAX_RATIO);
        // JSON past this cannot be decoded: stop inflating it at once instead of after a GiB.
        const jsonLimit = entry.fileName.toLowerCase().endsWith('.json') ? MAX_JSON_BYTES : Infinity;
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail('unreadable', `${fileName}: cannot read ZIP entry ${entry.fileName}: ${streamError?.message}`);
          const chunks: Buffer[] = [];
          let entryBytes = 0;
          stream.on('data', (chunk: Buffer) => {
            entryBytes += chunk.length;
            total += chunk.length;
            if (total > MAX_UNZIPPED_BYTES || total > wholeLimit || entryBytes > entryLimit) {
              stream.destroy();
              zip.close();
              const why =
                total > MAX_UNZIPPED_BYTES || total > wholeLimit
                  ? tooLarge()
                  : `${fileName}: ZIP entry ${JSON.stringify(entry.fileName)} expands more than ${MAX_RATIO} times its compressed size (${entry.compressedSize} bytes), which only a ZIP bomb does`;
              return fail('too_large', why);
            }
            if (entryBytes > jsonLimit) {
              stream.destroy();
              zip.close();
              return fail(
                'too_large',
                `${fileName}: ZIP entry ${JSON.stringify(entry.fileName)} holds more than ${Math.floor(MAX_JSON_BYTES / 1024 ** 2)} MiB of JSON, more than can be read`,
              );
            }
            chunks.push(chunk);
          });
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

/** The longest file or folder name Linux file systems (ext4, xfs, tmpfs) store, in bytes. */
const MAX_FILE_NAME_BYTES = 255;

/**
 * Why a time series folder's files cannot be written as they are named, or null: a name the
 * file system refuses (empty, or over 255 bytes), the same file twice, or one name used both
 * as a file and as a folder. Checked before anything is written, so a ZIP is refused as a
 * whole with the entry named, never half unpacked.
 */
export function timeSeriesLayoutProblem(relativePaths: readonly string[]): { path: string; message: string } | null {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const relativePath of relativePaths) {
    const segments = relativePath.split('/');
    const tooLong = segments.find((segment) => Buffer.byteLength(segment) > MAX_FILE_NAME_BYTES);
    if (tooLong !== undefined)
      return { path: relativePath, message: `has a name of ${Buffer.byteLength(tooLong)} bytes; file systems allow at most ${MAX_FILE_NAME_BYTES}` };
    if (segments.some((segment) => segment === '')) return { path: relativePath, message: 'has an empty file or folder name' };
    if (files.has(relativePath)) return { path: relativePath, message: 'appears twice in the ZIP' };
    files.add(relativePath);
    for (let i = 1; i < segments.length; i += 1) folders.add(segments.slice(0, i).join('/'));
  }
  for (const relativePath of files) if (folders.has(relativePath)) return { path: relativePath, message: 'is both a file and a folder in the ZIP' };
  return null;
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
  if (candidates.length === 0) {
    const grids = useful.filter((entry) => isGridXmlName(entry.name));
    if (grids.length === 1) {
      const uncertainties = useful.filter((entry) => isUncertaintyXmlName(entry.name));
      if (uncertainties.length > 1)
        throw new HazsimError('invalid_input', `${fileName} holds ${uncertainties.length} uncertainty.xml files; upload one ShakeMap per ZIP`);
      const uncertainty = uncertainties[0];
      return shakeMapUpload(
        shakeMapUploadContent({ name: grids[0].name, bytes: grids[0].data }, uncertainty && { name: uncertainty.name, bytes: uncertainty.data }),
        fileName,
      );
    }
    if (grids.length > 1)
      throw new HazsimError(
        'invalid_input',
        `${fileName} holds ${grids.length} grid.xml files (${grids.map((g) => g.name).join(', ')}); upload one ShakeMap per ZIP`,
      );
    throw new HazsimError('invalid_input', `${fileName} holds no model JSON file (expected one .json at the top of the ZIP) and no ShakeMap grid.xml`);
  }
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
  const problem = timeSeriesLayoutProblem(timeSeries.map((file) => file.relativePath));
  if (problem) throw new HazsimError('invalid_input', `${fileName}: ${seriesPrefix}${problem.path} ${problem.message}`, [problem]);
  return {
    jsonFileName: path.posix.basename(model.name),
    jsonBytes: model.data,
    content: parseJsonBytes(model.data, path.posix.basename(model.name)),
    timeSeries,
  };
}
