/**
 * Hazard timestamps: ISO 8601 date-times as ERAD writes them ("2022-09-28T18:00:00",
 * optionally with a fraction and a zone offset). Every timestamp is brought to one
 * canonical UTC form without zone, so equal instants compare equal and sort as strings.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The zone offsets in use (IANA time zone database): Baker Island at -12:00 to the Line Islands at +14:00. */
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;

export type TimestampResult = { ok: true; value: string } | { ok: false; message: string };

const EXPECTED = "expected an ISO 8601 date-time such as '2022-09-28T18:00:00'";

/**
 * Canonical form of a date-time: `YYYY-MM-DDTHH:MM:SS` plus the fraction without
 * trailing zeros; a zone offset is applied and dropped (times without zone are UTC).
 */
export function parseTimestamp(text: unknown): TimestampResult {
  if (typeof text !== 'string') return { ok: false, message: `${EXPECTED}, got ${text === null ? 'null' : typeof text}` };
  const match = DATE_TIME.exec(text.trim());
  if (!match) {
    const hint = /^\d{4}-\d{2}-\d{2}$/.test(text.trim())
      ? ' (a date alone has no time of day)'
      : /^\d{1,2}:\d{2}/.test(text.trim())
        ? ' (a time needs its date)'
        : '';
    return { ok: false, message: `${EXPECTED}, got ${JSON.stringify(text)}${hint}` };
  }
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) {
    return { ok: false, message: `${JSON.stringify(text)} is not a real date and time of day` };
  }
  let utcMs = Date.UTC(y, mo - 1, d, h, mi, s);
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    if (Number(digits.slice(2)) > 59 || offsetMinutes < MIN_OFFSET_MINUTES || offsetMinutes > MAX_OFFSET_MINUTES) {
      return { ok: false, message: `${JSON.stringify(text)} has the zone offset ${zone}; offsets in use run from -12:00 to +14:00` };
    }
    utcMs -= offsetMinutes * 60_000;
  }
  const iso = new Date(utcMs).toISOString().slice(0, 19);
  const trimmed = fraction.replace(/0+$/, '');
  return { ok: true, value: trimmed ? `${iso}.${trimmed}` : iso };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
