/**
 * Standard normal deviates from a caller-supplied uniform source, by the Box–Muller transform
 * (Box & Muller 1958, "A note on the generation of random normal deviates", Ann. Math. Stat.
 * 29:610–611): two uniforms u1 ∈ (0, 1], u2 ∈ [0, 1) give two independent N(0, 1) values
 * √(−2 ln u1)·cos(2π u2) and √(−2 ln u1)·sin(2π u2).
 *
 * Chosen over the polar (Marsaglia) method because it consumes exactly two uniforms per pair,
 * without rejection, so the position in the uniform stream of every normal is fixed. The uniform
 * source is used as 1 − u for the logarithm so that u = 0 (possible with [0, 1) generators) is
 * safe. With 32-bit uniforms (seedrandom's alea()), |z| ≤ √(2·32·ln 2) ≈ 6.66: tails beyond
 * 6.66σ (probability 3e-11) are not produced.
 *
 * The generator holds only its own pending second value; no global state.
 */

/** A source of uniform numbers in [0, 1), e.g. seedrandom.alea(`${seed}:${sample}`). */
export type UniformSource = () => number;

/** A source of independent standard normal numbers. */
export type NormalSource = () => number;

/** A standard-normal source drawing from `uniform` (two uniforms per two normals). */
export function createStandardNormalSource(uniform: UniformSource): NormalSource {
  let pending = 0;
  let hasPending = false;
  return () => {
    if (hasPending) {
      hasPending = false;
      return pending;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    pending = radius * Math.sin(angle);
    hasPending = true;
    return radius * Math.cos(angle);
  };
}
