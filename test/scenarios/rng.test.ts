import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { RNG_DESCRIPTION, sampleGenerator } from '../../src/domain/scenarios/index.js';

const test = suite('sampleGenerator');

const draws = (generator: () => number, count: number) => Array.from({ length: count }, () => generator());

test('is Baagøe’s Alea as seedrandom ships it (README: alea("hello.")() is always 0.4783254903741181)', () => {
  assert.is(seedrandom.alea('hello.')(), 0.4783254903741181);
  assert.is(RNG_DESCRIPTION.name, 'seedrandom.alea');
});

test('seeds sample i of seed s with the string "s:i", as the metadata documents', () => {
  assert.equal(draws(sampleGenerator(42, 7), 5), draws(seedrandom.alea('42:7'), 5));
  assert.ok(RNG_DESCRIPTION.derivation.includes('"42:7"'));
});

test('gives the same draws for the same (seed, sample) however often and in whatever order it is built', () => {
  const later = draws(sampleGenerator(3, 9), 100);
  draws(sampleGenerator(3, 8), 1000);
  assert.equal(draws(sampleGenerator(3, 9), 100), later);
});

test('gives different draws for another seed or another sample, including "1:23" against "12:3"', () => {
  const reference = draws(sampleGenerator(1, 23), 20);
  assert.not.equal(draws(sampleGenerator(12, 3), 20), reference);
  assert.not.equal(draws(sampleGenerator(2, 23), 20), reference);
  assert.not.equal(draws(sampleGenerator(1, 24), 20), reference);
});

test('draws in [0, 1)', () => {
  for (const value of draws(sampleGenerator(4294967295, 99999), 10000)) assert.ok(value >= 0 && value < 1);
});

test.run();
