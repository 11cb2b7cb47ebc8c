import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { peakSampler, sampleGenerator, sequentialSampler, type Sampler } from '../../src/domain/scenarios/index.js';
import { close } from '../helpers/assert.js';

/** A generator that returns the given draws in order (the samplers take any uniform source). */
function drawsOf(values: number[]): () => number {
  let next = 0;
  return () => values[next++];
}

/** Builds a timestamp-major survival array from per-asset series. */
function survivalOf(perAsset: number[][]): Float64Array {
  const assets = perAsset.length;
  const out = new Float64Array(assets * perAsset[0].length);
  perAsset.forEach((series, a) => series.forEach((value, t) => (out[t * assets + a] = value)));
  return out;
}

function drawOnce(sampler: Sampler, rng: () => number, assets: number): Array<[number, number]> {
  const failed = new Int32Array(assets);
  const times = new Int32Array(assets);
  const count = sampler.draw(rng, failed, times);
  return Array.from({ length: count }, (_, j) => [failed[j], times[j]]);
}

const peak = suite('peakSampler');

peak('fails an asset iff its draw is below 1 − lowest survival, at the first timestamp of that lowest value', () => {
  // Asset 0: lowest 0.4 at t = 1 and again at t = 3 → p = 0.6, fails at t = 1.
  // Asset 1: lowest 0.75 at t = 2 → p = 0.25.
  const survival = survivalOf([
    [0.9, 0.4, 0.7, 0.4],
    [1, 0.8, 0.75, 0.9],
  ]);
  const sampler = peakSampler(survival, 2, 4);
  close(sampler.failureProbability[0], 0.6, 1e-15, 'p of asset 0');
  close(sampler.failureProbability[1], 0.25, 1e-15, 'p of asset 1');
  assert.equal(drawOnce(sampler, drawsOf([0.59, 0.24]), 2), [
    [0, 1],
    [1, 2],
  ]);
  assert.equal(drawOnce(sampler, drawsOf([0.61, 0.26]), 2), []);
});

peak('does not fail on a draw equal to the failure probability (strict comparison)', () => {
  const sampler = peakSampler(survivalOf([[0.5]]), 1, 1);
  assert.equal(drawOnce(sampler, drawsOf([0.5]), 1), []);
});

peak('never fails an asset whose survival is 1 throughout, and always fails one whose survival reaches 0', () => {
  const sampler = peakSampler(
    survivalOf([
      [1, 1, 1],
      [1, 0, 1],
    ]),
    2,
    3,
  );
  assert.equal(drawOnce(sampler, drawsOf([0, 0.999999]), 2), [[1, 1]]);
});

peak('takes exactly one draw per asset, whether or not it can fail', () => {
  let used = 0;
  const counting = () => ((used += 1), 0.5);
  drawOnce(peakSampler(survivalOf([[1], [0.2], [0.9]]), 3, 1), counting, 3);
  assert.is(used, 3);
});

peak('treats an input without timestamps as nothing to fail', () => {
  const sampler = peakSampler(new Float64Array(0), 2, 0);
  assert.equal(Array.from(sampler.failureProbability), [0, 0]);
  assert.equal(drawOnce(sampler, drawsOf([0, 0]), 2), []);
});

peak.run();

const sequential = suite('sequentialSampler');

sequential('fails at the first t with u < 1 − Π_{k≤t} survival(k) (hand-worked: 0.1, 0.55, 0.64)', () => {
  // survival 0.9, 0.5, 0.8 → failed by t: 1 − 0.9 = 0.1; 1 − 0.45 = 0.55; 1 − 0.36 = 0.64.
  const sampler = sequentialSampler(survivalOf([[0.9, 0.5, 0.8]]), 1, 3);
  close(sampler.failureProbability[0], 0.64, 1e-15, 'p');
  assert.equal(drawOnce(sampler, drawsOf([0.05]), 1), [[0, 0]]);
  assert.equal(drawOnce(sampler, drawsOf([0.1]), 1), [[0, 1]]);
  assert.equal(drawOnce(sampler, drawsOf([0.3]), 1), [[0, 1]]);
  assert.equal(drawOnce(sampler, drawsOf([0.6]), 1), [[0, 2]]);
  assert.equal(drawOnce(sampler, drawsOf([0.64]), 1), []);
});

sequential('fails for sure by a timestamp whose survival is 0, and never with survival 1', () => {
  const sampler = sequentialSampler(
    survivalOf([
      [1, 1, 1],
      [0.99, 0, 1],
    ]),
    2,
    3,
  );
  assert.equal(drawOnce(sampler, drawsOf([0, 0.999999]), 2), [[1, 1]]);
});

sequential('takes one draw per asset, and fails every asset that peak fails with the same draws', () => {
  const assets = 300;
  const timestamps = 6;
  const survival = new Float64Array(assets * timestamps).map((_, i) => 0.7 + 0.3 * ((i * 0.6180339887) % 1));
  const peakDraws = peakSampler(survival, assets, timestamps);
  const sequentialDraws = sequentialSampler(survival, assets, timestamps);
  for (let i = 0; i < 20; i += 1) {
    const underPeak = drawOnce(peakDraws, sampleGenerator(5, i), assets).map(([asset]) => asset);
    const underSequential = new Set(drawOnce(sequentialDraws, sampleGenerator(5, i), assets).map(([asset]) => asset));
    for (const asset of underPeak) assert.ok(underSequential.has(asset), `sample ${i}: asset ${asset} fails under peak but not sequential`);
  }
  let used = 0;
  const counting = () => ((used += 1), 0.01);
  drawOnce(sequentialDraws, counting, assets);
  assert.is(used, assets);
});

sequential.run();
