/**
 * Energy not served with a load's shape (docs/output-impact.md, "Energy not served"): a load
 * whose model gives an active-power time series (a GDM load shape) is integrated over its outage
 * with that series; other loads use their fixed kW. The series is a step function: each value
 * holds for one resolution step from its timestamp (infrasys SingleTimeSeries). A multiplier
 * series (use_actual false) is scaled by the load's Σ real_power (gdm's convention,
 * ../shared/reference/gdm-format.md §6.2); a NaN value counts as multiplier 1 (the fixed kW).
 *
 * Outage times are hours after the run's origin (the first hazard timestamp). Load shapes are
 * usually typical-year profiles whose year is not the storm's (SMART-DS: 2020), so an instant
 * outside the series is read at the same time of year (month, day, clock time) in the series'
 * year, or the year after for a series that starts mid-year; a series shorter than a year is
 * taken as periodic (a daily profile repeats every day).
 */
import type { LoadPowerSeries } from '../gdm/formats/loadPowerSeries.js';

const MS_PER_HOUR = 3_600_000;
const YEAR_MS = 365 * 24 * MS_PER_HOUR;

/** What a run needs to integrate energy: the shape of each load (null: fixed kW) and the origin's time. */
export interface LoadEnergy {
  /** Indexed like Topology.loads. */
  shapes: (LoadPowerSeries | null)[];
  /** The run's origin (hour 0), ms since the epoch, UTC. */
  originMs: number;
}

/** The series time (ms) an absolute instant reads (module comment). */
export function seriesTimeMs(shape: LoadPowerSeries, instantMs: number): number {
  const span = shape.values.length * shape.resolutionMs;
  const offset = instantMs - shape.initialMs;
  if (offset >= 0 && offset < span) return instantMs;
  if (span >= YEAR_MS) {
    const instant = new Date(instantMs);
    const firstYear = new Date(shape.initialMs).getUTCFullYear();
    for (const year of [firstYear, firstYear + 1]) {
      const mapped = Date.UTC(
        year,
        instant.getUTCMonth(),
        instant.getUTCDate(),
        instant.getUTCHours(),
        instant.getUTCMinutes(),
        instant.getUTCSeconds(),
        instant.getUTCMilliseconds(),
      );
      if (mapped - shape.initialMs >= 0 && mapped - shape.initialMs < span) return mapped;
    }
  }
  return shape.initialMs + (((offset % span) + span) % span);
}

/** kWh the load would have drawn over [startHours, endHours) after the origin, by its shape. */
export function shapedEnergyKwh(shape: LoadPowerSeries, fixedKw: number, originMs: number, startHours: number, endHours: number): number {
  const { initialMs, resolutionMs, values, useActual } = shape;
  let energy = 0;
  let instant = originMs + startHours * MS_PER_HOUR;
  const end = originMs + endHours * MS_PER_HOUR;
  while (instant < end) {
    const seriesMs = seriesTimeMs(shape, instant);
    const index = Math.floor((seriesMs - initialMs) / resolutionMs);
    const stepEnd = instant + (initialMs + (index + 1) * resolutionMs - seriesMs);
    const until = Math.min(stepEnd, end);
    const value = values[index];
    const kw = value !== value ? fixedKw : useActual ? value : value * fixedKw;
    energy += (kw * (until - instant)) / MS_PER_HOUR;
    instant = until;
  }
  return energy;
}
