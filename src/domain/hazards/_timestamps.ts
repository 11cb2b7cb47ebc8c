/**
 * Hazard timestamps: ISO 8601 date-times as ERAD writes them ("2022-09-28T18:00:00",
 * optionally with a fraction and a zone offset). Every timestamp is brought to one
 * canonical UTC form without zone, so equal instants compare equal and sort as strings.
 */

import { parseIsoDateTime } from '../../base/dateTime.js';

export type TimestampResult = { ok: true; value: string } | { ok: false; message: string };

const EXPECTED = "expected an ISO 8601 date-time such as '2022-09-28T18:00:00'";

/**
 * Canonical form of a date-time: `YYYY-MM-DDTHH:MM:SS` plus the fraction without
 * trailing zeros; a zone offset is applied and dropped (times without zone are UTC).
 */
export function parseTimestamp(text: unknown): TimestampResult {
  if (typeof text !== 'string') return { ok: false, message: `${EXPECTED}, got ${text === null ? 'null' : typeof text}` };
  const trimmed = text.trim();
  const parsed = parseIsoDateTime(trimmed);
  if (!parsed.ok && parsed.problem === 'format') {
    const hint = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? ' (a date alone has no time of day)' : /^\d{1,2}:\d{2}/.test(trimmed) ? ' (a time needs its date)' : '';
    return { ok: false, message: `${EXPECTED}, got ${JSON.stringify(text)}${hint}` };
  }
  if (!parsed.ok && parsed.problem === 'offset') {
    const zone = /[+-]\d{2}:?\d{2}$/.exec(trimmed)?.[0] ?? '';
    return { ok: false, message: `${JSON.stringify(text)} has the zone offset ${zone}; offsets in use run from -12:00 to +14:00` };
  }
  if (!parsed.ok || Number(trimmed.slice(0, 4)) < 1000) return { ok: false, message: `${JSON.stringify(text)} is not a real date and time of day` };
  const iso = new Date(parsed.ms).toISOString().slice(0, 19);
  const fraction = parsed.fraction.replace(/0+$/, '');
  return { ok: true, value: fraction ? `${iso}.${fraction}` : iso };
}
