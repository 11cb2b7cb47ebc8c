/**
 * Reads a scenario ZIP (docs/scenarios-zip.md) for the impact analysis: its metadata, the
 * hazard timestamps (from the first time_series CSV), the repair hours of damage.csv when
 * the ZIP has one, and the failures sample by sample, streamed from tracked_changes.json
 * line by line so memory does not grow with the number of samples.
 */
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { HazsimError } from '../../../../base/errors.js';
import { isObject } from '../../../../base/json.js';
import { DAMAGE_CSV_HEADER } from '../../damage.js';

export interface ScenarioZipFailure {
  sample: number;
  timestamp: string;
  assetUuid: string;
}

export interface ScenarioZipContents {
  metadata: Record<string, unknown>;
  numberOfSamples: number;
  seed: number;
  /** The hazard's timestamps, ascending. */
  timestamps: string[];
  /** True when the ZIP has a damage.csv (read sample by sample with damageBySample). */
  hasDamage: boolean;
}

function unreadable(zipPath: string, why: string): HazsimError {
  return new HazsimError('invalid_input', `${zipPath} is not a hazsim scenario ZIP: ${why}`, [{ path: zipPath, message: why }]);
}

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error) reject(new HazsimError('unreadable', `Cannot read ${zipPath} as a ZIP: ${error.message}`));
      else resolve(zip);
    });
  });
}

/** The ZIP's entries by name (the central directory only; nothing is decompressed). */
async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

