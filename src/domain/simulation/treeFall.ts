/**
 * Tree strikes on an overhead span (docs/vegetation.md): how many trees beside a kilometre of
 * line fail under a gust (Hou & Muraleetharan 2023, src/domain/fragility/treeFailureHou2023.ts)
 * and fall far enough, and in a direction, to reach the conductor. Pure functions.
 *
 * Geometry (Hou & Muraleetharan 2023, Eq. 11-12, as transcribed): a tree falling about its
 * pivot touches a conductor at height h when its falling length L reaches it, which happens
 * within a horizontal distance R = sqrt(L² − h'²) of the tree, h' the conductor's height above
 * the pivot. Uprooted: pivot at the ground, L = H, h' = h. Broken: pivot at the break, L = Hb,
 * h' = h − (H − Hb).
 *
 * Fall direction (hazsim's judgement): uniform in azimuth. Trees fall downwind, and the wind
 * turns through every direction as a storm passes while a span can run any way, so no side and
 * no angle is preferred. A tree at distance d from the line (d < R) then reaches it with
 * probability arccos(d/R)/π. Trees stand at the stand's density from the cleared distance w
 * outwards on both sides, so the expected number of trees per metre of line that reach it,
 * per tree failing, is
 *
 *   2·ρ·∫_w^R arccos(d/R)/π dd = (2ρR/π)·(sqrt(1 − a²) − a·arccos a),  a = w/R
 *
 * (0 when R ≤ w). Tree heights are uniform over the stand's range, integrated by the midpoint rule.
 */
import { brokenLengthM, stormTreeFailureProbability, type TreeFailureMode } from '../fragility/treeFailureHou2023.js';

/** The trees beside one line and the line's geometry, as the strike model needs them. */
export interface TreeStand {
  /** Trees per hectare beside the line, beyond the cleared distance. */
  treesPerHectare: number;
  /** Tree heights are uniform between these, metres. */
  heightMinM: number;
  heightMaxM: number;
  /** Horizontal distance from the conductor to the nearest tree stems, metres. */
  clearanceM: number;
  /** Conductor height above ground, metres. */
  conductorHeightM: number;
}

/** Midpoints over a stand's height range: enough for the logistics' curvature over 20 m (changes the rate by < 0.1 %). */
const HEIGHT_POINTS = 40;

/**
 * Expected trees per metre of line that reach it when each tree of the strip falls, per unit of
 * probability: (2ρR/π)·(sqrt(1 − a²) − a·arccos a), ρ in trees per m², R and w in metres.
 */
export function reachingTreesPerM(treesPerM2: number, reachM: number, clearanceM: number): number {
  if (!(reachM > clearanceM)) return 0;
  const a = clearanceM / reachM;
  return ((2 * treesPerM2 * reachM) / Math.PI) * (Math.sqrt(1 - a * a) - a * Math.acos(a));
}

/** R = sqrt(L² − h'²): how far from its stem a falling length L reaches a conductor h' above its pivot, metres (0 when it cannot). */
export function fallReachM(fallingLengthM: number, conductorAbovePivotM: number): number {
  const squared = fallingLengthM * fallingLengthM - conductorAbovePivotM * conductorAbovePivotM;
  return squared > 0 ? Math.sqrt(squared) : 0;
}

/** Per failure mode, the reach of a tree of height H [m] towards a conductor at h [m]. */
function reachByMode(heightM: number, conductorHeightM: number): Record<TreeFailureMode, number> {
  const broken = Math.max(0, brokenLengthM(heightM));
  return {
    uprooting: fallReachM(heightM, conductorHeightM),
    stem_breakage: fallReachM(broken, conductorHeightM - (heightM - broken)),
  };
}

/** The heights a stand is integrated over: the midpoints of HEIGHT_POINTS equal slices (one height when min = max). */
function standHeights(stand: TreeStand): number[] {
  if (stand.heightMaxM === stand.heightMinM) return [stand.heightMinM];
  const step = (stand.heightMaxM - stand.heightMinM) / HEIGHT_POINTS;
  return Array.from({ length: HEIGHT_POINTS }, (_, k) => stand.heightMinM + (k + 0.5) * step);
}

const MODES: readonly TreeFailureMode[] = ['stem_breakage', 'uprooting'];

/**
 * The strike model of one stand prepared once: per height of its range and failure mode, the
 * trees per metre of line that reach the conductor when they fall. `strikesPerKm(gustMs)` then
 * weighs them by the storm's failure probability at the 3-s gust `gustMs` [m/s]. A tree that
 * both breaks and uproots counts twice: for the source's heights (8-28 m) and gusts up to
 * 60 m/s the product of the two probabilities is at most 3.4 % of their sum.
 */
export function prepareStand(stand: TreeStand): { strikesPerKm(gustMs: number): number } {
  const treesPerM2 = stand.treesPerHectare / 10_000;
  const terms = standHeights(stand).flatMap((heightM) => {
    const reach = reachByMode(heightM, stand.conductorHeightM);
    return MODES.map((mode) => ({ mode, heightM, reaching: reachingTreesPerM(treesPerM2, reach[mode], stand.clearanceM) })).filter((term) => term.reaching > 0);
  });
  const points = stand.heightMaxM === stand.heightMinM ? 1 : HEIGHT_POINTS;
  return {
    strikesPerKm(gustMs: number): number {
      let sum = 0;
      for (const term of terms) sum += stormTreeFailureProbability(term.mode, term.heightM, gustMs) * term.reaching;
      return (1000 * sum) / points;
    },
  };
}

/** Probability that a span of `spanLengthM` [m] is struck by no tree, strikes being Poisson at `strikesPerKm` per km (each strike fails the span). */
export function spanSurvival(strikesPerKm: number, spanLengthM: number): number {
  return Math.exp((-strikesPerKm * spanLengthM) / 1000);
}
