import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import { convertV1Curve } from './convertV1.js';
import { LEGACY_DEFAULT_CURVES_TABLE } from './legacyDefaultCurves.js';
import { CLASS_4_WOOD_POLE, DEFAULT_POLE_CONFIGURATION, darestaniLognormal } from './windPoleDarestani2019.js';
import type { CurveSet, FragilityCurveSpec, LimitStateSpec, RepairTimeSpec } from './types.js';
import type { BuiltinHazardType } from '../hazards/index.js';

/**
 * DEFAULT_CURVES: every curve with its source (docs/fragility.md has the table and the
 * literature check). Earthquake from HAZUS 5.1; wind on wood poles from Darestani &
 * Shafieezadeh (2019). Where no published curve with parameters that could be verified was
 * found (the other wind classes, flood, fire), the curve keeps its earlier value and its
 * source says so, what was searched and which published work comes nearest.
 */

const HAZUS_TABLE = 'FEMA (2022), Hazus Earthquake Model Technical Manual, Hazus 5.1, electric power system fragility';
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
    source: `${HAZUS_TABLE}, class ${hazusClass}${why}; repair times: ${HAZUS_RESTORATION}, ${restoration.replace('_', ' ')}s${outOfService}`,
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
  solar_panels: hazusEarthquake('EP.C.U', 'distribution_circuit', ' (utility-owned equipment at customer sites; engineering judgement to use it for solar)'),
  battery_storage: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' (utility-owned equipment at customer sites; engineering judgement to use it for storage)',
  ),
  transmission_overhead_lines: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission line class (engineering judgement)',
    'circuit',
  ),
  transmission_underground_cables: hazusEarthquake(
    'EP.C.U',
    'distribution_circuit',
    ' used as a proxy: HAZUS has no transmission cable class (engineering judgement)',
    'circuit',
  ),
  transmission_tower: hazusEarthquake('EP.C.U', 'distribution_circuit', ' used as a proxy: HAZUS has no transmission tower class (engineering judgement)'),
  transmission_junction_box: hazusEarthquake('EP.C.U', 'distribution_circuit', ' used as a proxy: HAZUS has no transmission class (engineering judgement)'),
};

const WOOD_POLE = darestaniLognormal(CLASS_4_WOOD_POLE, DEFAULT_POLE_CONFIGURATION);
const DARESTANI =
  'Darestani & Shafieezadeh (2019), Multi-dimensional wind fragility functions for wood utility poles, Engineering Structures 183:937-948, Tables 14-20 (class 4 wood pole; coefficients as transcribed in NREL ERAD), ' +
  `evaluated at wind angle ${DEFAULT_POLE_CONFIGURATION.windAngleDegrees} degrees, conductor area ${DEFAULT_POLE_CONFIGURATION.conductorAreaM2} m² and pole age ${DEFAULT_POLE_CONFIGURATION.ageYears} years (hazsim's choice of a typical pole)`;

/** The Darestani (2019) class 4 wood pole curve, on a 3-s gust at 10 m. */
function woodPoleWind(appliesTo: FragilityCurveSpec['applies_to'], why: string): FragilityCurveSpec {
  return {
    quantity: 'wind_speed',
    units: 'mile / hour',
    applies_to: appliesTo,
    averaging_time_s: 3,
    height_m: 10,
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: WOOD_POLE.medianMph, beta: WOOD_POLE.beta } }],
    out_of_service: 'failure',
    source: `${DARESTANI}${why}; wind speed read as a 3-s gust at 10 m, open terrain`,
  };
}

/**
 * Quanta Technology (2009)'s distribution conductor law, P(fail) = 8.0·10⁻¹² V^5.1731 (V in mph,
 * capped at 1, reached at 139.7 mph), as used by Ouyang & Dueñas-Osorio (2014) and Watson (2018);
 * numbers as transcribed in EnergyModels/temoatools (shared/reference/fragility-sources,
 * code-transcription). Written as scipy powerlaw(a, 0, scale): ((V)/scale)^a with
 * scale = (8.0·10⁻¹²)^(−1/a).
 */
export const QUANTA_CONDUCTOR_LAW = { coefficient: 8.0e-12, exponent: 5.1731 } as const;