async function* linesOf(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncGenerator<string> {
  const lines = readline.createInterface({ input: await streamOf(zip, entry), crlfDelay: Infinity });
  for await (const line of lines) yield line;
}

/** An open scenario ZIP. Close it when done. */
export class ScenarioZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    readonly path: string,
  ) {}

  static async open(zipPath: string): Promise<ScenarioZip> {
    const zip = await openZip(zipPath);
    try {
      const entries = await entriesOf(zip);
      if (!entries.has('tracked_changes.json')) throw unreadable(zipPath, 'it has no tracked_changes.json');
      return new ScenarioZip(zip, entries, zipPath);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  close(): void {
    this.zip.close();
  }

  /** Entry names in the order of the central directory. */
  entryNames(): string[] {
    return [...this.entries.keys()];
  }

  /** The decompressed content of an entry. */
  entryStream(name: string): Promise<Readable> {
    return streamOf(this.zip, this.entry(name));
  }

  private entry(name: string): yauzl.Entry {
    return this.entries.get(name)!;
  }

  /** Everything but the failures: metadata (the last line of tracked_changes.json), timestamps and damage.csv. */
  async contents(): Promise<ScenarioZipContents> {
    let metadataLine: string | null = null;
    for await (const line of linesOf(this.zip, this.entry('tracked_changes.json'))) if (line.startsWith('"metadata":')) metadataLine = line;
    if (metadataLine === null) throw unreadable(this.path, 'tracked_changes.json has no metadata line');
    let metadata: unknown;
    try {
      metadata = JSON.parse(`{${metadataLine}`);
    } catch {
      throw unreadable(this.path, 'the metadata of tracked_changes.json is not JSON');
    }
    metadata = isObject(metadata) ? metadata.metadata : null;
    if (!isObject(metadata)) throw unreadable(this.path, 'the metadata of tracked_changes.json is not an object');
    const numberOfSamples = metadata.number_of_samples;
    const seed = metadata.seed;
    if (!Number.isInteger(numberOfSamples) || (numberOfSamples as number) < 1)
      throw unreadable(this.path, 'metadata.number_of_samples is not a positive integer');
    if (!Number.isInteger(seed) || (seed as number) < 0) throw unreadable(this.path, 'metadata.seed is not a non-negative integer');
    return {
      metadata,
      numberOfSamples: numberOfSamples as number,
      seed: seed as number,
      timestamps: metadata.timestamps === undefined ? await this.timeSeriesTimestamps() : this.listedTimestamps(metadata.timestamps),
      hasDamage: this.entries.has('damage.csv'),
    };
  }

  private listedTimestamps(listed: unknown): string[] {
    if (!Array.isArray(listed) || listed.length === 0 || !listed.every((timestamp) => typeof timestamp === 'string' && timestamp !== ''))
      throw unreadable(this.path, 'metadata.timestamps is not a non-empty list of timestamps');
    return listed as string[];
  }

  /** The timestamps of a ZIP whose metadata does not list them (written before it did): the first column of a time_series/ CSV. */
  private async timeSeriesTimestamps(): Promise<string[]> {
    const first = [...this.entries.keys()].filter((name) => name.startsWith('time_series/') && name.endsWith('.csv')).sort()[0];
    if (!first) throw unreadable(this.path, 'its metadata has no timestamps and it has no time_series/ CSV, so the hazard timestamps are unknown');
    const timestamps: string[] = [];
    let header = true;
    for await (const line of linesOf(this.zip, this.entry(first))) {
      if (header) {
        header = false;
        continue;
      }
      if (line) timestamps.push(line.slice(0, line.indexOf(',')));
    }
    if (timestamps.length === 0) throw unreadable(this.path, `${first} has no rows`);
    return timestamps;
  }

  /**
   * The repair hours of damage.csv, one sample at a time in ascending order (rows with an
   * empty repair_hours left out; samples without rows skipped): memory holds one sample's.
   */
  async *damageBySample(numberOfSamples: number): AsyncGenerator<{ sample: number; repairHours: Map<string, number> }> {
    let current: { sample: number; repairHours: Map<string, number> } | null = null;
    let lineNumber = 0;
    for await (const line of linesOf(this.zip, this.entry('damage.csv'))) {
      lineNumber += 1;
      if (lineNumber === 1) {
        if (line !== DAMAGE_CSV_HEADER) throw unreadable(this.path, `damage.csv line 1 must be "${DAMAGE_CSV_HEADER}", not "${line}"`);
        continue;
      }
      if (!line) continue;
      // sample and asset (a uuid) never hold a comma; a quoted damage state may, so repair_hours is read after the last one.
      const first = line.indexOf(',');
      const second = line.indexOf(',', first + 1);
      const last = line.lastIndexOf(',');
      const sample = Number(line.slice(0, first));
      const asset = line.slice(first + 1, second);
      const repairText = line.slice(last + 1);
      const repair = Number(repairText);
      if (
        first < 1 ||
        second < 0 ||
        last <= second ||
        !Number.isInteger(sample) ||
        sample < 0 ||
        sample >= numberOfSamples ||
        !asset ||
        (repairText !== '' && !(repair >= 0))
      ) {
        throw unreadable(
          this.path,
          `damage.csv line ${lineNumber}: expected sample (0 to ${numberOfSamples - 1}),asset,timestamp,damage_state,repair_hours (>= 0 or empty), got "${line}"`,
        );
      }
      if (current && sample !== current.sample) {
        if (sample < current.sample)
          throw unreadable(this.path, `damage.csv line ${lineNumber}: not sorted by sample (sample ${sample} after ${current.sample})`);
        yield current;
        current = null;
      }
      current ??= { sample, repairHours: new Map() };
      if (repairText !== '') current.repairHours.set(asset, repair);
    }
    if (current) yield current;
  }

  /** The failures of each sample in file order (failure time, then uuid), grouped by sample in ascending order. */
  async *failuresBySample(): AsyncGenerator<{ sample: number; failures: ScenarioZipFailure[] }> {
    let current: { sample: number; failures: ScenarioZipFailure[] } | null = null;
    for await (const line of linesOf(this.zip, this.entry('tracked_changes.json'))) {
      if (!line.startsWith('{"scenario_name"')) continue;
      const record = parseRecord(line.endsWith(',') ? line.slice(0, -1) : line, this.path);
      if (current && record.sample !== current.sample) {
        if (record.sample < current.sample)
          throw unreadable(this.path, `tracked_changes.json is not sorted by sample (sample_${record.sample} after sample_${current.sample})`);
        yield current;
        current = null;
      }
      current ??= { sample: record.sample, failures: [] };
      for (const uuid of record.uuids) current.failures.push({ sample: record.sample, timestamp: record.timestamp, assetUuid: uuid });
    }
    if (current) yield current;
  }
}

function parseRecord(text: string, zipPath: string): { sample: number; timestamp: string; uuids: string[] } {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw unreadable(zipPath, `a record of tracked_changes.json is not JSON: ${text.slice(0, 120)}`);
  }
  const match = isObject(record) && typeof record.scenario_name === 'string' ? /^sample_(\d+)$/.exec(record.scenario_name) : null;
  if (!isObject(record) || !match || typeof record.timestamp !== 'string' || !Array.isArray(record.edits)) {
    throw unreadable(zipPath, `a record of tracked_changes.json lacks scenario_name sample_<i>, timestamp or edits: ${text.slice(0, 120)}`);
  }
  const uuids: string[] = [];
  for (const edit of record.edits) {
    if (isObject(edit) && edit.name === 'in_service' && edit.value === false && typeof edit.component_uuid === 'string') uuids.push(edit.component_uuid);
  }
  return { sample: Number(match[1]), timestamp: record.timestamp, uuids };
}
