/**
 * The impact result file (docs/output-impact.md), built under a temporary name and renamed
 * into place. Repairs are written sample by sample as they are computed, so memory does not
 * grow with samples × failures; the summaries follow at the end. Nothing in it depends on the
 * clock, and every path (one run, a merge of parts) writes in the same order, so identical
 * inputs give identical bytes.
 *
 * The repairs, one row per failed asset and sample, are nearly all of the file, so each row
 * holds only small integers (docs/output-impact.md, "Repairs with integer keys"): its number,
 * the asset as a number into `repair_assets`, its failure time, work-allowed time and repair
 * source as one number into `repair_kinds`, and the crew's wait, travel and repair as whole
 * seconds. SQLite stores each in 0 to 3 bytes where a REAL takes 8 and a uuid 36. The sample
 * is not stored per row: `repair_samples` gives each sample's range of repair numbers. The
 * view `repairs` gives the former table's rows.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { temporaryPath } from '../../../base/atomic.js';
import { batchedInsert, type BatchedInsert } from '../../../base/sqliteFile.js';
import { HazsimError } from '../../../base/errors.js';
import type { RepairRecord } from '../impact.js';
import { SAMPLE_METRIC_NAMES, type ImpactMetrics } from '../metrics.js';
import { timestampAfter } from '../../../base/hazardHours.js';

const SECONDS_PER_HOUR = 3600;

const SCHEMA = `
CREATE TABLE run_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE metrics (metric TEXT PRIMARY KEY, mean REAL, p10 REAL, p50 REAL, p90 REAL, min REAL, max REAL);
CREATE TABLE curves (
  hours REAL PRIMARY KEY, timestamp TEXT NOT NULL,
  customers_out_mean REAL, customers_out_p10 REAL, customers_out_p50 REAL, customers_out_p90 REAL,
  kw_out_mean REAL, kw_out_p10 REAL, kw_out_p50 REAL, kw_out_p90 REAL
);
CREATE TABLE samples (
  sample INTEGER PRIMARY KEY, failed_assets INTEGER, failed_without_network_effect INTEGER, loads_out INTEGER,
  customers_out_peak REAL, kw_out_peak REAL, customers_affected REAL, customer_hours REAL, energy_not_served_kwh REAL,
  customers_interrupted REAL, customer_minutes_interrupted REAL, saifi REAL, saidi_minutes REAL, caidi_minutes REAL,
  restoration_hours REAL, restore_50_hours REAL, restore_90_hours REAL, restore_100_hours REAL
);
CREATE TABLE loads (
  uuid TEXT PRIMARY KEY, name TEXT NOT NULL, bus_uuid TEXT NOT NULL, kw REAL, customers REAL, customers_source TEXT NOT NULL,
  served_normally INTEGER NOT NULL, outage_probability REAL, expected_outage_hours REAL, mean_outage_hours_when_out REAL
);
CREATE TABLE repair_assets (asset INTEGER PRIMARY KEY, uuid TEXT NOT NULL, in_network INTEGER NOT NULL);
CREATE TABLE repair_kinds (
  kind INTEGER PRIMARY KEY, failed_hours REAL NOT NULL, failed_at TEXT NOT NULL,
  work_allowed_hours REAL NOT NULL, work_allowed_seconds INTEGER NOT NULL, repair_source TEXT NOT NULL
);
CREATE TABLE repair_samples (sample INTEGER PRIMARY KEY, first_repair INTEGER NOT NULL, last_repair INTEGER NOT NULL);
CREATE TABLE repair_rows (
  repair INTEGER PRIMARY KEY, asset INTEGER NOT NULL, kind INTEGER NOT NULL,
  crew_wait_seconds INTEGER NOT NULL, travel_seconds INTEGER NOT NULL, repair_seconds INTEGER NOT NULL
);
CREATE VIEW repairs AS
SELECT
  s.sample AS sample, a.uuid AS asset_uuid, a.in_network AS in_network,
  k.failed_hours AS failed_hours, k.failed_at AS failed_at,
  r.repair_seconds / 3600.0 AS repair_hours, k.repair_source AS repair_source,
  k.work_allowed_hours AS work_allowed_hours,
  (k.work_allowed_seconds + r.crew_wait_seconds) / 3600.0 AS dispatched_hours,
  (k.work_allowed_seconds + r.crew_wait_seconds + r.travel_seconds + r.repair_seconds) / 3600.0 AS restored_hours,
  strftime('%Y-%m-%dT%H:%M:%S', (SELECT value FROM run_info WHERE key = 'origin_timestamp'),
    printf('%+d seconds', k.work_allowed_seconds + r.crew_wait_seconds + r.travel_seconds + r.repair_seconds)) AS restored_at
FROM repair_samples AS s
-- CROSS JOIN keeps the samples the outer loop: each sample is one range of repair numbers, read in order, never sorted.
CROSS JOIN repair_rows AS r ON r.repair BETWEEN s.first_repair AND s.last_repair
JOIN repair_assets AS a ON a.asset = r.asset
JOIN repair_kinds AS k ON k.kind = r.kind
ORDER BY s.sample, r.repair;
`;

const REPAIR_COLUMNS = 6;

/** Writes one impact result: `repairs` as samples are computed, then `finish` with the summaries. */
export class ImpactSqliteWriter {
  private readonly building: string;
  private readonly db: Database.Database;
  private readonly repairRows: BatchedInsert;
  /** Asset numbers by uuid, in order of first failure, and whether each is an element of the feeder graph. */
  private readonly assets = new Map<string, { asset: number; inNetwork: boolean }>();
  /** Kind numbers by repair source, failure hours and work-allowed hours: maps of numbers, as a string key built per row took ten times as long. */
  private readonly kindNumbers: Record<RepairRecord['repair_source'], Map<number, Map<number, number>>> = { 'damage.csv': new Map(), default: new Map() };
  /** The kinds in order of first use: kind k is kinds[k]. */
  private readonly kinds: { failedHours: number; workAllowedHours: number; source: RepairRecord['repair_source'] }[] = [];
  /** The range of repair numbers of each sample with repairs, in sample order. */
  private readonly sampleRanges: { sample: number; first: number; last: number }[] = [];
  /** Repairs written so far: the next repair's number. */
  private written = 0;

