/**
 * "Did you mean ...?" for a name that matches nothing: the known names closest to it by
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of neighbours each count 1), ignoring case.
 */

/** The optimal-string-alignment distance between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * Up to `limit` of `candidates` close to `name`, closest first: within a distance of a third
 * of the name's length (at least 1, so a one-letter slip always counts), or starting with it.
 * Commander's own suggestions for commands and options use the same kind of rule.
 */
export function closestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const wanted = name.toLowerCase();
  const allowed = Math.max(1, Math.floor(wanted.length / 3));
  const scored: { candidate: string; distance: number }[] = [];
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    if (candidate === name) continue;
    const distance = editDistance(wanted, lower);
    if (distance <= allowed || (wanted.length >= 3 && lower.startsWith(wanted))) scored.push({ candidate, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

/** "Did you mean 'a'?" / "Did you mean 'a' or 'b'?", or undefined when nothing is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const close = closestNames(name, candidates).map((candidate) => `'${candidate}'`);
  if (close.length === 0) return undefined;
  return `Did you mean ${close.length === 1 ? close[0] : `${close.slice(0, -1).join(', ')} or ${close[close.length - 1]}`}?`;
}
