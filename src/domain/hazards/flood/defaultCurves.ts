import type { AssetType } from '../../assets/types.js';
import type { CurveConfidence, FragilityCurveSpec } from '../../fragility/types.js';
import type { HazardDefaultCurves, NotVulnerableNote } from '../descriptor.js';

/**
 * DEFAULT_CURVES' flood curves (docs/fragility.md, "Flood"). Hazus's utility depth-damage
 * functions are repair-cost percentages, not probabilities of losing function, so they do not
 * give survival here; what Hazus says of function is a depth threshold, and that anchors the
 * curves. hazsim's flood depth at an asset is the water's depth above the asset's height
 * (docs/input-hazard.md), so a threshold "above equipment height" reads directly on it.
 */

/**
 * Hazus's functional depth of electric substations and power plants, 4 ft above an equipment
 * height of 0 ft, non-functional when the depth exceeds it by 0.1 ft or more (FEMA 2024,
 * Hazus 6.1 Inventory Technical Manual Table 10-13; Flood Technical Manual §10.4.2).
 */
export const HAZUS_FUNCTIONAL_DEPTH_FT = 4;
/** The margin by which the depth must exceed the functional depth (Flood TM 6.1 §10.4.2). */
export const HAZUS_FUNCTIONAL_MARGIN_FT = 0.1;

/** A step written as a lognormal: P(fail) 0.02 at 0.98 of the threshold, 0.98 at 1.02 of it. */
const STEP_BETA = 0.01;

/**
 * The judgement spread around a borrowed threshold: P(fail) 0.16 at 0.74 of the median, 0.84 at
 * 1.35 of it, since the threshold belongs to another class of equipment.
 */
const BORROWED_BETA = 0.3;

/**
 * Hazus-MH (FEMA 2013) describes its substation with switchgear 3 ft above grade and losing
 * function at 4 ft: 1 ft of water over the equipment's base (as quoted by Nirandjan et al. 2024,
 * Table D2, F2.1-F2.3; secondary).
 */
const WATER_OVER_EQUIPMENT_FT = 1;

const HAZUS_THRESHOLD =
  "FEMA (2024), Hazus 6.1 Inventory Technical Manual, Table 10-13, p.10-18 (and Hazus 7.0, Table 9-13, p.9-17): electric substations (ESSL, ESSM, ESSH), equipment height 0 ft, functional depth 4 ft (1.22 m); FEMA (2024), Hazus 6.1 Flood Model Technical Manual §10.4.2: non-functional when the depth exceeds the functional depth by 0.1 ft or more (primary). Written as a step at 4.1 ft (lognormal, β 0.01). Hazus's substation depth-damage function (flUtilFltyDmgFn 64-66, 0-15 % repair cost) is a cost ratio, not a probability, and is not used for survival";

const SUBSTATION_DEPTH: FragilityCurveSpec = {
  quantity: 'flood_depth',
  units: 'foot',
  applies_to: 'asset',
  limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: HAZUS_FUNCTIONAL_DEPTH_FT + HAZUS_FUNCTIONAL_MARGIN_FT, beta: STEP_BETA } }],
  out_of_service: 'failure',
  source: HAZUS_THRESHOLD,
  confidence: 'primary',
};

/** Equipment with no published flood curve: out of service once water stands 1 ft over its base (the Hazus-MH 2013 substation's margin), spread by BORROWED_BETA. */
function equipmentDepth(what: string): FragilityCurveSpec {
  return {
    quantity: 'flood_depth',
    units: 'foot',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: WATER_OVER_EQUIPMENT_FT, beta: BORROWED_BETA } }],
    out_of_service: 'failure',
    source: `Engineering judgement (hazsim; no published flood curve for ${what} was found), anchored on Hazus's substation: FEMA (2013) Hazus-MH flood technical manual, switchgear 3 ft above grade, non-functional at 4 ft, i.e. 1 ft of water over the equipment's base (as quoted by Nirandjan et al. (2024), NHESS 24:4341-4369, Table D2, F2.1-F2.3; secondary), with Hazus 6.1's functional depth of 4 ft at grade (primary) as its upper anchor. Median 1 ft above the asset's height, β 0.3`,
    confidence: 'judgement',
  };
}

/**
 * The flood-velocity column of ERAD's uncited default table, [median m/s, β] per asset type:
 * LEGACY_DEFAULT_CURVES_TABLE (src/domain/fragility/legacyDefaultCurves.ts) reads its
 * velocity column from here, so the two cannot drift apart.
 */