  constructor(
    private readonly outputPath: string,
    private readonly origin: string,
  ) {
    this.building = temporaryPath(outputPath);
    this.db = new Database(this.building);
    try {
      // The file is new and discarded whole if anything fails: no journal, no fsync.
      this.db.pragma('journal_mode = OFF');
      this.db.pragma('synchronous = OFF');
      this.db.exec(SCHEMA);
      this.db.exec('BEGIN');
      this.repairRows = batchedInsert(this.db, 'repair_rows', REPAIR_COLUMNS);
    } catch (error) {
      this.discard();
      throw error;
    }
  }

  /** Repairs in sample order (a sample's repairs in one call or several, in order). */
  repairs(records: readonly RepairRecord[]): void {
    const rows = this.repairRows;
    for (const r of records) {
      const workSeconds = wholeSeconds(r.work_allowed_hours);
      const dispatchedSeconds = wholeSeconds(r.dispatched_hours);
      const repairSeconds = wholeSeconds(r.repair_hours);
      const repair = this.written++;
      this.inSample(r.sample, repair);
      const p = rows.parameters;
      let i = rows.offset;
      p[i++] = repair;
      p[i++] = this.asset(r.asset_uuid, r.in_network);
      p[i++] = this.kind(r.failed_hours, r.work_allowed_hours, r.repair_source);
      p[i++] = dispatchedSeconds - workSeconds;
      // What the restore time holds beyond dispatch and repair, so that the view's sum is the restore time to the second.
      p[i++] = wholeSeconds(r.restored_hours) - dispatchedSeconds - repairSeconds;
      p[i] = repairSeconds;
      rows.added();
    }
  }

  /** Extends the range of repair numbers of `sample` to `repair`, or opens its range. */
  private inSample(sample: number, repair: number): void {
    const current = this.sampleRanges.at(-1);
    if (current?.sample === sample) {
      current.last = repair;
      return;
    }
    if (current && sample < current.sample) throw new HazsimError('internal', `impact repairs out of sample order: sample ${sample} after ${current.sample}`);
    this.sampleRanges.push({ sample, first: repair, last: repair });
  }

  private asset(uuid: string, inNetwork: boolean): number {
    const known = this.assets.get(uuid);
    if (known) {
      // Being an element of the graph is a property of the asset: one flag in repair_assets holds for every sample.
      if (known.inNetwork !== inNetwork) throw new HazsimError('internal', `asset ${uuid} is in the network in one sample and not in another`);
      return known.asset;
    }
    const asset = this.assets.size;
    this.assets.set(uuid, { asset, inNetwork });
    return asset;
  }

  private kind(failedHours: number, workAllowedHours: number, source: RepairRecord['repair_source']): number {
    const byFailure = this.kindNumbers[source];
    let byWorkAllowed = byFailure.get(failedHours);
    if (byWorkAllowed === undefined) {
      byWorkAllowed = new Map();
      byFailure.set(failedHours, byWorkAllowed);
    }
    let kind = byWorkAllowed.get(workAllowedHours);
    if (kind === undefined) {
      kind = this.kinds.length;
      this.kinds.push({ failedHours, workAllowedHours, source });
      byWorkAllowed.set(workAllowedHours, kind);
    }
    return kind;
  }

