import type { AssetType } from '../../assets/types.js';
import type { CurveConfidence, FragilityCurveSpec } from '../../fragility/types.js';
import type { HazardDefaultCurves, NotVulnerableNote } from '../descriptor.js';
import { CLASS_4_WOOD_POLE, DEFAULT_POLE_CONFIGURATION, darestaniLognormal } from './poleDarestani2019.js';

/**
 * DEFAULT_CURVES' wind curves (docs/fragility.md, "Wind"). Every curve reads a 3-s gust at
 * 10 m over the asset's own terrain (docs/wind.md §6: the engine converts the storm's wind to
 * it); where a source does not state its measure, the source text says so and what hazsim
 * reads it as. Numbers from shared/reference/fragility-sources (curves.csv), where each row
 * names where it was read.
 */

/** Where the transcriptions of Bennett et al. (2021)'s curve library were read. */
const TEMOATOOLS =
  'numbers as transcribed in EnergyModels/temoatools temoatools/fragility_curves.py @e363ea32, the code of Bennett et al. (2021), Nature Energy 6:240-249';

/**
 * Watson (2018)'s substation curves: HAZUS hurricane building "severe" curves standing in for a
 * substation, lognormal in ln V [mile/hour] with mean μ and standard deviation σ per HAZUS
 * terrain class k1 (open) … k5 (trees).
 */
export const WATSON_SUBSTATION_2018 = {
  k1: { mu: 5.06, sigma: 0.15 },
  k2: { mu: 5.094, sigma: 0.124 },
  k3: { mu: 5.141, sigma: 0.132 },
  k4: { mu: 5.185, sigma: 0.139 },
  k5: { mu: 5.204, sigma: 0.147 },
} as const;

/** The terrain class DEFAULT_CURVES uses: k1, open (docs/fragility.md says why). */
const SUBSTATION_TERRAIN = WATSON_SUBSTATION_2018.k1;

const WATSON =
  'Watson (2018), Modeling electrical grid resilience under hurricane wind conditions with increased solar photovoltaic and wind turbine power generation, D.Eng. praxis, George Washington University, and Watson & Etemadi (2020), IEEE Trans. Power Systems 35(2):929-937: a HAZUS hurricane building "severe" curve standing in for a substation';

/**
 * Quanta Technology (2009)'s distribution conductor law, P(fail) = 8.0·10⁻¹² V^5.1731 (V in
 * mph, capped at 1, reached at 139.7 mph). Written as scipy powerlaw(a, 0, scale):
 * (V/scale)^a with scale = (8.0·10⁻¹²)^(−1/a).
 */
export const QUANTA_CONDUCTOR_LAW = { coefficient: 8.0e-12, exponent: 5.1731 } as const;

/** Raj, Kumar & Bhatia (2021)'s steel lattice tower: lognormal on the 3-s gust [km/h], functionality disruption. */
export const RAJ_TOWER_2021 = { medianKmh: 280.4, beta: 0.088 } as const;

/**
 * Goodman (2015)'s residential rooftop PV curve 90_101_U_30 as digitised points (V [mile/hour],
 * P(fail)); DEFAULT_CURVES uses hazsim's least-squares lognormal through them (GOODMAN_PV_FIT).
 */
export const GOODMAN_PV_2015_POINTS = [
  [90, 0],
  [110.2, 0.1061],
  [130, 0.5251],
  [150, 0.8659],
  [170, 1.0],
] as const;

/** Least-squares lognormal through GOODMAN_PV_2015_POINTS (scipy least_squares; within 0.017 of every point). */
export const GOODMAN_PV_FIT = { medianMph: 129.2, beta: 0.129 } as const;

const MPH = 'mile / hour';

function windCurve(
  appliesTo: FragilityCurveSpec['applies_to'],
  units: string,
  failure: FragilityCurveSpec['limit_states'][number],
  confidence: CurveConfidence,
  source: string,
): FragilityCurveSpec {
  return {
    quantity: 'wind_speed',
    units,
    applies_to: appliesTo,
    averaging_time_s: 3,
    height_m: 10,
    limit_states: [failure],
    out_of_service: 'failure',
    source,
    confidence,
  };
}

const lognormal = (median: number, beta: number) => ({ name: 'failure', form: 'lognormal' as const, parameters: { median, beta } });

const WOOD_POLE = darestaniLognormal(CLASS_4_WOOD_POLE, DEFAULT_POLE_CONFIGURATION);
const DARESTANI =
  'Darestani & Shafieezadeh (2019), Multi-dimensional wind fragility functions for wood utility poles, Engineering Structures 183:937-948, Tables 14-20 (class 4 wood pole; coefficients as transcribed in NREL ERAD pole_coefficients_data.py @1cc44e96), ' +
  `evaluated at wind angle ${DEFAULT_POLE_CONFIGURATION.windAngleDegrees} degrees, conductor area ${DEFAULT_POLE_CONFIGURATION.conductorAreaM2} m² and pole age ${DEFAULT_POLE_CONFIGURATION.ageYears} years (hazsim's choice: the youngest age on the fit's decreasing branch); 3-s gust at 10 m (as a third-party transcription states it)`;

/** The Darestani (2019) class 4 pole curve; for equipment on a pole, applied by judgement. */
function woodPole(appliesTo: FragilityCurveSpec['applies_to'], confidence: CurveConfidence, why: string): FragilityCurveSpec {
  return windCurve(appliesTo, MPH, lognormal(WOOD_POLE.medianMph, WOOD_POLE.beta), confidence, `${DARESTANI}${why}`);
}

