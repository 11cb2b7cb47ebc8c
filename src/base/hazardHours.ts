/** Hazard timestamps (ISO 8601 without zone, read as UTC) and hours after the first one. */

const MS_PER_HOUR = 3_600_000;

/** Hours from `origin` to `timestamp`. */
export function hoursBetween(origin: string, timestamp: string): number {
  return (Date.parse(`${timestamp}Z`) - Date.parse(`${origin}Z`)) / MS_PER_HOUR;
}

/** The timestamp `hours` after `origin`, to the second, in the same form. */
export function timestampAfter(origin: string, hours: number): string {
  const ms = Math.round((Date.parse(`${origin}Z`) + hours * MS_PER_HOUR) / 1000) * 1000;
  return new Date(ms).toISOString().slice(0, 19);
}
