/**
 * The impact result file (docs/output-impact.md), built under a temporary name and renamed
 * into place. Repairs are written sample by sample as they are computed, so memory does not
 * grow with samples × failures; the summaries follow at the end. Nothing in it depends on the
 * clock, and every path (one run, a merge of parts) writes in the same order, so identical
 * inputs give identical bytes.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { temporaryPath } from '../../../base/atomic.js';
import { batchedInsert, type BatchedInsert } from '../../../base/sqliteFile.js';
import type { RepairRecord } from '../impact.js';
import { SAMPLE_METRIC_NAMES, type ImpactMetrics } from '../metrics.js';
import { timestampAfter } from '../../../base/hazardHours.js';
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
CREATE TABLE repairs (
  sample INTEGER NOT NULL, asset_uuid TEXT NOT NULL, in_network INTEGER NOT NULL,
  failed_hours REAL, failed_at TEXT NOT NULL, repair_hours REAL, repair_source TEXT NOT NULL,
  work_allowed_hours REAL, dispatched_hours REAL, restored_hours REAL, restored_at TEXT NOT NULL,
  PRIMARY KEY (sample, asset_uuid)
);
`;

const REPAIR_COLUMNS = 11;

/** Writes one impact result: `repairs` as samples are computed, then `finish` with the summaries. */
export class ImpactSqliteWriter {
  private readonly building: string;
  private readonly db: Database.Database;
  private readonly repairRows: BatchedInsert;

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
      this.repairRows = batchedInsert(this.db, 'repairs', REPAIR_COLUMNS);
    } catch (error) {
      this.discard();
      throw error;
    }
  }

  /** The repairs of one sample (samples in order). */
  repairs(records: readonly RepairRecord[]): void {
    const rows = this.repairRows;
    const { origin } = this;
    for (const r of records) {
      const p = rows.parameters;
      let i = rows.offset;
      p[i++] = r.sample;
      p[i++] = r.asset_uuid;
      p[i++] = r.in_network ? 1 : 0;
      p[i++] = r.failed_hours;
      p[i++] = timestampAfter(origin, r.failed_hours);
      p[i++] = r.repair_hours;
      p[i++] = r.repair_source;
      p[i++] = r.work_allowed_hours;
      p[i++] = r.dispatched_hours;
      p[i++] = r.restored_hours;
      p[i] = timestampAfter(origin, r.restored_hours);
      rows.added();
    }
  }

  /** Writes the summaries and run_info, then moves the file into place. */
  finish(metrics: ImpactMetrics, runInfo: Readonly<Record<string, string>>): void {
    const { db, origin } = this;
    try {
      this.repairRows.finish();
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

/** The restore times of each sample's repairs in a finished result, in the order they were written: for the restoration ZIP. */
export function* restoredBySample(resultPath: string): Generator<{ sample: number; repairs: { asset_uuid: string; restored_hours: number }[] }> {
  const db = new Database(resultPath, { readonly: true });
  try {
    let current: { sample: number; repairs: { asset_uuid: string; restored_hours: number }[] } | null = null;
    for (const row of db.prepare('SELECT sample, asset_uuid, restored_hours FROM repairs ORDER BY rowid').iterate() as Iterable<{
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
