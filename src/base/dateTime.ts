/**
 * The one date-time reader of hazsim's inputs (hazard timestamps, best-track fixes and time
 * windows, ShakeMap event times, GDM load series, observed outage tables). `Date.parse` and
 * `Date.UTC` roll a date that does not exist over into the next month ("2018-02-30" became
 * 2 March) and accept many non-ISO forms; here a date-time is ISO 8601,
 * `YYYY-MM-DD[T or space]HH:MM[:SS[.fraction]]` with an optional `Z` or `±HH[:]MM`, and its date
 * and time of day must exist. A time without a zone is UTC.
 */

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/** The zone offsets in use (IANA time zone database): Baker Island at -12:00 to the Line Islands at +14:00. */
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;

/** Calendar fields of a UTC date and time (month 1-12). */
export interface DateTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

/** The instant of the fields in ms since 1970 (UTC), or undefined when that date or time of day does not exist (30 February, hour 24). */
export function existingDateTimeMs(fields: DateTimeFields): number | undefined {
  const { year, month, day, hour, minute } = fields;
  const second = fields.second ?? 0;
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return undefined;
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 || hour < 0 || minute < 0 || second < 0) return undefined;
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const time = new Date(Date.UTC(2000, month - 1, 1, hour, minute, second));
  time.setUTCFullYear(year, month - 1, day);
  return time.getUTCMonth() === month - 1 && time.getUTCDate() === day ? time.getTime() : undefined;
}

export type IsoDateTimeResult =
  | { ok: true; /** UTC instant, whole seconds. */ ms: number; /** The fraction of a second as written, without the point ('' for none). */ fraction: string }
  | { ok: false; problem: 'format' | 'calendar' | 'offset' };

/** Reads an ISO 8601 date-time strictly (see the module comment); `problem` says why one is refused. */
export function parseIsoDateTime(text: string): IsoDateTimeResult {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return { ok: false, problem: 'format' };
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match;
  const ms = existingDateTimeMs({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  });
  if (ms === undefined) return { ok: false, problem: 'calendar' };
  if (!zone || zone === 'Z' || zone === 'z') return { ok: true, ms, fraction };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  if (Number(digits.slice(2)) > 59 || offsetMinutes < MIN_OFFSET_MINUTES || offsetMinutes > MAX_OFFSET_MINUTES) return { ok: false, problem: 'offset' };
  return { ok: true, ms: ms - offsetMinutes * 60_000, fraction };
}

/** Why `text` was refused by parseIsoDateTime, as a sentence fragment after the quoted text. */
export function dateTimeProblem(problem: 'format' | 'calendar' | 'offset'): string {
  if (problem === 'calendar') return 'is not a date and time of day that exists';
  if (problem === 'offset') return 'has a zone offset outside -12:00 to +14:00';
  return 'is not an ISO 8601 date-time such as 2022-09-28T18:00:00 (UTC unless a zone Z or ±HH:MM is given)';
}

/** The instant of an ISO 8601 date-time in ms (fraction included), or undefined with the reason. */
export function isoDateTimeMs(text: string): { ms: number } | { message: string } {
  const result = parseIsoDateTime(text);
  if (!result.ok) return { message: `${JSON.stringify(text)} ${dateTimeProblem(result.problem)}` };
  return { ms: result.ms + (result.fraction === '' ? 0 : Number(`0.${result.fraction}`) * 1000) };
}
