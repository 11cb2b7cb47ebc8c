import { existingDateTimeMs } from '../../../../base/dateTime.js';
import { TrackFormatError } from './types.js';

/**
 * Strict fix times (docs/wind.md §1): a calendar date that does not exist (20180230, hour 24)
 * is refused rather than rolled over by Date.UTC, and a track's fixes must come in increasing
 * time, each time once. A best track is a time series its producer wrote in order; a line out of
 * order or repeated is an editing error that silently re-sorting or keeping one of the two
 * would hide.
 */

/** ISO 8601 UTC ("2018-10-10T00:00:00Z") of calendar fields, or a TrackFormatError when the date or time does not exist. */
export function strictIsoUtc(
  format: string,
  lineNumber: number,
  field: string,
  parts: { year: number; month: number; day: number; hour: number; minute: number; second?: number },
): string {
  const { year, month, day, hour, minute } = parts;
  const ms = existingDateTimeMs(parts);
  if (ms === undefined) {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    const written = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}`;
    throw new TrackFormatError(format, lineNumber, field, `${written} is not a date and time that exists`);
  }
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Refuses fixes out of time order or at a time already given, naming both lines. */
export function requireIncreasingTimes(format: string, fixes: readonly { time: string; lineNumber: number }[], field: string): void {
  for (let i = 1; i < fixes.length; i++) {
    const previous = fixes[i - 1];
    const current = fixes[i];
    const order = Date.parse(current.time) - Date.parse(previous.time);
    if (order === 0)
      throw new TrackFormatError(format, current.lineNumber, field, `duplicate fix time ${current.time}: line ${previous.lineNumber} has the same time`);
    if (order < 0)
      throw new TrackFormatError(
        format,
        current.lineNumber,
        field,
        `fix at ${current.time} is out of order: it comes after line ${previous.lineNumber} at ${previous.time}; fixes must be in increasing time (nothing is re-sorted)`,
      );
  }
}
