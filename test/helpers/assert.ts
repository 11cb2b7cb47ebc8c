import * as assert from 'uvu/assert';

/** Two-sided tolerance check: |actual − expected| ≤ tolerance. */
export function close(actual: number, expected: number, tolerance: number, what = 'value'): void {
  if (!(Math.abs(actual - expected) <= tolerance)) {
    assert.unreachable(`${what}: expected ${expected} ± ${tolerance}, got ${actual} (off by ${Math.abs(actual - expected)})`);
  }
}

/** Relative tolerance check: |actual − expected| ≤ relative·|expected|. */
export function closeRelative(actual: number, expected: number, relative: number, what = 'value'): void {
  close(actual, expected, Math.abs(expected) * relative, what);
}