  /** Writes the summaries and run_info, then moves the file into place. */
  finish(metrics: ImpactMetrics, runInfo: Readonly<Record<string, string>>): void {
    const { db, origin } = this;
    try {
      this.repairRows.finish();
      const asset = db.prepare('INSERT INTO repair_assets VALUES (?, ?, ?)');
      for (const [uuid, known] of this.assets) asset.run(known.asset, uuid, known.inNetwork ? 1 : 0);
      const kind = db.prepare('INSERT INTO repair_kinds VALUES (?, ?, ?, ?, ?, ?)');
      this.kinds.forEach((k, number) =>
        kind.run(number, k.failedHours, timestampAfter(origin, k.failedHours), k.workAllowedHours, wholeSeconds(k.workAllowedHours), k.source),
      );
      const range = db.prepare('INSERT INTO repair_samples VALUES (?, ?, ?)');
      for (const s of this.sampleRanges) range.run(s.sample, s.first, s.last);
      const info = db.prepare('INSERT INTO run_info VALUES (?, ?)');
      for (const key of Object.keys(runInfo).sort()) info.run(key, runInfo[key]);
      const metric = db.prepare('INSERT INTO metrics VALUES (?, ?, ?, ?, ?, ?, ?)');
      for (const name of SAMPLE_METRIC_NAMES) {
        const d = metrics.summary[name];
        metric.run(name, d.mean, d.p10, d.p50, d.p90, d.min, d.max);
      }
      const curve = db.prepare('INSERT INTO curves VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      for (const point of metrics.curve) {
        const c = point.customers_out;
        const k = point.kw_out;
        curve.run(point.hours, timestampAfter(origin, point.hours), c.mean, c.p10, c.p50, c.p90, k.mean, k.p10, k.p50, k.p90);
      }
      const sample = db.prepare(`INSERT INTO samples VALUES (${new Array(18).fill('?').join(', ')})`);
      for (const s of metrics.samples) {
        sample.run(
          s.sample,
          s.failed_assets,
          s.failed_without_network_effect,
          s.loads_out,
          s.customers_out_peak,
          s.kw_out_peak,
          s.customers_affected,
          s.customer_hours,
          s.energy_not_served_kwh,
          s.customers_interrupted,
          s.customer_minutes_interrupted,
          s.saifi,
          s.saidi_minutes,
          s.caidi_minutes,
          s.restoration_hours,
          s.restore_50_hours,
          s.restore_90_hours,
          s.restore_100_hours,
        );
      }
      const load = db.prepare('INSERT INTO loads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      for (const l of metrics.loads) {
        load.run(
          l.uuid,
          l.name,
          l.bus_uuid,
          l.kw,
          l.customers,
          l.customers_source,
          l.served_normally ? 1 : 0,
          l.outage_probability,
          l.expected_outage_hours,
          l.mean_outage_hours_when_out,
        );
      }
      db.exec('COMMIT');
      db.close();
      fs.renameSync(this.building, this.outputPath);
    } catch (error) {
      this.discard();
      throw error;
    }
  }

  /** Drops the file being built. */
  discard(): void {
    if (this.db?.open) this.db.close();
    fs.rmSync(this.building, { force: true });
  }
}

/** Hours as whole seconds, the precision the repairs keep (the result's timestamps are to the second too). */
function wholeSeconds(hours: number): number {
  return Math.round(hours * SECONDS_PER_HOUR);
}

/** The restore times of each sample's repairs in a finished result, in the order they were written: for the restoration ZIP. */
export function* restoredBySample(resultPath: string): Generator<{ sample: number; repairs: { asset_uuid: string; restored_hours: number }[] }> {
  const db = new Database(resultPath, { readonly: true });
  try {
    let current: { sample: number; repairs: { asset_uuid: string; restored_hours: number }[] } | null = null;
    for (const row of db.prepare('SELECT sample, asset_uuid, restored_hours FROM repairs').iterate() as Iterable<{
      sample: number;
      asset_uuid: string;
      restored_hours: number;
    }>) {
      if (current && current.sample !== row.sample) {
        yield current;
        current = null;
      }
      current ??= { sample: row.sample, repairs: [] };
      current.repairs.push({ asset_uuid: row.asset_uuid, restored_hours: row.restored_hours });
    }
    if (current) yield current;
  } finally {
    db.close();
  }
}