export const ERAD_FLOOD_VELOCITY = {
  switch: [1.5, 0.35],
  battery_storage: [1.5, 0.35],
  distribution_junction_box: [2.0, 0.4],
  distribution_overhead_lines: [3.5, 0.35],
  distribution_poles: [3.0, 0.35],
  distribution_underground_cables: [2.0, 0.4],
  solar_panels: [2.0, 0.35],
  substation: [2.0, 0.4],
  transformer_pad_mount: [1.5, 0.35],
  transformer_pole_mount: [2.5, 0.3],
  transmission_junction_box: [1.5, 0.4],
  transmission_overhead_lines: [3.5, 0.35],
  transmission_tower: [3.0, 0.4],
  transmission_underground_cables: [2.0, 0.4],
} as const satisfies Record<AssetType, readonly [number, number]>;

/**
 * Velocity: no fragility of power components by flow velocity was found. The curves keep
 * LEGACY_DEFAULT_CURVES' values (ERAD's uncited table) as labelled judgement.
 */
function velocityJudgement(assetType: AssetType): FragilityCurveSpec {
  const [median, beta] = ERAD_FLOOD_VELOCITY[assetType];
  return {
    quantity: 'flood_velocity',
    units: 'meter / second',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median, beta } }],
    out_of_service: 'failure',
    source:
      "Engineering judgement (hazsim): no fragility of power components by flow velocity was found (Hazus's velocity-depth collapse curves are for buildings only and are not in the Hazus 6.1/7.0 manuals; tsunami pole studies such as Stephens et al. (2023), J. Coastal & Hydraulic Structures 3:22, could not be read); the values are LEGACY_DEFAULT_CURVES' (ERAD's uncited table), kept so that fast shallow water still counts",
    confidence: 'judgement',
  };
}

/** DEFAULT_CURVES' flood curves by asset type; an empty list: the asset type does not fail in a flood (FLOOD_NOT_VULNERABLE says why). */
const FLOOD_CURVES: Record<AssetType, FragilityCurveSpec[]> = {
  substation: [SUBSTATION_DEPTH, velocityJudgement('substation')],
  transformer_pad_mount: [equipmentDepth('pad-mounted transformers or switchgear'), velocityJudgement('transformer_pad_mount')],
  transformer_pole_mount: [equipmentDepth('pole-mounted transformers'), velocityJudgement('transformer_pole_mount')],
  switch: [equipmentDepth('switches'), velocityJudgement('switch')],
  solar_panels: [equipmentDepth('PV arrays'), velocityJudgement('solar_panels')],
  battery_storage: [equipmentDepth('battery storage'), velocityJudgement('battery_storage')],
  // Structures: submergence does not fail them (the circuits they carry take no damage from it); velocity as judgement.
  distribution_poles: [velocityJudgement('distribution_poles')],
  transmission_tower: [velocityJudgement('transmission_tower')],
  distribution_overhead_lines: [],
  distribution_underground_cables: [],
  transmission_overhead_lines: [],
  transmission_underground_cables: [],
  distribution_junction_box: [],
  transmission_junction_box: [],
};

const FEMA_CIRCUITS =
  'FEMA (2013), Hazus-MH flood technical manual, distribution circuits: no damage from submergence (buried crossings F5.1, non-crossing circuits F6.1; elevated crossings F6.2 at most 2 % repair cost), as quoted by Nirandjan et al. (2024), NHESS 24:4341-4369, Table D2 (secondary); Hazus 6.1 Inventory TM Table 10-13: distribution circuits not analysed in the flood model';

const circuits = (why: string, confidence: CurveConfidence): NotVulnerableNote => ({ source: `${FEMA_CIRCUITS}${why}`, confidence });

/** Why FLOOD_CURVES' empty lists do not fail. */
const FLOOD_NOT_VULNERABLE: Partial<Record<AssetType, NotVulnerableNote>> = {
  distribution_overhead_lines: circuits('; the poles between its spans are judged by their own curve', 'secondary'),
  distribution_underground_cables: circuits('', 'secondary'),
  transmission_overhead_lines: circuits(
    '; applied to transmission circuits by engineering judgement, the towers between spans judged by their own curve',
    'judgement',
  ),
  transmission_underground_cables: circuits('; applied to transmission cables by engineering judgement', 'judgement'),
  distribution_junction_box: circuits(
    "; applied to below-grade junctions of a circuit by engineering judgement (Hazus's 40 % control-vault function is for water, wastewater, oil and gas vaults, not electric ones)",
    'judgement',
  ),
  transmission_junction_box: circuits(
    "; applied to below-grade junctions of a circuit by engineering judgement (Hazus's 40 % control-vault function is for water, wastewater, oil and gas vaults, not electric ones)",
    'judgement',
  ),
};

/** The flood hazard type's curves in DEFAULT_CURVES. */
export const FLOOD_DEFAULT_CURVES: HazardDefaultCurves = { curves: FLOOD_CURVES, notVulnerable: FLOOD_NOT_VULNERABLE };
