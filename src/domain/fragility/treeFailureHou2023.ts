/**
 * Tree failure under wind of Hou & Muraleetharan (2023), "Modeling the resilience of power
 * distribution systems subjected to extreme winds considering tree failures: an integrated
 * framework", Int. J. Disaster Risk Science 14(2):194-208, Eq. 1-2 and Table 2 (bur oak,
 * finite-element tree model of Hou & Chen 2020), as transcribed in VelvetDragon/gridsight
 * `pipeline/gridsight/response/treefall.py` (code transcription; the paper itself was not
 * readable here; docs/vegetation.md):
 *
 *   P(failure mode) = 1 / (1 + exp(−(a0 + a1·H + a2·U)))
 *
 * with H the tree height [m] and U the 3-s gust [m/s]. Two failure modes: stem breakage and
 * uprooting. The broken piece of a broken stem is Hb = 0.946·H − 1.827 m long (Eq. 21).
 */

/** The coefficients of one failure mode's logistic, laid out like the paper's Table 2. */
export interface TreeFailureLogistic {
  /** a0, dimensionless. */
  intercept: number;
  /** a1, per metre of tree height. */
  perHeightM: number;
  /** a2, per m/s of 3-s gust. */
  perGustMs: number;
}

export type TreeFailureMode = 'stem_breakage' | 'uprooting';

/** Table 2 of Hou & Muraleetharan (2023), with the tree heights it was fitted over (their Table 1) and Eq. 21. */
export const HOU_2023_TREE_FAILURE = {
  source:
    'Hou, G. & Muraleetharan, K.K. (2023) Int. J. Disaster Risk Science 14(2):194-208, Eq. 1-2, Table 2 (bur oak), Eq. 21; code transcription (VelvetDragon/gridsight treefall.py)',
  modes: {
    stem_breakage: { intercept: -17.28, perHeightM: 0.42, perGustMs: 0.13 },
    uprooting: { intercept: -2.22, perHeightM: -0.43, perGustMs: 0.11 },
  } satisfies Record<TreeFailureMode, TreeFailureLogistic>,
  /** The tree heights of the paper's stand: uniform between these, metres (Table 1, after Hou & Chen 2020). */
  heightRangeM: [8, 28],
  /** Hb = slope·H + intercept, metres (Eq. 21). */
  brokenLength: { slope: 0.946, interceptM: -1.827 },
} as const;

/** The logistic of Eq. 1-2: probability that a tree of height `heightM` [m] fails by `mode` under a 3-s gust of `gustMs` [m/s]. */
export function treeFailureProbability(mode: TreeFailureMode, heightM: number, gustMs: number): number {
  const a = HOU_2023_TREE_FAILURE.modes[mode];
  return 1 / (1 + Math.exp(-(a.intercept + a.perHeightM * heightM + a.perGustMs * gustMs)));
}

/**
 * The probability that the storm fails the tree: the logistic less its calm-weather value,
 * (P(U) − P(0)) / (1 − P(0)), never below 0. The fitted logistic is not zero at U = 0 (an
 * uprooting rate of 0.35 % for an 8 m tree), which over the hundreds of trees beside a
 * kilometre of line would strike lines in calm weather; the storm's share is what a hazard
 * run asks for (hazsim's judgement, as the gridsight transcription does it; docs/vegetation.md).
 */
export function stormTreeFailureProbability(mode: TreeFailureMode, heightM: number, gustMs: number): number {
  const calm = treeFailureProbability(mode, heightM, 0);
  return Math.max(0, (treeFailureProbability(mode, heightM, gustMs) - calm) / (1 - calm));
}

/** Eq. 21: the length [m] of the piece a broken stem of height `heightM` [m] drops. */
export function brokenLengthM(heightM: number): number {
  return HOU_2023_TREE_FAILURE.brokenLength.slope * heightM + HOU_2023_TREE_FAILURE.brokenLength.interceptM;
}
