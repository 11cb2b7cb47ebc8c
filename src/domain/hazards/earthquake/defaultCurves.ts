import type { AssetType } from '../../assets/types.js';
import type { CurveConfidence, FragilityCurveSpec, LimitStateSpec, RepairTimeSpec } from '../../fragility/types.js';
import type { HazardDefaultCurves } from '../descriptor.js';

/**
 * DEFAULT_CURVES' earthquake curves (docs/fragility.md has the table, every candidate found
 * per asset type, and why each was chosen): HAZUS 5.1 electric power classes. The evidence is
 * shared/reference/fragility-sources (curves.csv). Judgement is labelled `judgement` and
 * anchored on the nearest published number.
 */

const HAZUS_TABLE = 'FEMA (2022), Hazus Earthquake Model Technical Manual, Hazus 5.1, electric power system fragility';
/** The restoration table's source; its values could not be checked against a readable text (shared/reference/fragility-sources §4). */
const HAZUS_RESTORATION =
  'FEMA (2022), Hazus 5.1 Earthquake Technical Manual, continuous restoration functions for electric power systems (normal, days; after ATC-13)';

/** HAZUS 5.1 earthquake classes used (median PGA [g], β) for slight, moderate, extensive, complete; the same numbers as the SimCenter DLML Hazus v5.1 power table. */
export const HAZUS_EARTHQUAKE_CLASSES = {
  /** EP.S.L.U: substation, low voltage (34.5-150 kV), unanchored / standard components. */
  'EP.S.L.U': [
    [0.13, 0.65],
    [0.26, 0.5],
    [0.34, 0.4],
    [0.74, 0.4],
  ],
  /** EP.C.U: distribution circuit, unanchored / standard components. */
  'EP.C.U': [
    [0.24, 0.25],
    [0.33, 0.2],
    [0.58, 0.15],
    [0.89, 0.15],
  ],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

const DAMAGE_STATES = ['slight', 'moderate', 'extensive', 'complete'] as const;

/** HAZUS restoration functions (mean, σ in days) per damage state. */
const HAZUS_RESTORATION_DAYS = {
  substation: [
    [1, 0.5],
    [3, 1.5],
    [7, 3.5],
    [30, 15],
  ],
  distribution_circuit: [
    [0.3, 0.2],
    [1, 0.5],
    [3, 1.5],
    [7, 3],
  ],
} as const;

/** Days in hours, rounded to 12 significant digits so 0.3 d reads 7.2 h, not 7.199999999999999. */
const hours = (days: number) => Number((days * 24).toPrecision(12));

/**
 * HAZUS 5.1's definitions of the distribution-circuit damage states (EP.C): the share of all
 * circuits failed in each (FEMA 2022, Hazus 5.1 EQ Technical Manual; as in the SimCenter DLML
 * Hazus v5.1 power fragility.json, "Slight damage is defined by the failure of 4% of all
 * circuits" … "Complete … 80%").
 */
export const HAZUS_CIRCUIT_FAILED_FRACTION = { slight: 0.04, moderate: 0.12, extensive: 0.5, complete: 0.8 } as const;

/**
 * How hazsim maps HAZUS's circuit onto a feeder (docs/physics.md, "Circuits"): every line asset
 * (the GDM branch between two buses, overhead or underground) is one circuit, with the poles
 * between its spans; it is out of service with the expected share of circuits failed.
 */
const CIRCUIT_RULE =
  "; applied per circuit, one circuit per line asset with the structures between its spans (hazsim's mapping), out of service with the expected share of circuits failed, Σ P(DS = k)·share_k with HAZUS's shares (slight 4 %, moderate 12 %, extensive 50 %, complete 80 % of circuits failed)";

function hazusEarthquake(
  hazusClass: keyof typeof HAZUS_EARTHQUAKE_CLASSES,
  restoration: keyof typeof HAZUS_RESTORATION_DAYS,
  why: string,
  appliesTo: 'asset' | 'circuit' = 'asset',
  confidence: CurveConfidence = 'code-transcription',
): FragilityCurveSpec {
  const limitStates: LimitStateSpec[] = HAZUS_EARTHQUAKE_CLASSES[hazusClass].map(([median, beta], index) => ({
    name: DAMAGE_STATES[index],
    form: 'lognormal',
    parameters: { median, beta },
  }));
  const repair: Record<string, RepairTimeSpec> = Object.fromEntries(
    HAZUS_RESTORATION_DAYS[restoration].map(([mean, sd], index) => [
      DAMAGE_STATES[index],
      { distribution: 'normal', mean_hours: hours(mean), sd_hours: hours(sd) },
    ]),
  );
  const outOfService =
    appliesTo === 'circuit'
      ? CIRCUIT_RULE
      : ". Out of service from extensive damage (hazsim's reading for a component: the first state HAZUS describes as loss of most components or circuits)";
  return {
    quantity: 'pga',
    units: 'standard_gravity',
    applies_to: appliesTo,
    limit_states: limitStates,
    out_of_service: 'extensive',
    ...(appliesTo === 'circuit' ? { failed_fraction: { ...HAZUS_CIRCUIT_FAILED_FRACTION } } : {}),
    repair_time: repair,
    repair_time_confidence: 'not-verified',
    source: `${HAZUS_TABLE}, class ${hazusClass}${why} (numbers as in the SimCenter DLML Hazus v5.1 power fragility.csv @1ab3c1d5; code-transcription); repair times: ${HAZUS_RESTORATION}, ${restoration.replace('_', ' ')}s (not verified: no readable text or transcription of the table was found)${outOfService}`,
    confidence,
  };
}

const EARTHQUAKE: Record<AssetType, FragilityCurveSpec> = {
  substation: hazusEarthquake('EP.S.L.U', 'substation', ''),
  switch: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (in-line equipment of a distribution circuit)'),
  transformer_pole_mount: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (in-line equipment of a distribution circuit)'),
  transformer_pad_mount: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (utility-owned equipment of a distribution circuit)'),
  distribution_overhead_lines: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (a distribution circuit)', 'circuit'),
  distribution_underground_cables: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (an underground distribution circuit)', 'circuit'),
  distribution_poles: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (poles of a distribution circuit)'),
  distribution_junction_box: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (in-line equipment of a distribution circuit)'),
  solar_panels: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' (utility-owned equipment at customer sites; engineering judgement to use it for solar)',
    'asset',
    'judgement',
  ),
  battery_storage: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' (utility-owned equipment at customer sites; engineering judgement to use it for storage)',
    'asset',
    'judgement',
  ),
  transmission_overhead_lines: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission line class (engineering judgement)',
    'circuit',
    'judgement',
  ),
  transmission_underground_cables: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission cable class (engineering judgement)',
    'circuit',
    'judgement',
  ),
  transmission_tower: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission tower class (engineering judgement)',
    'asset',
    'judgement',
  ),
  transmission_junction_box: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission class (engineering judgement)',
    'asset',
    'judgement',
  ),
};

/** The earthquake hazard type's curves in DEFAULT_CURVES: one HAZUS class per asset type. */
export const EARTHQUAKE_DEFAULT_CURVES: HazardDefaultCurves = {
  curves: Object.fromEntries(Object.entries(EARTHQUAKE).map(([type, curve]) => [type, [curve]])) as Record<AssetType, FragilityCurveSpec[]>,
};
