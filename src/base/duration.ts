/**
 * Durations as an operator writes them on a command line or in an environment variable:
 * a positive number and one unit, `s`, `m`, `h` or `d` (`90m`, `12h`, `7d`, `1.5h`), or
 * `never`. Used by the age after which finished jobs expire (docs/jobs.md, "Expiry").
 */

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*([smhd])$/;
/** Ten years: longer is "never" in all but name, and a date that far is still a valid Date. */
export const MAX_DURATION_MS = 3_650 * UNIT_MS.d;

/**
 * The milliseconds `text` names, null for `never`, or a sentence saying what is wrong
 * (the caller names the option or variable it came from).
 */
export function parseDuration(text: string): { ms: number | null } | { problem: string } {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'never') return { ms: null };
  const match = DURATION.exec(trimmed);
  if (!match) return { problem: `expected a number and a unit s, m, h or d (such as 90m, 12h or 7d) or never, got ${JSON.stringify(text)}` };
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms < 1_000) return { problem: `expected at least one second, got ${JSON.stringify(text)}` };
  if (ms > MAX_DURATION_MS) return { problem: `expected at most 3650d (use never to keep them for good), got ${JSON.stringify(text)}` };
  return { ms };
}

/** A duration in the largest unit that writes it whole (`7d`, `36h`, `90m`, `2s`); `never` for null. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return 'never';
  for (const unit of ['d', 'h', 'm'] as const) if (ms % UNIT_MS[unit] === 0) return `${ms / UNIT_MS[unit]}${unit}`;
  return `${ms / 1_000}s`;
}
