/**
 * The fragility curves a run used, ready to plot: failure probability over the range of the
 * measure that matters (up to where the curve saturates and beyond the highest value seen),
 * with the peak intensities the assets of that type saw marked on the curve.
 */
import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import { compileFragility, reportedConfidence, survivalAt, type CurveConfidence, type FragilityCurveSpec } from '../fragility/index.js';
import { quantityDefinition } from '../hazards/quantities.js';

/** One row of the result's fragility_curves table, its definition parsed. */
export interface UsedCurve {
  asset_type: string;
  quantity: string;
  curve_set: string;
  definition: FragilityCurveSpec;
}

export interface CurvePlot {
  assetType: string;
  quantity: string;
  curveSet: string;
  /** The SI unit of the x values. */
  unit: string;
  /** The curve as written in the set (with its source when the set gives one). */
  definition: FragilityCurveSpec;
  /** The curve's confidence as it reads (`not-stated` where the set gives none). */
  confidence: CurveConfidence;
  x: number[];
  /** P(reaching the out-of-service limit state): 1 − the survival the result records. */
  failure: number[];
  /** Every limit state of the curve, in order, with P(reaching it) at each x; `outOfService` names the one `failure` follows. */
  limitStates: { name: string; probability: number[] }[];
  outOfService: string;
  /** [peak intensity, failure probability] of up to MAX_MARKS assets of this type. */
  seen: [number, number][];
}

const CURVE_POINTS = 120;
const MAX_MARKS = 200;

/** Rounds for the page: 4 significant digits keep the plot exact to the pixel and the file small. */
function round(value: number): number {
  return Number(value.toPrecision(4));
}

/**
 * Plots of the curves some asset was judged by: the pairs of asset type and quantity where
 * an asset of that type has a peak value. `peaks` holds, per quantity, one SI value per asset (NaN: not exposed).
 */
export function curvePlots(curves: readonly UsedCurve[], assetTypes: readonly string[], peaks: ReadonlyMap<string, Float64Array>): CurvePlot[] {
  const plots: CurvePlot[] = [];
  for (const used of curves) {
    const values = peaks.get(used.quantity);
    if (!values || !(ASSET_TYPES as readonly string[]).includes(used.asset_type)) continue;
    const assetType = used.asset_type as AssetType;
    const seenValues: number[] = [];
    for (let asset = 0; asset < assetTypes.length; asset += 1)
      if (assetTypes[asset] === assetType && Number.isFinite(values[asset])) seenValues.push(values[asset]);
    if (seenValues.length === 0) continue;
    // The curve's out-of-service limit state: what the survival the report shows was computed from.
    const { hazard, dimension } = quantityDefinition(used.quantity);
    const fragility = compileFragility(used.definition, hazard, dimension);
    const curve = fragility.limitStates[fragility.outOfService];
    const failureAt = (x: number) => 1 - survivalAt(curve, x);
    const rising = quantityDefinition(used.quantity).mostSevere === 'max';
    // The range runs from 0 to where the curve is within 1 % of its far end, and past every value seen.
    let end = Math.max(...seenValues.map(Math.abs), 1e-6) * 1.1;
    for (let step = 0; step < 60 && (rising ? failureAt(end) < 0.99 : failureAt(end) > 0.01); step += 1) end *= 1.5;
    const x: number[] = [];
    const failure: number[] = [];
    const limitStates = fragility.limitStates.map((_, index) => ({ name: fragility.limitStateNames[index], probability: [] as number[] }));
    const start = Math.min(0, ...seenValues);
    for (let i = 0; i <= CURVE_POINTS; i += 1) {
      const value = start + ((end - start) * i) / CURVE_POINTS;
      x.push(round(value));
      failure.push(round(failureAt(value)));
      fragility.limitStates.forEach((limitState, index) => limitStates[index].probability.push(round(1 - survivalAt(limitState, value))));
    }
    const stride = Math.max(1, Math.ceil(seenValues.length / MAX_MARKS));
    const seen: [number, number][] = [];
    for (let i = 0; i < seenValues.length; i += stride) seen.push([round(seenValues[i]), round(failureAt(seenValues[i]))]);
    plots.push({
      assetType,
      quantity: used.quantity,
      curveSet: used.curve_set,
      unit: quantityDefinition(used.quantity).siUnit,
      definition: used.definition,
      confidence: reportedConfidence(used.definition),
      x,
      failure,
      limitStates,
      outOfService: fragility.limitStateNames[fragility.outOfService],
      seen,
    });
  }
  return plots;
}
