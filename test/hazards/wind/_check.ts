import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';

/** Collects every mismatch of a vector table so one failing test reports all of them. */
export class VectorCheck {
  readonly failures: string[] = [];
  worst = { error: 0, label: '' };

  near(actual: number, expected: number, tolerance: number, label: string): void {
    if (Number.isNaN(expected)) {
      if (!Number.isNaN(actual)) this.failures.push(`${label}: expected NaN, got ${actual}`);
      return;
    }
    const error = Math.abs(actual - expected);
    if (!(error <= tolerance)) this.failures.push(`${label}: expected ${expected} ± ${tolerance}, got ${actual} (off by ${error})`);
    else if (error / tolerance >= this.worst.error)
      this.worst = { error: error / tolerance, label: `${label} (|err| = ${error.toExponential(2)}, tol ${tolerance})` };
  }

  /** Fails with every mismatch; otherwise prints the closest call (error as a share of its tolerance). */
  done(name: string): void {
    if (this.failures.length === 0 && this.worst.label)
      console.log(`  ${name}: worst ${(this.worst.error * 100).toFixed(3)} % of tolerance at ${this.worst.label}`);
    if (this.failures.length > 0) assert.unreachable(`${this.failures.length} vector(s) failed:\n  ${this.failures.join('\n  ')}`);
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shared reference data directory, or undefined (with one NOTICE line) when absent. */
export function refdataFile(name: string): string | undefined {
  const file = path.join(path.resolve(repoRoot, '../shared/reference/refdata'), name);
  if (fs.existsSync(file)) return file;
  console.log(`NOTICE: ${file} not found; skipping the tests that need it`);
  return undefined;
}

export function testDataFile(...parts: string[]): string {
  return path.join(repoRoot, 'test/data', ...parts);
}