const QUANTA_CONDUCTOR_WIND: FragilityCurveSpec = {
  quantity: 'wind_speed',
  units: 'mile / hour',
  applies_to: 'span',
  averaging_time_s: 3,
  height_m: 10,
  limit_states: [
    {
      name: 'failure',
      form: 'scipy',
      parameters: {
        name: 'powerlaw',
        args: [QUANTA_CONDUCTOR_LAW.exponent, 0, Math.pow(QUANTA_CONDUCTOR_LAW.coefficient, -1 / QUANTA_CONDUCTOR_LAW.exponent)],
      },
    },
  ],
  out_of_service: 'failure',
  source:
    'Quanta Technology (2009), Cost-benefit analysis of the deployment of utility infrastructure upgrades and storm hardening programs, report to the Public Utility Commission of Texas, Project 36375: distribution conductor failure P = 8.0e-12 V^5.1731 (V in mph, capped at 1), as used by Ouyang & Dueñas-Osorio (2014), Multi-dimensional hurricane resilience assessment of electric power systems, Structural Safety 48:15-24, and Watson (2018); numbers as transcribed in EnergyModels/temoatools fragility_curves.py (code-transcription, the report itself not read). ' +
    "Unit of exposure: the source does not state it; hazsim applies it per span, the conductor between two structures, as Ouyang & Dueñas-Osorio's line model multiplies conductor and tower survivals along a line (hazsim's reading, from memory of that paper: an assumption, engineering judgement). Wind measure not stated in the transcription; read as a 3-s gust at 10 m, open terrain, like the Darestani pole curve it is combined with (judgement). The line's poles are judged by the distribution_poles curve, once each",
};

/** How the source of every DEFAULT_CURVES curve without a verifiable published curve begins. */
export const NO_VERIFIABLE_SOURCE = 'No verifiable published source found';

const CARRIED_OVER = "the curve is LEGACY_DEFAULT_CURVES' value (ERAD's uncited table), kept as engineering judgement";

/** Why a wind curve has no published source: what was searched and the nearest published work. */
const WIND_SEARCH: Partial<Record<AssetType, string>> = {
  substation:
    'searched HAZUS and published wind fragility studies of power components: HAZUS has no wind model for power components, and no wind fragility of substations with stated parameters was found',
  transformer_pad_mount:
    'searched published wind fragility studies of distribution equipment: none for pad-mounted (ground-level, enclosed) equipment was found',
  solar_panels:
    'searched published wind fragility studies of ground- and roof-mounted photovoltaic arrays: none with parameters that could be read from an available text was found',
  battery_storage: 'searched published wind fragility studies of battery energy storage enclosures: none was found',
  transmission_tower:
    'searched lattice transmission tower hurricane fragility; nearest published: Xue, Mohammadi, Li, Sahraei-Ardakani, Ou & Pu (2020), Impact of transmission tower-line interaction to the bulk power system during hurricane, Reliability Engineering & System Safety 203:107079, and Bereta dos Reis et al. (2022), Methodology to calibrate fragility curves using limited real-world data (TechRxiv, Puerto Rico towers); their parameters could not be read from an available text',
  transmission_overhead_lines:
    'searched wind fragility of overhead conductors and spans; nearest published: Ma, Bocchini & Christou (2020), Fragility models of electrical conductors in power transmission networks subjected to hurricanes, Structural Safety 82:101890 (per conductor span, depending on span length and wind direction); its parameters could not be read from an available text',
};

const FLOOD_DEPTH_SEARCH =
  "searched HAZUS and published flood fragility of power components: the HAZUS flood model's utility-facility depth-damage functions (FEMA, Hazus Flood Model Technical Manual; Hazus table flUtilFltyDmgFn) give percent damage by depth, not a probability of losing function, and their values could not be read from an available text, nor could the functionality thresholds of electric power facilities in the Hazus Inventory Technical Manual (FEMA, Hazus 4.2.3, Table 10-12); Sánchez-Muñoz, Domínguez-García, Martínez-Gomariz, Russo, Stevens & Pardo (2020), Electrical Grid Risk Assessment Against Flooding in Barcelona and Bristol Cities, Sustainability 12(4):1527, and Leandro, Cunneff & Viernstein (2021), Resilience Modeling of Flood Induced Electrical Distribution Network Failures: Munich, Germany, Frontiers in Earth Science 9:572925, model flooded substations and transformers, but no curve with parameters could be read from an available text";

const FLOOD_VELOCITY_SEARCH =
  'searched published flood fragility of power components by flow velocity: none was found (the HAZUS flood model gives velocity-depth collapse thresholds for buildings only)';

/** The LEGACY_DEFAULT_CURVES curve of a quantity, with what was searched for a published one. */
function carriedOver(assetType: AssetType, quantity: 'wind_speed' | 'flood_depth' | 'flood_velocity', searched: string): FragilityCurveSpec {
  const row = LEGACY_DEFAULT_CURVES_TABLE[assetType];
  const [median, beta] = quantity === 'wind_speed' ? row.wind : quantity === 'flood_depth' ? row.depth : row.velocity;
  const unit = quantity === 'flood_depth' ? 'meter' : 'meter / second';
  return {
    ...convertV1Curve(quantity, { distribution: 'lognormal', median: `${median} ${unit}`, beta }),
    source: `${NO_VERIFIABLE_SOURCE} (${searched}); ${CARRIED_OVER}`,
  };
}

const windCarriedOver = (assetType: AssetType) => carriedOver(assetType, 'wind_speed', WIND_SEARCH[assetType]!);

