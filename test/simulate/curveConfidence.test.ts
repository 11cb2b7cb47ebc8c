import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assetsByCurveConfidence } from '../../src/domain/simulation/summary.js';
import type { SurvivalResult } from '../../src/domain/simulation/types.js';
import type { CurveConfidence } from '../../src/domain/fragility/index.js';

const counting = suite('assetsByCurveConfidence');

/** Four assets over two timestamps; NaN where the quantity did not reach the asset. */
const result = {
  assets: { count: 4, assetType: ['substation', 'distribution_poles', 'substation', 'distribution_underground_cables'] },
  timestamps: ['2024-01-01T00:00:00', '2024-01-01T01:00:00'],
  survivalByQuantity: {
    // t0 then t1, assets 0..3: wind reaches the first three, at t1 only for asset 2.
    wind_speed: new Float64Array([0.9, 0.8, NaN, NaN, 0.9, 0.8, 0.7, NaN]),
    // flood reaches asset 0 only.
    flood_depth: new Float64Array([0.5, NaN, NaN, NaN, 0.4, NaN, NaN, NaN]),
  },
} as unknown as Pick<SurvivalResult, 'assets' | 'timestamps' | 'survivalByQuantity'>;

const CONFIDENCE: Record<string, CurveConfidence> = {
  'substation:wind_speed': 'code-transcription',
  'substation:flood_depth': 'primary',
  'distribution_poles:wind_speed': 'judgement',
};

counting('counts each asset once, under the weakest confidence of the curves whose quantity reached it; none for the rest', () => {
  const counts = assetsByCurveConfidence(result, (type, quantity) => CONFIDENCE[`${type}:${quantity}`]);
  // Asset 0: primary (flood) and code-transcription (wind) -> code-transcription; asset 1: judgement;
  // asset 2: wind at t1 only -> code-transcription; asset 3: no curve reached it -> none.
  assert.equal(counts, [
    { confidence: 'code-transcription', assets: 2, share: 0.5 },
    { confidence: 'judgement', assets: 1, share: 0.25 },
    { confidence: 'none', assets: 1, share: 0.25 },
  ]);
});

counting('a curve without a confidence reads as not-stated, weaker than judgement', () => {
  const counts = assetsByCurveConfidence(result, (type, quantity) =>
    type === 'substation' && quantity === 'flood_depth' ? 'not-stated' : CONFIDENCE[`${type}:${quantity}`],
  );
  assert.equal(
    counts.map((entry) => [entry.confidence, entry.assets]),
    [
      ['code-transcription', 1],
      ['judgement', 1],
      ['not-stated', 1],
      ['none', 1],
    ],
  );
});

counting.run();
