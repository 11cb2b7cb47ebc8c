import { isoDateTimeMs } from '../../../../base/dateTime.js';
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
  const time = isoDateTimeMs(value);
  if ('message' in time) throw new Error(`time window: '${name}' ${time.message}`);
  return time.ms;
}
