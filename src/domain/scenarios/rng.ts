/**
 * The only source of randomness in hazsim: one independent generator per sample, derived
 * from (seed, sample index) alone, so a sample's draws never depend on how samples are
 * split between workers or in which order they run.
 */
import seedrandom from 'seedrandom';

/** A uniform draw in [0, 1). */
export type UniformGenerator = () => number;

/** Written into tracked_changes.json so anyone can replay the draws. */
export const RNG_DESCRIPTION = {
  name: 'seedrandom.alea',
  library: 'seedrandom 3.0.5 (npm), Alea by Johannes Baagøe',
  derivation:
    'sample i draws from seedrandom.alea(`${seed}:${i}`), i.e. Alea seeded with the decimal seed, a colon and the decimal sample index (sample 7 of seed 42: "42:7"); each draw is one call of the generator, a double in [0, 1) with 32 random bits',
} as const;

/** Added to RNG_DESCRIPTION when a run samples correlated shaking. */
export const SHAKING_STREAM_DESCRIPTION =
  'the shaking of sample i (between-event residual, then the within-event field) draws from its own stream seedrandom.alea(`${seed}:${i}:shaking`), so the asset draws above are those of a run without it';

/** The generator of sample `sampleIndex` (0-based) of a run seeded with `seed`. */
export function sampleGenerator(seed: number, sampleIndex: number): UniformGenerator {
  return seedrandom.alea(`${seed}:${sampleIndex}`);
}

/** A second, independent stream of sample `sampleIndex` for one purpose (e.g. "42:7:shaking"). */
export function sampleStream(seed: number, sampleIndex: number, purpose: string): UniformGenerator {
  return seedrandom.alea(`${seed}:${sampleIndex}:${purpose}`);
}
