/**
 * The `active_power` time series of a GDM model's loads, from its `<stem>_time_series/` folder
 * (../shared/reference/gdm-format.md §6.2): `time_series_metadata.db` says which series belongs to
 * which DistributionLoad, its start, resolution and whether it is a multiplier (`use_actual`
 * false: power(t) = series(t) × the load's Σ real_power) or kW itself; the values are the float64
 * column of `<time_series_uuid>.arrow`. Both metadata schemas are read: infrasys 1.x
 * (`time_series_associations`, ISO-8601 resolution `P0DT15M`) and the legacy 0.x one
 * (`time_series_metadata`, resolution `0:15:00`). Only SingleTimeSeries are used.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isoDateTimeMs } from '../../../base/dateTime.js';
import { HazsimError } from '../../../base/errors.js';
import { readArrowFloat64Column } from './arrowFloat64.js';

/** One load's active-power series. */
export interface LoadPowerSeries {
  /** First value's time, ms since the epoch (UTC, as infrasys writes naive timestamps). */
  initialMs: number;
  resolutionMs: number;
  values: Float64Array;
  /** true: values are kW; false: multipliers of the load's Σ real_power. */
  useActual: boolean;
  /** The series' profile_name feature, for the record. */
  profileName: string | null;
}

interface Association {
  seriesUuid: string;
  loadUuid: string;
  initial: string;
  resolution: string;
  features: Record<string, unknown>;
}

/** '2020-01-01T00:00:00' or '2020-01-01 00:00:00' → ms (UTC); a date that does not exist is refused, not rolled over. */
function timestampMs(text: string, where: string): number {
  const time = isoDateTimeMs(text);
  if ('message' in time) throw new HazsimError('unreadable', `${where}: timestamp ${time.message}`);
  return time.ms;
}

/** 'P0DT15M', 'PT1H', '0:15:00' or '1 day, 0:00:00' → ms. */
export function resolutionMs(text: string, where: string): number {
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  const clock = /^(?:(\d+) days?, )?(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  const [days, hours, minutes, seconds] = iso ? [iso[1], iso[2], iso[3], iso[4]] : clock ? [clock[1], clock[2], clock[3], clock[4]] : [];
  const ms = (((Number(days ?? 0) * 24 + Number(hours ?? 0)) * 60 + Number(minutes ?? 0)) * 60 + Number(seconds ?? 0)) * 1000;
  if (!(iso || clock) || !(ms > 0)) throw new HazsimError('unreadable', `${where}: resolution '${text}' is not a positive duration`);
  return ms;
}

function associations(db: Database.Database): Association[] {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
  type Row = { seriesUuid: string; loadUuid: string; initial: string; resolution: string; features: string | null };
  const read = (sql: string, features: (text: string | null) => Record<string, unknown>): Association[] =>
    (db.prepare(sql).all() as Row[]).map((row) => ({ ...row, features: features(row.features) }));
  if (tables.has('time_series_associations')) {
    return read(
      "SELECT time_series_uuid AS seriesUuid, owner_uuid AS loadUuid, initial_timestamp AS initial, resolution, features FROM time_series_associations WHERE name = 'active_power' AND owner_type = 'DistributionLoad' AND time_series_type = 'SingleTimeSeries'",
      // features: a JSON array of single-key objects (gdm-format.md §6.2).
      (text) => Object.assign({}, ...((JSON.parse(text ?? '[]') as Record<string, unknown>[]) ?? [])) as Record<string, unknown>,
    );
  }
  if (tables.has('time_series_metadata')) {
    return read(
      "SELECT time_series_uuid AS seriesUuid, component_uuid AS loadUuid, initial_time AS initial, resolution, metadata AS features FROM time_series_metadata WHERE variable_name = 'active_power' AND component_type = 'DistributionLoad' AND time_series_type = 'SingleTimeSeries'",
      (text) => ((JSON.parse(text ?? '{}') as { user_attributes?: Record<string, unknown> }).user_attributes ?? {}) as Record<string, unknown>,
    );
  }
  return [];
}

/**
 * Per load uuid, its active-power series from the folder `dir`; empty when the folder or its
 * database is absent (a model uploaded without time series). A load with several active-power
 * series is an error naming it.
 */
export function readLoadPowerSeries(dir: string): Map<string, LoadPowerSeries> {
  const databasePath = path.join(dir, 'time_series_metadata.db');
  const series = new Map<string, LoadPowerSeries>();
  if (!fs.existsSync(databasePath)) return series;
  let db: Database.Database;
  try {
    db = new Database(databasePath, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new HazsimError('unreadable', `${databasePath} cannot be opened as SQLite (${(error as Error).message})`);
  }
  try {
    const values = new Map<string, Float64Array>();
    for (const association of associations(db)) {
      if (series.has(association.loadUuid))
        throw new HazsimError('invalid_input', `${databasePath}: load ${association.loadUuid} has more than one active_power time series`);
      const arrowPath = path.join(dir, `${association.seriesUuid}.arrow`);
      let column = values.get(association.seriesUuid);
      if (!column) {
        let bytes: Buffer;
        try {
          bytes = fs.readFileSync(arrowPath);
        } catch (error) {
          throw new HazsimError('unreadable', `${arrowPath} (active_power of load ${association.loadUuid}) cannot be read (${(error as Error).message})`);
        }
        column = readArrowFloat64Column(bytes, arrowPath);
        values.set(association.seriesUuid, column);
      }
      series.set(association.loadUuid, {
        initialMs: timestampMs(association.initial, databasePath),
        resolutionMs: resolutionMs(association.resolution, databasePath),
        values: column,
        useActual: association.features.use_actual === true,
        profileName: typeof association.features.profile_name === 'string' ? association.features.profile_name : null,
      });
    }
  } finally {
    db.close();
  }
  return series;
}
