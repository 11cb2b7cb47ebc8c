/**
 * What a run tells the user about its hazards. Most warnings are one fixed message; a warning
 * that counts sites ("12 sites lie outside the ShakeMap grid") is kept as its count and its
 * wording, so the parts of a run computed over separate ranges of assets add up to the
 * warning of the whole run (docs/performance.md, "Threads").
 */

/** A warning about some of the sites: `one` and `many` are its wording, `{count}` standing for the number. */
export interface SiteCountWarning {
  count: number;
  one: string;
  many: string;
}

export type HazardWarning = string | SiteCountWarning;

const keyOf = (warning: HazardWarning) => (typeof warning === 'string' ? `text\u0000${warning}` : `count\u0000${warning.many}`);

/**
 * The warnings of several lists as one, in the order each first appears (list by list): a
 * message given more than once is given once, and the counts of one counting warning add up.
 */
export function mergeWarnings(lists: Iterable<readonly HazardWarning[]>): HazardWarning[] {
  const merged = new Map<string, HazardWarning>();
  for (const list of lists) {
    for (const warning of list) {
      const key = keyOf(warning);
      const held = merged.get(key);
      if (held === undefined) merged.set(key, typeof warning === 'string' ? warning : { ...warning });
      else if (typeof held !== 'string' && typeof warning !== 'string') held.count += warning.count;
    }
  }
  return [...merged.values()];
}

/** The warnings as the user reads them. */
export function warningTexts(warnings: readonly HazardWarning[]): string[] {
  return warnings.map((warning) =>
    typeof warning === 'string' ? warning : (warning.count === 1 ? warning.one : warning.many).replaceAll('{count}', String(warning.count)),
  );
}
