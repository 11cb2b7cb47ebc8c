import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { progressLine } from '../../commands/progress.js';

// The progress bar fits the terminal: a line as wide as the terminal wraps, and \r then redraws
// only its last part, leaving a trail of lines in a narrow window.

const test = suite('progressLine');

test('80 columns: the phase in 24, a bar of 30, the percentage (62 characters)', () => {
  const line = progressLine('computing survival', 0.5, 80);
  assert.is(line, `${'computing survival'.padEnd(24)} [${'#'.repeat(15)}${'.'.repeat(15)}]  50%`);
});

test('narrow terminals: never wider than columns − 1, the bar shrinking first, then the phase', () => {
  for (let columns = 1; columns <= 80; columns++) {
    const line = progressLine('computing survival', 0.42, columns);
    assert.ok(line.length <= columns - 1 || (columns === 1 && line === ''), `${columns}: ${JSON.stringify(line)}`);
  }
  assert.match(progressLine('computing survival', 1, 40), /^computing survival +\[#+\] 100%$/);
  assert.is(progressLine('computing survival', 0.42, 12), ' 42%');
});

test.run();
