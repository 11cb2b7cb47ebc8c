import fs from 'node:fs';
import path from 'node:path';
import { HazsimError, type Issue } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { assertModelName, nameProblem, RESERVED_INDEX_NAME } from '../../base/names.js';
import { isTemporaryName, processAlive, temporaryOwnerPid, temporaryPath, writeFileAtomic } from '../../base/atomic.js';
import { withFileLock } from './lock.js';
import { openCacheFile } from '../../base/cacheFile.js';
import { didYouMean } from '../../base/suggest.js';
import { WORKER_INPUT_BYTES } from '../../base/workerTask.js';
import {
  GDM_READING,
  isReadingRecord,
  readingOfRecord,
  readingRecord,
  type CoordinateReading,
  type CoordinateReadingRecord,
} from '../../domain/assets/index.js';

/** A cached model's record (docs/specification.md §2.1), without content. */
export interface ModelRecord {
  name: string;
  description: string;
  created_at: string;
  file_path: string;
}

/**
 * A record as the index keeps it: the specification's (docs/specification.md) fields, plus how a distribution model's
 * coordinates are read when it was uploaded with another reading than GDM's (docs/cache.md).
 * The specification's record is what every interface shows; the reading is shown in the model's summary.
 */
interface IndexEntry extends ModelRecord {
  coordinates?: CoordinateReadingRecord;
}

export const METADATA_FILE = `${RESERVED_INDEX_NAME}.json`;
const DERIVED_DIR = '.derived';
/** Journals of commits and deletes in progress are temporary files named `.<name>.commit.<pid>.<random>.tmp`. */
const JOURNAL_INFIX = '.commit';

/** One file or folder a commit replaces, paths relative to the store: the old one is moved to `backup`, the staged one (if any) to `final`. */
interface JournalMove {
  final: string;
  staged?: string;
  backup: string;
  hadOld: boolean;
}

/** What a commit is about to do, written before it moves anything. */
interface CommitJournal {
  record: IndexEntry;
  moves: JournalMove[];
}

/** What a delete is about to do, written before it changes the index: the record it removes. */
interface DeleteJournal {
  deleting: IndexEntry;
}

/** What a refresh changed, and which files it could not take (never deleted). */
export interface RefreshReport {
  added: string[];
  removed: string[];
  /** The time series and derived-data folders of the dropped records, removed with them. */
  removed_folders: string[];
  invalid: { file: string; reason: string }[];
}

/** A folder of the store that belongs to no model: a `<name>_time_series/` or `.derived/<name>/` whose model has neither a record nor a file. */
export interface OrphanedFolder {
  path: string;
  kind: 'time_series' | 'derived_data';
}

const TIME_SERIES_SUFFIX = '_time_series';

/** A new model's bytes staged on disk, ready to be moved into the store. */
export interface StagedModel {
  /** Temporary file holding the model JSON, inside the store's directory. */
  jsonPath: string;
  /** Temporary directory holding the `<stem>_time_series/` files, if the upload had them. */
  timeSeriesDir?: string;
}

