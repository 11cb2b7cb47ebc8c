import type { AssetType } from '../assets/types.js';
import { unitFactor, type Dimension } from '../hazards/_units.js';
import { quantityDefinition } from '../hazards/quantities.js';
import type { CurveSet, CurveSetV1, CurveSpec, FragilityCurveSpec, LimitStateSpec } from './types.js';

/**
 * Version 1 curve sets (one curve per quantity and asset type) read as version 2
 * (docs/fragility.md, "Version 1 sets"): each curve becomes a curve of its quantity's hazard
 * with one limit state, "failure", that is also the out-of-service state; no repair time;
 * applies to the asset; no source. The numbers stay as written: a curve's unit is kept
 * (the normal form's std is re-expressed in its mean's unit when they differ). The set falls
 * back on LEGACY_DEFAULT_CURVES, the default it was written against, so it gives the numbers
 * it gave before.
 */

/** The name of the one limit state of a converted curve. */
export const V1_LIMIT_STATE = 'failure';

const QUANTITY_TEXT = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(\S.*?)\s*$/;

/** A validated quantity text split into its number and unit. */
function splitQuantity(text: string): { value: number; unit: string } {
  const match = QUANTITY_TEXT.exec(text);
  if (!match) throw new Error(`unchecked quantity ${text}`);
  return { value: Number(match[1]), unit: match[2] };
}

function convertCurve(curve: CurveSpec, dimension: Dimension): { units: string; limitState: LimitStateSpec } {
  const name = V1_LIMIT_STATE;
  switch (curve.distribution) {
    case 'lognormal': {
      const median = splitQuantity(curve.median);
      return { units: median.unit, limitState: { name, form: 'lognormal', parameters: { median: median.value, beta: curve.beta } } };
    }
    case 'normal': {
      const mean = splitQuantity(curve.mean);
      const std = splitQuantity(curve.std);
      const stdValue = std.unit === mean.unit ? std.value : (std.value * unitFactor(std.unit, dimension)!) / unitFactor(mean.unit, dimension)!;
      return { units: mean.unit, limitState: { name, form: 'normal', parameters: { mean: mean.value, std: stdValue } } };
    }
    case 'exponential_decay': {
      const length = splitQuantity(curve.length);
      const parameters = {
        max_probability: curve.max_probability,
        length: length.value,
        ...(curve.probability_inside !== undefined ? { probability_inside: curve.probability_inside } : {}),
      };
      return { units: length.unit, limitState: { name, form: 'exponential_decay', parameters } };
    }
    case 'scipy':
      return { units: curve.unit, limitState: { name, form: 'scipy', parameters: { name: curve.name, args: [...curve.parameters] } } };
  }
}

/** A version 1 curve as a version 2 curve (one limit state). */
export function convertV1Curve(quantity: string, curve: CurveSpec): FragilityCurveSpec {
  const { units, limitState } = convertCurve(curve, quantityDefinition(quantity).dimension);
  return { quantity, units, applies_to: 'asset', limit_states: [limitState], out_of_service: V1_LIMIT_STATE };
}

/** A (validated) version 1 set as a version 2 set, with a note saying so. */
export function convertV1CurveSet(set: CurveSetV1): CurveSet {
  const curves: CurveSet['curves'] = {};
  for (const [quantity, byType] of Object.entries(set.curves)) {
    const hazard = quantityDefinition(quantity).hazard;
    const column = (curves[hazard] ??= {});
    for (const [assetType, curve] of Object.entries(byType ?? {})) {
      if (!curve) continue;
      (column[assetType as AssetType] ??= []).push(convertV1Curve(quantity, curve));
    }
  }
  return {
    format_version: 2,
    ...(set.name !== undefined ? { name: set.name } : {}),
    ...(set.description !== undefined ? { description: set.description } : {}),
    notes: [
      'converted from a version 1 curve set: one limit state "failure" per curve, out of service at failure, no repair times; pairs it leaves out come from LEGACY_DEFAULT_CURVES',
    ],
    fallback: 'LEGACY_DEFAULT_CURVES',
    curves,
  };
}
