import type { AssetType } from '../../assets/types.js';
import type { FragilityCurveSpec } from '../../fragility/types.js';
import type { HazardDefaultCurves } from '../descriptor.js';

/**
 * DEFAULT_CURVES' fire curves (docs/fragility.md, "Fire"). No published wildfire fragility
 * function of power assets exists; the only published distances are Butler, Webb, Hogge &
 * Wallace (2015)'s minimum vegetation clearances that prevent fire damage (primary): steel
 * towers 1-21 m, wood poles 1-33 m in surface fire and 20-33 m in crown fire. They anchor a
 * labelled judgement: outside the perimeter P(fail) decays with the distance so that it is
 * e⁻³ (5 %) of its value at the perimeter at the upper clearance of the asset's material;
 * inside the perimeter it is a judgement by material.
 */

/** Butler et al. (2015)'s upper clearances, metres. */
export const BUTLER_CLEARANCE_M = { wood: 33, steel: 21, buried: 1 } as const;

/** The decay lengths: the upper clearance reached at three lengths (P falls to e⁻³ = 0.05 of its value at the perimeter). */
const DECAY_LENGTHS_AT_CLEARANCE = 3;

const BUTLER =
  'Butler, Webb, Hogge & Wallace (2015), Vegetation clearance distances to prevent wildland fire caused damage to telecommunication and power transmission infrastructure, Proc. Large Wildland Fires Conference, USDA Forest Service RMRS-P-73, pp. 35-40 (primary, abstract): minimum horizontal clearance from burning vegetation, steel towers 1-21 m, wood poles 1-33 m (surface fire), 20-33 m (crown fire); no probability of failure is published';

/**
 * A fire curve of an asset of `material`: P(fail) `inside` the perimeter, the same at its edge,
 * falling to 5 % of it at the material's upper clearance.
 */
function fire(inside: number, material: keyof typeof BUTLER_CLEARANCE_M, what: string): FragilityCurveSpec {
  const clearance = BUTLER_CLEARANCE_M[material];
  const length = clearance / DECAY_LENGTHS_AT_CLEARANCE;
  return {
    quantity: 'fire_boundary_distance',
    units: 'meter',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'exponential_decay', parameters: { probability_inside: inside, max_probability: inside, length } }],
    out_of_service: 'failure',
    source: `Engineering judgement (hazsim) anchored on ${BUTLER}. ${what}: P(fail) ${inside} inside the perimeter (judgement by material), falling outside to 5 % of it at ${clearance} m (decay length ${Number(length.toPrecision(4))} m), the ${material === 'buried' ? 'lower clearance of any asset, for equipment shielded by soil' : `upper clearance for ${material}`}`,
    confidence: 'judgement',
  };
}

/** DEFAULT_CURVES' fire curve of each asset type. */
const FIRE_CURVES: Record<AssetType, FragilityCurveSpec> = {
  distribution_poles: fire(0.8, 'wood', 'Wood pole'),
  distribution_overhead_lines: fire(0.8, 'wood', 'Conductors on wood poles'),
  transformer_pole_mount: fire(0.8, 'wood', 'Transformer on a wood pole'),
  switch: fire(0.8, 'wood', 'Switch on a wood pole'),
  transmission_tower: fire(0.1, 'steel', 'Steel lattice tower'),
  transmission_overhead_lines: fire(0.2, 'steel', 'Conductors and insulators on steel towers'),
  substation: fire(0.3, 'steel', 'Substation: steel structures in a cleared, gravelled yard'),
  transformer_pad_mount: fire(0.3, 'steel', 'Pad-mounted transformer: steel enclosure at grade'),
  solar_panels: fire(0.5, 'steel', 'PV array: metal frames, panels and inverters'),
  battery_storage: fire(0.5, 'steel', 'Battery storage: steel enclosure with electronics'),
  distribution_underground_cables: fire(0.01, 'buried', 'Buried cable'),
  transmission_underground_cables: fire(0.01, 'buried', 'Buried cable'),
  distribution_junction_box: fire(0.01, 'buried', 'Below-grade junction box'),
  transmission_junction_box: fire(0.01, 'buried', 'Below-grade junction box'),
};

/** The fire hazard type's curves in DEFAULT_CURVES: one per asset type. */
export const FIRE_DEFAULT_CURVES: HazardDefaultCurves = {
  curves: Object.fromEntries(Object.entries(FIRE_CURVES).map(([type, curve]) => [type, [curve]])) as Record<AssetType, FragilityCurveSpec[]>,
};