/** ISO 8601 date-time without zone offset (docs/specification.md §2.1), in UTC. */
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
   * @param label what the store holds, as the specification's messages name it: "Distribution system", "Hazard model", "Curve set"
   * @param validate every problem of a file's content (empty when it is a valid model of this store); refresh skips files with problems
   * @param options.otherNames names that resolve without a record (built-in curve sets), offered with the stored ones when a name is not found
   * @param options.elsewhere a hint for a name found in another store, given instead of the closest names
   * @param options.checkLargeFile what refresh uses instead of checking on the caller's thread a file of at least WORKER_INPUT_BYTES
   *   (the same answer as {@link modelFileProblem}, worked out in a worker thread so a server keeps answering)
   */
  constructor(
    dir: string,
    private readonly label: string,
    private readonly validate: (content: unknown) => Issue[],
    private readonly options: {
      otherNames?: () => string[];
      checkLargeFile?: (filePath: string) => Promise<string | null>;
      /** A hint when a name is not here but names something of another kind ("'x' is a hazard model; ..."). */
      elsewhere?: (name: string) => string | undefined;
    } = {},
  ) {
    this.dir = dir;
    this.metadataPath = path.join(dir, METADATA_FILE);
    this.lockPath = path.join(dir, `${METADATA_FILE}.lock`);
  }

  /** The cache the store is a folder of: what its files are confined to when read. */
  private get cacheRoot(): string {
    return path.dirname(this.dir);
  }

  /** The specification's message for a missing model, e.g. `Distribution system 'x' not found`. */
  private notFoundMessage(name: string): string {
    return `${this.label} '${name}' not found`;
  }

  /** not_found with the specification's message, and the closest known names as a hint. */
  private notFound(name: string, metadata: Record<string, IndexEntry>): HazsimError {
    return new HazsimError(
      'not_found',
      this.notFoundMessage(name),
      undefined,
      this.options.elsewhere?.(name) ?? didYouMean(name, [...Object.keys(metadata), ...(this.options.otherNames?.() ?? [])]),
    );
  }

  /**
   * Why a file found by refresh cannot be a model of this store, or null. Parsing and
   * validating a large model takes seconds, so a large one is checked by checkLargeFile.
   */
  private async checkFile(filePath: string, sizeBytes: number): Promise<string | null> {
    if (sizeBytes >= WORKER_INPUT_BYTES && this.options.checkLargeFile) return this.options.checkLargeFile(filePath);
    return modelFileProblem(filePath, this.label, this.validate);
  }

  /** A path inside the store as kept in journals (relative, so a moved cache recovers too). */
  private relative(absolutePath: string): string {
    return path.relative(this.dir, absolutePath);
  }

  private absolute(relativePath: string): string {
    return path.join(this.dir, relativePath);
  }

  /**
   * The file_path written to the index: relative to the cache root (`distribution_models/x.json`),
   * so a cache can be moved or copied. Reads never follow it: a model's file is always found
   * from its name in the store's current folder.
   */
  private storedPathFor(name: string): string {
    return `${path.basename(this.dir)}/${name}.json`;
  }

  /** A record as callers see it: the specification's fields, file_path the model file's absolute path where the cache is now. */
  private withAbsolutePath(record: IndexEntry): ModelRecord {
    return { name: record.name, description: record.description, created_at: record.created_at, file_path: this.filePathFor(record.name) };
  }

  ensureDir(): void {
    fs.mkdirSync(this.dir, { recursive: true });
  }

  filePathFor(name: string): string {
    return path.join(this.dir, `${name}.json`);
  }

  timeSeriesDirFor(name: string): string {
    return path.join(this.dir, `${name}${TIME_SERIES_SUFFIX}`);
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
    return Object.values(this.readMetadata())
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((record) => this.withAbsolutePath(record));
  }

  has(name: string): boolean {
    return Object.hasOwn(this.readMetadata(), name);
  }

  /** The record of `name`; not_found with the specification's message when absent. */
  get(name: string): ModelRecord {
    const metadata = this.readMetadata();
    if (!Object.hasOwn(metadata, name)) throw this.notFound(name, metadata);
    return this.withAbsolutePath(metadata[name]);
  }

  /**
   * The record of `name` and how its Location x and y are read (as uploaded with
   * coordinate_order and place_at, GDM's reading when none was given), from one read of the index.
   */
  getWithReading(name: string): { record: ModelRecord; coordinates: CoordinateReading } {
    const metadata = this.readMetadata();
    if (!Object.hasOwn(metadata, name)) throw this.notFound(name, metadata);
    return { record: this.withAbsolutePath(metadata[name]), coordinates: readingOfRecord(metadata[name].coordinates) };
  }

  /** The stored file's text; not_found when the record or the file is gone. */
  readText(name: string): string {
    return this.readWithRecord(name).text;
  }

  /** The record, its coordinate reading and the stored file's text, from one snapshot (see openFile). */
  readWithRecord(name: string): { record: ModelRecord; coordinates: CoordinateReading; text: string } {
    const { entry, fd } = this.snapshot(name);
    try {
      return { record: this.withAbsolutePath(entry), coordinates: readingOfRecord(entry.coordinates), text: fs.readFileSync(fd).toString('utf8') };
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * The record and an open handle on the stored file (a regular file, never a FIFO or
   * device), for streaming it without reading it whole; the caller closes the handle. Both
   * come from one snapshot: the record is the one the index held for the file opened.
   */
  openFile(name: string): { record: ModelRecord; fd: number; stat: fs.Stats } {
    const { entry, fd } = this.snapshot(name);
    return { record: this.withAbsolutePath(entry), fd, stat: fs.fstatSync(fd) };
  }

  /**
   * The index record of `name` and an open handle on its file, from one moment. A commit
   * (or delete) of another process moves the files first and writes the index last, so a
   * reader could take the old record and open the new file (12 of 3,265 GETs during
   * overwrites did). Read lock-free, like a sequence lock: no live writer of `name` has a
   * journal before or after, and the index file is the same one after the file was opened;
   * otherwise the reader tries again, for at most SNAPSHOT_WAIT_MS. Once open, the handle
   * keeps its content whatever is renamed later. A journal whose process is gone is no
   * writer (the next writer recovers it).
   */
  private snapshot(name: string): { entry: IndexEntry; fd: number } {
    const deadline = Date.now() + SNAPSHOT_WAIT_MS;
    for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, 20)) {
      const writing = this.writeInFlight(name);
      const { metadata, identity } = this.readMetadataWithIdentity();
      if (!Object.hasOwn(metadata, name) && !writing) throw this.notFound(name, metadata);
      let fd: number | null = null;
      try {
        if (Object.hasOwn(metadata, name)) fd = openRegularFile(this.filePathFor(name), this.cacheRoot, this.notFoundMessage(name));
      } catch (error) {
        // The file is between its old and new place (or going) while a writer works: look again.
        if (!(error instanceof HazsimError && error.kind === 'not_found' && (writing || this.writeInFlight(name)))) throw error;
      }
      if (fd !== null && !writing && !this.writeInFlight(name) && this.metadataIdentity() === identity) return { entry: metadata[name], fd };
      if (fd !== null) fs.closeSync(fd);
      if (Date.now() > deadline) {
        throw new HazsimError(
          'conflict',
          `${this.label} '${name}' is being written by another hazsim process for more than ${SNAPSHOT_WAIT_MS / 1000} s; try again`,
        );
      }
      sleepSync(pauseMs);
    }
  }

  /** Whether a live process holds a commit or delete journal of `name` (recoverInterruptedCommits handles those of dead ones). */
  private writeInFlight(name: string): boolean {
    const prefix = `.${name}${JOURNAL_INFIX}.`;
    let entries: string[];
    try {
      entries = fs.readdirSync(this.dir);
    } catch {
      return false;
    }
    return entries.some((entry) => {
      if (!entry.startsWith(prefix) || !isTemporaryName(entry)) return false;
      const owner = temporaryOwnerPid(entry);
      return owner !== null && processAlive(owner);
    });
  }

  /** A temporary path inside the store for staging a new model's JSON. */
  stagingPath(name: string): string {
    this.ensureDir();
    return temporaryPath(this.filePathFor(name));
  }

  /**
   * Moves a staged model into place and records it. Refuses a taken name with a conflict
   * unless `overwrite`. An overwrite either completes or leaves the old model exactly as it
   * was (docs/cache.md, "Writing safely"): the old files are moved aside, the new ones moved
   * in, and the index written last; a journal written first lets the next writer finish the
   * rollback if this process is killed half-way. On any failure the staged files are removed.
   * The coordinate reading is kept in the record when it is not GDM's; an overwrite replaces it.
   */
  async commit(
    name: string,
    description: string,
    staged: StagedModel,
    options: { overwrite: boolean; now: Date; coordinates?: CoordinateReading },
  ): Promise<ModelRecord> {
    assertModelName(name);
    this.ensureDir();
    try {
      return await withFileLock(this.lockPath, () => {
        this.recoverInterruptedCommits();
        const metadata = this.readMetadata();
        const taken = Object.hasOwn(metadata, name) || fs.existsSync(this.filePathFor(name));
        if (taken && !options.overwrite) {
          throw new HazsimError(
            'conflict',
            `${this.label} '${name}' already exists; choose another name or replace it with --overwrite (REST: form field overwrite=true; MCP: overwrite: true)`,
          );
        }
        const reading = options.coordinates ?? GDM_READING;
        const record: IndexEntry = {
          name,
          description,
          created_at: isoWithoutZone(options.now),
          file_path: this.storedPathFor(name),
          ...(reading.order !== GDM_READING.order || reading.placeAt ? { coordinates: readingRecord(reading) } : {}),
        };
        const moves: JournalMove[] = [
          { final: this.filePathFor(name), staged: staged.jsonPath },
          { final: this.timeSeriesDirFor(name), staged: staged.timeSeriesDir },
          { final: path.join(this.dir, DERIVED_DIR, name) },
        ].map((move) => ({
          final: this.relative(move.final),
          staged: move.staged && this.relative(move.staged),
          backup: this.relative(temporaryPath(move.final)),
          hadOld: fs.existsSync(move.final),
        }));
        const journal: CommitJournal = { record, moves };
        const journalPath = temporaryPath(path.join(this.dir, `${name}${JOURNAL_INFIX}`));
        writeFileAtomic(journalPath, JSON.stringify(journal));
        try {
          for (const move of moves) if (move.hadOld) fs.renameSync(this.absolute(move.final), this.absolute(move.backup));
          for (const move of moves) if (move.staged) fs.renameSync(this.absolute(move.staged), this.absolute(move.final));
          metadata[name] = record;
          this.writeMetadata(metadata);
        } catch (error) {
          this.rollBack(journal);
          fs.rmSync(journalPath, { force: true });
          throw error;
        }
        // Committed: what remains is tidying, which a later writer also does if this one dies now.
        fs.rmSync(journalPath, { force: true });
        for (const move of moves) fs.rmSync(this.absolute(move.backup), { recursive: true, force: true });
        return this.withAbsolutePath(record);
      });
    } finally {
      fs.rmSync(staged.jsonPath, { force: true });
      if (staged.timeSeriesDir) fs.rmSync(staged.timeSeriesDir, { recursive: true, force: true });
    }
  }

  /** Puts back every old file a commit moved aside and removes what it moved in. */
  private rollBack(journal: CommitJournal): void {
    for (const move of journal.moves) {
      const final = this.absolute(move.final);
      const backup = this.absolute(move.backup);
      if (fs.existsSync(backup)) {
        fs.rmSync(final, { recursive: true, force: true });
        fs.renameSync(backup, final);
      } else if (!move.hadOld) {
        // Nothing was there before: whatever is there now came from the interrupted commit.
        fs.rmSync(final, { recursive: true, force: true });
      }
      // hadOld without a backup: the old file was never moved, so it is still in place.
    }
  }

  /**
   * Finishes commits whose process died (called under the lock, so no journal belongs to a
   * live writer): when the index holds the journal's record the commit happened and only its
   * backups go; otherwise it is rolled back.
   */
  private recoverInterruptedCommits(): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return;
    }
    for (const entry of names) {
      if (!isTemporaryName(entry) || !entry.includes(`${JOURNAL_INFIX}.`)) continue;
      const journalPath = path.join(this.dir, entry);
      let journal: CommitJournal | DeleteJournal;
      try {
        journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as CommitJournal | DeleteJournal;
      } catch {
        // A journal that was never completely written: the commit had not moved anything yet.
        fs.rmSync(journalPath, { force: true });
        continue;
      }
      if ('deleting' in journal) {
        this.recoverInterruptedDelete(journal);
        fs.rmSync(journalPath, { force: true });
        continue;
      }
      const current = this.readMetadataOrEmpty()[journal.record.name];
      const committed = current !== undefined && JSON.stringify(current) === JSON.stringify(journal.record);
      if (committed) for (const move of journal.moves) fs.rmSync(this.absolute(move.backup), { recursive: true, force: true });
      else this.rollBack(journal);
      fs.rmSync(journalPath, { force: true });
    }
  }

  /**
   * A delete whose process died: when the index no longer holds the record, the delete
   * happened and its files go now (a refresh would otherwise take the file back as a model);
   * otherwise it never happened and the model stays. A damaged index tells nothing: the
   * files stay.
   */
  private recoverInterruptedDelete(journal: DeleteJournal): void {
    let metadata: Record<string, IndexEntry>;
    try {
      metadata = this.readMetadata();
    } catch {
      return;
    }
    const { name } = journal.deleting;
    if (!Object.hasOwn(metadata, name)) this.removeModelFiles(name);
  }

  /** A model's file, time series and derived data. A name no model may have (a record left by an older version) names the index or worse: nothing goes. */
  private removeModelFiles(name: string): void {
    if (nameProblem(name) !== null) return;
    fs.rmSync(this.filePathFor(name), { force: true });
    fs.rmSync(this.timeSeriesDirFor(name), { recursive: true, force: true });
    this.removeDerived(name);
  }

  /**
   * Removes a model's record, file and time series folder. The record goes first: a reader
   * never sees a listed model whose file is missing. A journal written before it lets the
   * next writer finish removing the files if this process is killed in between; without it
   * the next refresh took the file for an unlisted model and brought the model back.
   */
  async delete(name: string): Promise<ModelRecord> {
    // The lock file lives in the directory, which a store nobody wrote to yet does not have.
    this.ensureDir();
    return withFileLock(this.lockPath, () => {
      this.recoverInterruptedCommits();
      const metadata = this.readMetadata();
      if (!Object.hasOwn(metadata, name)) throw this.notFound(name, metadata);
      const record = this.withAbsolutePath(metadata[name]);
      const journal: DeleteJournal = { deleting: metadata[name] };
      const journalPath = temporaryPath(path.join(this.dir, `${nameProblem(name) === null ? name : 'record'}${JOURNAL_INFIX}`));
      writeFileAtomic(journalPath, JSON.stringify(journal));
      delete metadata[name];
      try {
        this.writeMetadata(metadata);
      } catch (error) {
        fs.rmSync(journalPath, { force: true });
        throw error;
      }
      this.removeModelFiles(name);
      fs.rmSync(journalPath, { force: true });
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
    return withFileLock(this.lockPath, async () => {
      this.recoverInterruptedCommits();
      const report: RefreshReport = { added: [], removed: [], removed_folders: [], invalid: [] };
      const metadata = this.readMetadata({ recoverCorrupt: true, report });
      for (const name of Object.keys(metadata)) {
        if (!fs.existsSync(this.filePathFor(name))) {
          delete metadata[name];
          report.removed.push(name);
          // The model's own folders go with it: nothing else will ever read them.
          if (nameProblem(name) === null) {
            for (const folder of [this.timeSeriesDirFor(name), path.join(this.dir, DERIVED_DIR, name)]) {
              if (!fs.existsSync(folder)) continue;
              fs.rmSync(folder, { recursive: true, force: true });
              report.removed_folders.push(folder);
            }
          }
        }
      }
      for (const entry of fs.readdirSync(this.dir, { withFileTypes: true })) {
        if (isTemporaryName(entry.name)) {
          const owner = temporaryOwnerPid(entry.name);
          if (owner !== null && !processAlive(owner)) fs.rmSync(path.join(this.dir, entry.name), { recursive: true, force: true });
          continue;
        }
        if (!entry.name.endsWith('.json') || entry.name === METADATA_FILE || entry.isDirectory()) continue;
        if (!entry.isFile()) {
          // Reading a FIFO would wait for a writer for ever; a device may never end.
          report.invalid.push({ file: path.join(this.dir, entry.name), reason: 'not a regular file (a FIFO, device, socket or link); left alone' });
          continue;
        }
        const name = entry.name.slice(0, -'.json'.length);
        if (Object.hasOwn(metadata, name)) continue;
        const filePath = path.join(this.dir, entry.name);
        const stat = fs.statSync(filePath, { throwIfNoEntry: false });
        // Removed since the folder was listed: there is nothing to take.
        if (!stat) continue;
        const reason = nameProblem(name) ?? (await this.checkFile(filePath, stat.size));
        if (reason) {
          report.invalid.push({ file: filePath, reason });
          continue;
        }
        metadata[name] = { name, description: '', created_at: isoWithoutZone(stat.mtime), file_path: this.storedPathFor(name) };
        report.added.push(name);
      }
      this.writeMetadata(metadata);
      report.added.sort();
      report.removed.sort();
      report.removed_folders.sort();
      return report;
    });
  }

  /**
   * The folders that belong to no model (left by a model file removed by hand, or by older
   * versions): a time series folder whose model has neither a record nor a JSON file, derived
   * data of a name without a record. With `remove`, they are deleted under the store's lock,
   * so an upload committing the same name at that moment is not disturbed. A damaged index
   * refuses (every folder would look orphaned): run a refresh first.
   */
  async orphanedFolders(remove: boolean): Promise<OrphanedFolder[]> {
    if (!fs.existsSync(this.dir)) return [];
    return withFileLock(this.lockPath, () => {
      this.recoverInterruptedCommits();
      const metadata = this.readMetadata();
      const owned = (name: string) => Object.hasOwn(metadata, name);
      const orphans: OrphanedFolder[] = [];
      for (const entry of fs.readdirSync(this.dir, { withFileTypes: true })) {
        if (!entry.isDirectory() || isTemporaryName(entry.name) || !entry.name.endsWith(TIME_SERIES_SUFFIX)) continue;
        const name = entry.name.slice(0, -TIME_SERIES_SUFFIX.length);
        if (!owned(name) && !fs.existsSync(this.filePathFor(name))) orphans.push({ path: path.join(this.dir, entry.name), kind: 'time_series' });
      }
      const derivedRoot = path.join(this.dir, DERIVED_DIR);
      const derived = fs.existsSync(derivedRoot) ? fs.readdirSync(derivedRoot, { withFileTypes: true }) : [];
      for (const entry of derived) {
        if (!isTemporaryName(entry.name) && !owned(entry.name)) orphans.push({ path: path.join(derivedRoot, entry.name), kind: 'derived_data' });
      }
      orphans.sort((a, b) => a.path.localeCompare(b.path));
      if (remove) for (const orphan of orphans) fs.rmSync(orphan.path, { recursive: true, force: true });
      return orphans;
    });
  }

  /**
   * The index with the identity of the file it was read from (inode, change time, size):
   * every index write renames a new file into place, so another identity means another write.
   */
  private readMetadataWithIdentity(): { metadata: Record<string, IndexEntry>; identity: string } {
    let fd: number;
    try {
      fd = fs.openSync(this.metadataPath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { metadata: {}, identity: 'none' };
      throw error;
    }
    try {
      const identity = identityOf(fs.fstatSync(fd, { bigint: true }));
      const text = fs.readFileSync(fd, 'utf8');
      const problem = metadataProblem(text);
      if (problem !== null) {
        throw new HazsimError('internal', `The cache metadata ${this.metadataPath} is damaged (${problem}); run 'hazsim cache refresh' to rebuild it`);
      }
      return { metadata: JSON.parse(text) as Record<string, IndexEntry>, identity };
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The identity of the index file now (see readMetadataWithIdentity). */
  private metadataIdentity(): string {
    const stat = fs.statSync(this.metadataPath, { bigint: true, throwIfNoEntry: false });
    return stat ? identityOf(stat) : 'none';
  }

  private readMetadata(recovery?: { recoverCorrupt: true; report: RefreshReport }): Record<string, IndexEntry> {
    let text: string;
    try {
      text = fs.readFileSync(this.metadataPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const problem = metadataProblem(text);
    if (problem === null) return JSON.parse(text) as Record<string, IndexEntry>;
    if (!recovery) {
      throw new HazsimError('internal', `The cache metadata ${this.metadataPath} is damaged (${problem}); run 'hazsim cache refresh' to rebuild it`);
    }
    const kept = `${this.metadataPath}.damaged-${Date.now()}`;
    fs.renameSync(this.metadataPath, kept);
    recovery.report.invalid.push({ file: this.metadataPath, reason: `${problem}; kept as ${path.basename(kept)} and rebuilt from the files` });
    return {};
  }

  /** The index for recovery: a damaged one counts as empty (refresh keeps and rebuilds it). */
  private readMetadataOrEmpty(): Record<string, IndexEntry> {
    try {
      return this.readMetadata();
    } catch {
      return {};
    }
  }

  private writeMetadata(metadata: Record<string, IndexEntry>): void {
    const sorted: Record<string, IndexEntry> = {};
    // Records written by older versions held absolute paths: every write makes them relative.
    for (const name of Object.keys(metadata).sort()) sorted[name] = { ...metadata[name], file_path: this.storedPathFor(name) };
    writeFileAtomic(this.metadataPath, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

/**
 * Why the file at `filePath` cannot be a model that `validate` accepts (unreadable, not JSON,
 * or its first problem), or null. Reads and parses the whole file: a worker thread runs it
 * for large files (see ModelStore's checkLargeFile).
 */
export function modelFileProblem(filePath: string, label: string, validate: (content: unknown) => Issue[]): string | null {
  let content: unknown;
  try {
    // A stored model file is <cache>/<store>/<name>.json.
    content = parseJsonBytes(readRegularFile(filePath, path.dirname(path.dirname(filePath)), `${filePath} is gone`), path.basename(filePath));
  } catch (error) {
    return (error as Error).message;
  }
  const issues = validate(content);
  if (issues.length === 0) return null;
  const [first] = issues;
  return `not a valid ${label.toLowerCase()}: ${first.path ? `${first.path}: ` : ''}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more problems)` : ''}`;
}

/**
 * Reads a stored file of the cache at `cacheRoot`, refusing anything but a regular file of the
 * cache: a FIFO or device put in a model's place would block or never end, and a link would
 * serve a file from outside the cache (src/base/cacheFile.ts).
 */
export function readRegularFile(filePath: string, cacheRoot: string, notFoundMessage: string): Buffer {
  const fd = openRegularFile(filePath, cacheRoot, notFoundMessage);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Opens a stored file for reading when it is a regular file of the cache (see readRegularFile). */
function openRegularFile(filePath: string, cacheRoot: string, notFoundMessage: string): number {
  try {
    return openCacheFile(filePath, cacheRoot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new HazsimError('not_found', `${notFoundMessage} (its file ${filePath} is gone; run a cache refresh)`);
    throw error;
  }
}

/** How long a read waits for writers of the model it reads (ModelStore.snapshot): a commit's moves and index write take milliseconds. */
const SNAPSHOT_WAIT_MS = 2_000;

function identityOf(stat: fs.BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.ctimeNs}:${stat.size}`;
}

/** Blocks this thread for `ms`: a read of the store is synchronous, and waits only while another process commits. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
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
    const r = record as Partial<IndexEntry> | null;
    if (!r || typeof r.name !== 'string' || typeof r.file_path !== 'string' || typeof r.created_at !== 'string') {
      return `entry ${JSON.stringify(name)} is not a model record`;
    }
    if (r.coordinates !== undefined && !isReadingRecord(r.coordinates)) return `entry ${JSON.stringify(name)} has an unreadable coordinates field`;
  }
  return null;
}

export type { Issue };
