/**
 * Marks the running test as skipped: it prints the one line test/run.mjs counts ("SKIP: <reason>"),
 * then the test returns. Call it once per test that cannot run here.
 */
export function skipTest(reason: string): void {
  console.log(`SKIP: ${reason}`);
}
