import type { TrackFix, TrackSelection } from './types.js';

/** Keep the fixes inside the optional [from, to] window (inclusive). */
export function withinWindow(fixes: TrackFix[], selection: TrackSelection): TrackFix[] {
  const from = selection.from === undefined ? -Infinity : parseTime(selection.from, 'from');
  const to = selection.to === undefined ? Infinity : parseTime(selection.to, 'to');
  return fixes.filter((fix) => {
    const t = Date.parse(fix.time);
    return t >= from && t <= to;
  });
}

function parseTime(value: string, name: string): number {
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new Error(`time window: '${name}' is not an ISO 8601 time: ${value}`);
  return t;
}

/** ISO 8601 UTC string from calendar fields. */
export function isoUtc(year: number, month: number, day: number, hour: number, minute: number): string {
  return new Date(Date.UTC(year, month - 1, day, hour, minute)).toISOString().replace('.000Z', 'Z');
}
