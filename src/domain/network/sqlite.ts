/**
 * The impact result file (docs/output-impact.md), built under a temporary name and renamed
 * into place. Nothing in it depends on the clock, so identical inputs give identical bytes.
 */
import { writeSqliteFile } from '../../base/sqliteFile.js';
import type { RepairRecord } from './impact.js';
import { SAMPLE_METRIC_NAMES, type ImpactMetrics } from './metrics.js';
import { timestampAfter } from '../../base/hazardHours.js';

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
  restoration_hours REAL, restore_50_hours REAL, restore_90_hours REAL, restore_100_hours REAL
);
CREATE TABLE loads (
  uuid TEXT PRIMARY KEY, name TEXT NOT NULL, bus_uuid TEXT NOT NULL, kw REAL, customers REAL, customers_source TEXT NOT NULL,
  served_normally INTEGER NOT NULL, outage_probability REAL, expected_outage_hours REAL, mean_outage_hours_when_out REAL
);
CREATE TABLE repairs (
  sample INTEGER NOT NULL, asset_uuid TEXT NOT NULL, in_network INTEGER NOT NULL,
  failed_hours REAL, failed_at TEXT NOT NULL, repair_hours REAL, repair_source TEXT NOT NULL,
  restored_hours REAL, restored_at TEXT NOT NULL,
  PRIMARY KEY (sample, asset_uuid)
);
`;

export function writeImpactSqlite(
  outputPath: string,
  metrics: ImpactMetrics,
  repairs: readonly RepairRecord[],
  origin: string,
  runInfo: Readonly<Record<string, string>>,
): void {
  writeSqliteFile(outputPath, SCHEMA, (db) => {
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
    const sample = db.prepare('INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
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
    const repair = db.prepare('INSERT INTO repairs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const r of repairs) {
      repair.run(
        r.sample,
        r.asset_uuid,
        r.in_network ? 1 : 0,
        r.failed_hours,
        timestampAfter(origin, r.failed_hours),
        r.repair_hours,
        r.repair_source,
        r.restored_hours,
        timestampAfter(origin, r.restored_hours),
      );
    }
  });
}