const WIND: Record<AssetType, FragilityCurveSpec[]> = {
  distribution_poles: [woodPoleWind('pole', '')],
  distribution_overhead_lines: [QUANTA_CONDUCTOR_WIND],
  transformer_pole_mount: [woodPoleWind('asset', '; a pole-mounted transformer is taken to fail with its pole (engineering judgement)')],
  switch: [woodPoleWind('asset', '; a pole-mounted switch is taken to fail with its pole (engineering judgement)')],
  // Buried and below-grade assets: wind does not reach them.
  distribution_underground_cables: [],
  transmission_underground_cables: [],
  distribution_junction_box: [],
  transmission_junction_box: [],
  substation: [windCarriedOver('substation')],
  transformer_pad_mount: [windCarriedOver('transformer_pad_mount')],
  solar_panels: [windCarriedOver('solar_panels')],
  battery_storage: [windCarriedOver('battery_storage')],
  transmission_tower: [windCarriedOver('transmission_tower')],
  transmission_overhead_lines: [windCarriedOver('transmission_overhead_lines')],
};

const FLOOD = Object.fromEntries(
  ASSET_TYPES.map((type) => [type, [carriedOver(type, 'flood_depth', FLOOD_DEPTH_SEARCH), carriedOver(type, 'flood_velocity', FLOOD_VELOCITY_SEARCH)]]),
) as Record<AssetType, FragilityCurveSpec[]>;

const FIRE_JUDGEMENT =
  `${NO_VERIFIABLE_SOURCE} (searched published wildfire fragility of utility poles, conductors, towers, substations and equipment against distance to a fire perimeter or flame exposure: none with parameters was found; the nearest published material is full-scale fire testing of poles, such as the University of Alberta (Ackerman) protocol used by Southern California Edison (T&D World, 2022, Structural Materials That Increase Resistance to Wildfires), which reports no probability of failure); ` +
  'engineering judgement (hazsim): P(fail) inside the perimeter by material (wood burns, steel loses strength only in long exposure, buried cable is shielded by soil), decaying outside over the reach of radiant heat and embers';

/** A fire curve: P(fail) inside the perimeter, P at its edge and the decay length outside [km]. */
function fire(inside: number, edge: number, lengthKm: number, what: string): FragilityCurveSpec {
  return {
    quantity: 'fire_boundary_distance',
    units: 'kilometer',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'exponential_decay', parameters: { probability_inside: inside, max_probability: edge, length: lengthKm } }],
    out_of_service: 'failure',
    source: `${FIRE_JUDGEMENT}; ${what}`,
  };
}

const FIRE: Record<AssetType, FragilityCurveSpec> = {
  distribution_poles: fire(0.8, 0.3, 0.05, 'wood pole'),
  distribution_overhead_lines: fire(0.8, 0.3, 0.05, 'conductors on wood poles'),
  transformer_pole_mount: fire(0.8, 0.3, 0.05, 'on a wood pole'),
  switch: fire(0.8, 0.3, 0.05, 'on a wood pole'),
  transmission_tower: fire(0.1, 0.02, 0.05, 'steel tower'),
  transmission_overhead_lines: fire(0.2, 0.05, 0.05, 'conductors and insulators on steel towers'),
  substation: fire(0.3, 0.05, 0.05, 'cleared, gravelled yard'),
  transformer_pad_mount: fire(0.3, 0.05, 0.03, 'steel enclosure at grade'),
  solar_panels: fire(0.5, 0.1, 0.05, 'panels and inverters'),
  battery_storage: fire(0.5, 0.1, 0.05, 'enclosure with electronics'),
  distribution_underground_cables: fire(0.01, 0.001, 0.01, 'buried cable'),
  transmission_underground_cables: fire(0.01, 0.001, 0.01, 'buried cable'),
  distribution_junction_box: fire(0.01, 0.001, 0.01, 'below grade'),
  transmission_junction_box: fire(0.01, 0.001, 0.01, 'below grade'),
};

const wrap = (table: Record<AssetType, FragilityCurveSpec>) =>
  Object.fromEntries(Object.entries(table).map(([type, curve]) => [type, [curve]])) as Record<AssetType, FragilityCurveSpec[]>;

/** DEFAULT_CURVES, the default curve set. */
export const DEFAULT_CURVES: CurveSet = {
  format_version: 2,
  name: 'DEFAULT_CURVES',
  description:
    'Cited curves with damage states: HAZUS 5.1 earthquake (distribution circuits per line asset), Darestani & Shafieezadeh (2019) wood poles and Quanta (2009) conductors in wind; where no verifiable published curve was found (other wind classes, flood, fire) the source says so and what was searched (docs/fragility.md)',
  fallback: 'DEFAULT_CURVES',
  // One entry per built-in hazard type: a hazard type added to quantities.ts without default curves does not compile.
  curves: { earthquake: wrap(EARTHQUAKE), wind: WIND, flood: FLOOD, fire: wrap(FIRE) } satisfies Record<BuiltinHazardType, unknown>,
};
