import fs from 'node:fs';
import path from 'node:path';
import { HazsimError, type Issue } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { assertModelName, nameProblem, RESERVED_INDEX_NAME } from '../../base/names.js';
import { isTemporaryName, processAlive, temporaryOwnerPid, temporaryPath, writeFileAtomic } from '../../base/atomic.js';
import { withFileLock } from './lock.js';

/** A cached model's record (spec §2.1), without content. */
export interface ModelRecord {
  name: string;
  description: string;
  created_at: string;
  file_path: string;
}

export const METADATA_FILE = `${RESERVED_INDEX_NAME}.json`;
const DERIVED_DIR = '.derived';

/** What a refresh changed, and which files it could not take (never deleted). */
export interface RefreshReport {
  added: string[];
  removed: string[];
  invalid: { file: string; reason: string }[];
}

/** A new model's bytes staged on disk, ready to be moved into the store. */
export interface StagedModel {
  /** Temporary file holding the model JSON, inside the store's directory. */
  jsonPath: string;
  /** Temporary directory holding the `<stem>_time_series/` files, if the upload had them. */
  timeSeriesDir?: string;
}

/** ISO 8601 date-time without zone offset (spec §2.1), in UTC. */
export function isoWithoutZone(date: Date): string {
  return date.toISOString().replace('Z', '');
}

/**
 * One directory of cached models with its models_metadata.json (docs/cache.md). Every
 * call reads the metadata from disk, so changes by other processes are seen at once;
 * every change happens under a cross-process lock and is written atomically.
 */
export class ModelStore {
  readonly dir: string;
  readonly metadataPath: string;
  private readonly lockPath: string;

  /**
   * @param dir the store's directory (created on first use)
   * @param label what the store holds, as the spec's messages name it: "Distribution system", "Hazard model", "Curve set"
   * @param validate every problem of a file's content (empty when it is a valid model of this store); refresh skips files with problems
   */
  constructor(
    dir: string,
    private readonly label: string,
    private readonly validate: (content: unknown) => Issue[],
  ) {
    this.dir = dir;
    this.metadataPath = path.join(dir, METADATA_FILE);
    this.lockPath = path.join(dir, `${METADATA_FILE}.lock`);
  }

  /** The spec's message for a missing model, e.g. `Distribution system 'x' not found`. */
  private notFoundMessage(name: string): string {
    return `${this.label} '${name}' not found`;
  }