const substation = (confidence: CurveConfidence, why: string) =>
  windCurve(
    'asset',
    MPH,
    lognormal(Math.exp(SUBSTATION_TERRAIN.mu), SUBSTATION_TERRAIN.sigma),
    confidence,
    `${WATSON}, terrain class k1 (open): μ ${SUBSTATION_TERRAIN.mu}, σ ${SUBSTATION_TERRAIN.sigma} on ln V [mph]; ${TEMOATOOLS} (code-transcription; the praxis's table not read). Measure: HAZUS's 3-s peak gust at 10 m (HAZUS convention, inferred); k1 because hazsim's wind is already the gust over the asset's own terrain and a substation yard is cleared${why}`,
  );

const QUANTA_CONDUCTORS = windCurve(
  'span',
  MPH,
  {
    name: 'failure',
    form: 'scipy',
    parameters: { name: 'powerlaw', args: [QUANTA_CONDUCTOR_LAW.exponent, 0, Math.pow(QUANTA_CONDUCTOR_LAW.coefficient, -1 / QUANTA_CONDUCTOR_LAW.exponent)] },
  },
  'code-transcription',
  `Quanta Technology (2009), Cost-benefit analysis of the deployment of utility infrastructure upgrades and storm hardening programs, report to the Public Utility Commission of Texas, Project 36375: distribution conductor failure P = 8.0e-12 V^5.1731 (V in mph, capped at 1), as used by Ouyang & Dueñas-Osorio (2014), Structural Safety 48:15-24, and Watson (2018); ${TEMOATOOLS} (code-transcription, the report not read). ` +
    "Unit of exposure not stated in what was read: applied per span, the conductor between two structures (hazsim's reading); wind measure not stated: read as a 3-s gust at 10 m like the pole curve it is combined with",
);

const RAJ_TOWER = windCurve(
  'asset',
  'kilometer / hour',
  lognormal(RAJ_TOWER_2021.medianKmh, RAJ_TOWER_2021.beta),
  'code-transcription',
  'Raj, Kumar & Bhatia (2021), arXiv:2107.06072, Table 1: steel lattice transmission tower, functionality disruption, 50th-percentile curve, lognormal median 280.4 km/h, β 0.088 on the 3-s gust (as stated); numbers as transcribed in VelvetDragon/gridsight pipeline/gridsight/response/fragility.py @7d6c083d (code-transcription). Their Table 2 sets it beside Quanta (2009), median 284 km/h, and Panteli et al. (2017), 294 km/h',
);

const GOODMAN_PV = windCurve(
  'asset',
  MPH,
  lognormal(GOODMAN_PV_FIT.medianMph, GOODMAN_PV_FIT.beta),
  'code-transcription',
  `Goodman (2015), PhD dissertation, Georgia Institute of Technology: residential rooftop PV curve 90_101_U_30, digitised points (90, 0), (110.2, 0.106), (130, 0.525), (150, 0.866), (170, 1.0) mph; ${TEMOATOOLS} (code-transcription); the lognormal is hazsim's least-squares fit through the points (median 129.2 mph, β 0.129, within 0.017 of each). Measure not stated in the transcription: read as a 3-s gust at 10 m (judgement)`,
);

/** DEFAULT_CURVES' wind curves by asset type; an empty list: the asset type does not fail in wind. */
const WIND_CURVES: Record<AssetType, FragilityCurveSpec[]> = {
  distribution_poles: [woodPole('pole', 'code-transcription', '')],
  distribution_overhead_lines: [QUANTA_CONDUCTORS],
  transformer_pole_mount: [woodPole('asset', 'judgement', '; a pole-mounted transformer is taken to fail with its pole (engineering judgement)')],
  switch: [woodPole('asset', 'judgement', '; a pole-mounted switch is taken to fail with its pole (engineering judgement)')],
  substation: [substation('code-transcription', '')],
  transformer_pad_mount: [
    substation(
      'judgement',
      '. Applied to a pad-mounted transformer by engineering judgement: no wind curve for pad-mounted equipment was found; the substation curve is the nearest published curve for enclosed equipment at grade',
    ),
  ],
  battery_storage: [
    substation(
      'judgement',
      '. Applied to a battery enclosure by engineering judgement: no wind curve for storage was found; Bennett et al. (2021) also used a HAZUS building curve as its stand-in',
    ),
  ],
  solar_panels: [GOODMAN_PV],
  transmission_tower: [RAJ_TOWER],
  // Buried and below-grade assets: wind does not reach them. Transmission conductors fail with their towers (WIND_NOT_VULNERABLE).
  distribution_underground_cables: [],
  transmission_underground_cables: [],
  distribution_junction_box: [],
  transmission_junction_box: [],
  transmission_overhead_lines: [],
};

const belowGrade: NotVulnerableNote = { source: 'Buried or below grade: wind does not reach it (engineering judgement)', confidence: 'judgement' };

/** Why WIND_CURVES' empty lists do not fail. */
const WIND_NOT_VULNERABLE: Partial<Record<AssetType, NotVulnerableNote>> = {
  distribution_underground_cables: belowGrade,
  transmission_underground_cables: belowGrade,
  distribution_junction_box: belowGrade,
  transmission_junction_box: belowGrade,
  transmission_overhead_lines: {
    source:
      "Engineering judgement (hazsim): a transmission line's conductors are taken to fail with their towers, which count once each by the transmission_tower curve (hazsim's exposure rules); no transmission conductor curve could be read (Ma, Bocchini & Christou (2020), Structural Safety 82:101890: parameters not readable), and Quanta (2009)'s law is for distribution conductors",
    confidence: 'judgement',
  },
};

/** The wind hazard type's curves in DEFAULT_CURVES. */
export const WIND_DEFAULT_CURVES: HazardDefaultCurves = { curves: WIND_CURVES, notVulnerable: WIND_NOT_VULNERABLE };