  /** Why a file found by refresh cannot be a model of this store (unreadable, or its first problem), or null. */
  private checkFile(filePath: string): string | null {
    let content: unknown;
    try {
      content = parseJsonBytes(fs.readFileSync(filePath), path.basename(filePath));
    } catch (error) {
      return (error as Error).message;
    }
    const issues = this.validate(content);
    if (issues.length === 0) return null;
    const [first] = issues;
    return `not a valid ${this.label.toLowerCase()}: ${first.path ? `${first.path}: ` : ''}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more problems)` : ''}`;
  }

  ensureDir(): void {
    fs.mkdirSync(this.dir, { recursive: true });
  }

  filePathFor(name: string): string {
    return path.join(this.dir, `${name}.json`);
  }

  timeSeriesDirFor(name: string): string {
    return path.join(this.dir, `${name}_time_series`);
  }

  /**
   * Where data derived from a model (e.g. its asset table) is kept: a hidden folder the
   * refresh scan ignores; removed with the model and replaced when the model is.
   */
  derivedPathFor(name: string, fileName: string): string {
    return path.join(this.dir, DERIVED_DIR, name, fileName);
  }

  private removeDerived(name: string): void {
    fs.rmSync(path.join(this.dir, DERIVED_DIR, name), { recursive: true, force: true });
  }

  /** All records, sorted by name. */
  list(): ModelRecord[] {
    return Object.values(this.readMetadata()).sort((a, b) => a.name.localeCompare(b.name));
  }

  has(name: string): boolean {
    return Object.hasOwn(this.readMetadata(), name);
  }

  /** The record of `name`; not_found with the spec's message when absent. */
  get(name: string): ModelRecord {
    const metadata = this.readMetadata();
    if (!Object.hasOwn(metadata, name)) throw new HazsimError('not_found', this.notFoundMessage(name));
    return metadata[name];
  }

  /** The stored file's text; not_found when the record or the file is gone. */
  readText(name: string): string {
    const record = this.get(name);
    try {
      return fs.readFileSync(record.file_path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new HazsimError('not_found', `${this.notFoundMessage(name)} (its file ${record.file_path} is gone; run a cache refresh)`);
      }
      throw error;
    }
  }

  /** A temporary path inside the store for staging a new model's JSON. */
  stagingPath(name: string): string {
    this.ensureDir();
    return temporaryPath(this.filePathFor(name));
  }

  /**
   * Moves a staged model into place and records it. Refuses a taken name with a conflict
   * unless `overwrite`. On any failure the staged files are removed and the store is as before.
   */
  async commit(name: string, description: string, staged: StagedModel, options: { overwrite: boolean; now: Date }): Promise<ModelRecord> {
    assertModelName(name);
    this.ensureDir();
    const finalPath = this.filePathFor(name);
    const finalSeriesDir = this.timeSeriesDirFor(name);
    try {
      return await withFileLock(this.lockPath, () => {
        const metadata = this.readMetadata();
        const taken = Object.hasOwn(metadata, name) || fs.existsSync(finalPath);
        if (taken && !options.overwrite) {
          throw new HazsimError('conflict', `${this.label} '${name}' already exists; choose another name or overwrite it`);
        }
        const oldSeries = fs.existsSync(finalSeriesDir) ? temporaryPath(finalSeriesDir) : null;
        if (oldSeries) fs.renameSync(finalSeriesDir, oldSeries);
        this.removeDerived(name);
        fs.renameSync(staged.jsonPath, finalPath);
        if (staged.timeSeriesDir) fs.renameSync(staged.timeSeriesDir, finalSeriesDir);
        const record: ModelRecord = { name, description, created_at: isoWithoutZone(options.now), file_path: finalPath };
        metadata[name] = record;
        this.writeMetadata(metadata);
        if (oldSeries) fs.rmSync(oldSeries, { recursive: true, force: true });
        return record;
      });
    } finally {
      fs.rmSync(staged.jsonPath, { force: true });
      if (staged.timeSeriesDir) fs.rmSync(staged.timeSeriesDir, { recursive: true, force: true });
    }
  }

  /** Removes a model's record, file and time series folder. */
  async delete(name: string): Promise<ModelRecord> {
    // The lock file lives in the directory, which a store nobody wrote to yet does not have.
    this.ensureDir();
    return withFileLock(this.lockPath, () => {
      const metadata = this.readMetadata();
      if (!Object.hasOwn(metadata, name)) throw new HazsimError('not_found', this.notFoundMessage(name));
      const record = metadata[name];
      delete metadata[name];
      // The record goes first: a reader never sees a listed model whose file is missing.
      this.writeMetadata(metadata);
      // A record under a name no model may have (left by an older version) names the index or worse: drop only the record.
      if (nameProblem(name) === null) {
        fs.rmSync(this.filePathFor(name), { force: true });
        fs.rmSync(this.timeSeriesDirFor(name), { recursive: true, force: true });
        this.removeDerived(name);
      }
      return record;
    });
  }

  /**
   * Brings the metadata in line with the directory: unlisted model files are added
   * (name = file stem, created_at = file time), records whose file is gone are dropped,
   * files that cannot be models are reported and left alone. Temporary files of writers
   * that died are cleaned up. A metadata file that does not parse is kept aside and rebuilt.
   */
  async refresh(): Promise<RefreshReport> {
    this.ensureDir();
    return withFileLock(this.lockPath, () => {
      const report: RefreshReport = { added: [], removed: [], invalid: [] };
      const metadata = this.readMetadata({ recoverCorrupt: true, report });
      for (const name of Object.keys(metadata)) {
        if (!fs.existsSync(metadata[name].file_path)) {
          delete metadata[name];
          report.removed.push(name);
        }
      }
      for (const entry of fs.readdirSync(this.dir, { withFileTypes: true })) {
        if (isTemporaryName(entry.name)) {
          const owner = temporaryOwnerPid(entry.name);
          if (owner !== null && !processAlive(owner)) fs.rmSync(path.join(this.dir, entry.name), { recursive: true, force: true });
          continue;
        }
        if (!entry.isFile() || !entry.name.endsWith('.json') || entry.name === METADATA_FILE) continue;
        const name = entry.name.slice(0, -'.json'.length);
        if (Object.hasOwn(metadata, name)) continue;
        const filePath = path.join(this.dir, entry.name);
        const reason = nameProblem(name) ?? this.checkFile(filePath);
        if (reason) {
          report.invalid.push({ file: filePath, reason });
          continue;
        }
        const stat = fs.statSync(filePath);
        metadata[name] = { name, description: '', created_at: isoWithoutZone(stat.mtime), file_path: filePath };
        report.added.push(name);
      }
      this.writeMetadata(metadata);
      report.added.sort();
      report.removed.sort();
      return report;
    });
  }

  private readMetadata(recovery?: { recoverCorrupt: true; report: RefreshReport }): Record<string, ModelRecord> {
    let text: string;
    try {
      text = fs.readFileSync(this.metadataPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const problem = metadataProblem(text);
    if (problem === null) return JSON.parse(text) as Record<string, ModelRecord>;
    if (!recovery) {
      throw new HazsimError('internal', `The cache metadata ${this.metadataPath} is damaged (${problem}); run 'hazsim cache refresh' to rebuild it`);
    }
    const kept = `${this.metadataPath}.damaged-${Date.now()}`;
    fs.renameSync(this.metadataPath, kept);
    recovery.report.invalid.push({ file: this.metadataPath, reason: `${problem}; kept as ${path.basename(kept)} and rebuilt from the files` });
    return {};
  }

  private writeMetadata(metadata: Record<string, ModelRecord>): void {
    const sorted: Record<string, ModelRecord> = {};
    for (const name of Object.keys(metadata).sort()) sorted[name] = metadata[name];
    writeFileAtomic(this.metadataPath, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

function metadataProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not a JSON object';
  for (const [name, record] of Object.entries(parsed)) {
    const r = record as Partial<ModelRecord> | null;
    if (!r || typeof r.name !== 'string' || typeof r.file_path !== 'string' || typeof r.created_at !== 'string') {
      return `entry ${JSON.stringify(name)} is not a model record`;
    }
  }
  return null;
}

export type { Issue };
