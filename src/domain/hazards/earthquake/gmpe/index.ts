// Registry of the ground-motion models in this folder, with a uniform calling convention so the
// hazard model can pick one by id.
//
// Every entry states what it needs (distance metrics, rupture and site inputs), the intensity
// measures it supports, and evaluates either one site or many sites of one rupture (the batch form
// fills caller-owned Float64Arrays and allocates nothing per site). Inputs a model does not list
// are ignored; a listed input that is missing raises a RangeError, except the optional ones noted.

import { AB06_BC_COEFFICIENTS } from './ab06Coefficients.js';
import { ab06, ab06ForSites } from './ab06.js';
import { ask14, ask14ForSites } from './ask14.js';
import { ASK14_COEFFICIENTS } from './ask14Coefficients.js';
import { bssa14, bssa14ForSites, type Bssa14Options } from './bssa14.js';
import { BSSA14_COEFFICIENTS } from './bssa14Coefficients.js';
import { indexCoefficients, supportsIntensityMeasure, type CoefficientRow } from './coefficientLookup.js';
import { emptyGroundMotion, type GroundMotion, type GroundMotionArrays } from './groundMotion.js';
import { intensityMeasureOf, type IntensityMeasure } from './intensityMeasure.js';

export type { GroundMotion, GroundMotionArrays } from './groundMotion.js';
export { emptyGroundMotion, groundMotionArrays } from './groundMotion.js';
export { spectralAcceleration, parseIntensityMeasure, type IntensityMeasure } from './intensityMeasure.js';
export { bssa14, bssa14ForSites, type Bssa14Options, type Bssa14Region, type Bssa14AnelasticAttenuation } from './bssa14.js';
export { ask14, ask14ForSites } from './ask14.js';
export { ab06, ab06ForSites, AB06_SIGMA, type Ab06Options, type Ab06StressParameter } from './ab06.js';
export {
  mmiFromGroundMotion,
  groundMotionFromMmi,
  mmiSigma,
  groundMotionLnSigma,
  WGRW12_MMI_RANGE,
  type Wgrw12IntensityMeasure,
  type Wgrw12Context,
} from './worden2012.js';

export type GroundMotionModelId = 'BSSA14' | 'ASK14' | 'AB06';
export type DistanceMetric = 'rjb' | 'rrup' | 'rx' | 'ry0';
export type RuptureParameter = 'magnitude' | 'rake' | 'dip' | 'ztor' | 'width';
export type SiteParameter = 'vs30' | 'vs30Measured' | 'z1';

/** Rupture description shared by all models (degrees, km). */
export interface RuptureInput {
  readonly magnitude: number;
  readonly rakeDegrees?: number;
  readonly dipDegrees?: number;
  readonly ztorKm?: number;
  readonly widthKm?: number;
}

/** One site: distances in km, Vs30 in m/s, z1 in metres. */
export interface SiteInput {
  readonly rjbKm?: number;
  readonly rrupKm?: number;
  readonly rxKm?: number;
  readonly ry0Km?: number;
  readonly vs30: number;
  readonly vs30Measured?: boolean;
  readonly z1Metres?: number;
}

/** Many sites, one entry each; NaN in z1Metres / ry0Km means unknown for that site. */
export interface SiteArrays {
  readonly rjbKm?: Float64Array;
  readonly rrupKm?: Float64Array;
  readonly rxKm?: Float64Array;
  readonly ry0Km?: Float64Array;
  readonly vs30: Float64Array;
  /** 1 measured, 0 inferred. */
  readonly vs30Measured?: Uint8Array;
  readonly z1Metres?: Float64Array;
}

export interface GroundMotionModel {
  readonly id: GroundMotionModelId;
  readonly citation: string;
  readonly tectonicSetting: 'active shallow crust' | 'stable continental crust';
  /** Distance metrics the model reads. */
  readonly distanceMetrics: readonly DistanceMetric[];
  readonly ruptureParameters: readonly RuptureParameter[];
  readonly siteParameters: readonly SiteParameter[];
  /** Tabulated intensity measures; SA periods in between are interpolated in ln(period). */
  readonly supportedImts: readonly IntensityMeasure[];
  /** Whether `imt` can be evaluated: a tabulated one or an SA period inside the tabulated range. */
  supports(imt: IntensityMeasure): boolean;
  /** 'total-only' models report tau and phi as NaN. */
  readonly standardDeviations: 'tau-phi-sigma' | 'total-only';
  evaluate(rupture: RuptureInput, site: SiteInput, imt: IntensityMeasure, out?: GroundMotion): GroundMotion;
  evaluateSites(rupture: RuptureInput, sites: SiteArrays, imt: IntensityMeasure, out: GroundMotionArrays): void;
}

function required<T>(value: T | undefined, name: string, model: GroundMotionModelId): T {
  if (value === undefined) throw new RangeError(`${model} needs ${name}`);
  return value;
}

function imtsOf(rows: readonly CoefficientRow[]): IntensityMeasure[] {
  return rows.map((row) => intensityMeasureOf(row.imt));
}

function supportCheck(model: GroundMotionModelId, rows: readonly CoefficientRow[]): (imt: IntensityMeasure) => boolean {
  const table = indexCoefficients(model, rows);
  return (imt) => supportsIntensityMeasure(table, imt);
}

const BSSA14_SUPPORTS = supportCheck('BSSA14', BSSA14_COEFFICIENTS);

/**
 * BSSA14 with the given options. The registry entry uses the California basin model: with z1
 * unknown it equals the global (no basin) model, with z1 known it adds the basin term.
 */
export function bssa14Model(options: Bssa14Options = { region: 'california' }): GroundMotionModel {
  return {
    id: 'BSSA14',
    citation:
      'Boore, D.M., Stewart, J.P., Seyhan, E. and Atkinson, G.M. (2014). NGA-West2 equations for predicting PGA, PGV, and 5% damped PSA for shallow crustal earthquakes. Earthquake Spectra 30(3), 1057-1085.',
    tectonicSetting: 'active shallow crust',
    distanceMetrics: ['rjb'],
    ruptureParameters: ['magnitude', 'rake'],
    siteParameters: ['vs30', 'z1'],
    supportedImts: imtsOf(BSSA14_COEFFICIENTS),
    supports: BSSA14_SUPPORTS,
    standardDeviations: 'tau-phi-sigma',
    evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
      bssa14(
        { magnitude: rupture.magnitude, rakeDegrees: rupture.rakeDegrees },
        { rjbKm: required(site.rjbKm, 'rjbKm', 'BSSA14'), vs30: site.vs30, z1Metres: site.z1Metres },
        imt,
        options,
        out,
      ),
    evaluateSites: (rupture, sites, imt, out) =>
      bssa14ForSites(
        { magnitude: rupture.magnitude, rakeDegrees: rupture.rakeDegrees },
        { rjbKm: required(sites.rjbKm, 'rjbKm', 'BSSA14'), vs30: sites.vs30, z1Metres: sites.z1Metres },
        imt,
        options,
        out,
      ),
  };
}

function ask14Rupture(rupture: RuptureInput) {
  return {
    magnitude: rupture.magnitude,
    rakeDegrees: required(rupture.rakeDegrees, 'rakeDegrees', 'ASK14'),
    dipDegrees: required(rupture.dipDegrees, 'dipDegrees', 'ASK14'),
    ztorKm: required(rupture.ztorKm, 'ztorKm', 'ASK14'),
    widthKm: required(rupture.widthKm, 'widthKm', 'ASK14'),
  };
}

const ASK14_MODEL: GroundMotionModel = {
  id: 'ASK14',
  citation:
    'Abrahamson, N.A., Silva, W.J. and Kamai, R. (2014). Summary of the ASK14 ground motion relation for active crustal regions. Earthquake Spectra 30(3), 1025-1055.',
  tectonicSetting: 'active shallow crust',
  distanceMetrics: ['rrup', 'rjb', 'rx', 'ry0'],
  ruptureParameters: ['magnitude', 'rake', 'dip', 'ztor', 'width'],
  siteParameters: ['vs30', 'vs30Measured', 'z1'],
  supportedImts: imtsOf(ASK14_COEFFICIENTS),
  supports: supportCheck('ASK14', ASK14_COEFFICIENTS),
  standardDeviations: 'tau-phi-sigma',
  // Optional: ry0 (unknown -> Rjb end taper), vs30Measured (absent -> inferred), z1 (absent -> California reference).
  evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
    ask14(
      ask14Rupture(rupture),
      {
        rrupKm: required(site.rrupKm, 'rrupKm', 'ASK14'),
        rjbKm: required(site.rjbKm, 'rjbKm', 'ASK14'),
        rxKm: required(site.rxKm, 'rxKm', 'ASK14'),
        ry0Km: site.ry0Km,
        vs30: site.vs30,
        vs30Measured: site.vs30Measured ?? false,
        z1Metres: site.z1Metres,
      },
      imt,
      out,
    ),
  evaluateSites: (rupture, sites, imt, out) =>
    ask14ForSites(
      ask14Rupture(rupture),
      {
        rrupKm: required(sites.rrupKm, 'rrupKm', 'ASK14'),
        rjbKm: required(sites.rjbKm, 'rjbKm', 'ASK14'),
        rxKm: required(sites.rxKm, 'rxKm', 'ASK14'),
        ry0Km: sites.ry0Km,
        vs30: sites.vs30,
        vs30Measured: sites.vs30Measured,
        z1Metres: sites.z1Metres,
      },
      imt,
      out,
    ),
};

const AB06_MODEL: GroundMotionModel = {
  id: 'AB06',
  citation:
    'Atkinson, G.M. and Boore, D.M. (2006). Earthquake ground-motion prediction equations for eastern North America. Bulletin of the Seismological Society of America 96(6), 2181-2205; with the stress parameter of Atkinson, G.M. and Boore, D.M. (2011). Modifications to existing ground-motion prediction equations in light of new data. BSSA 101(3), 1121-1135.',
  tectonicSetting: 'stable continental crust',
  distanceMetrics: ['rrup'],
  ruptureParameters: ['magnitude'],
  siteParameters: ['vs30'],
  // AB06 tabulates 0.315 s, not 0.3 s: 'sa(0.3)' is supported by interpolation.
  supportedImts: imtsOf(AB06_BC_COEFFICIENTS),
  supports: supportCheck('AB06', AB06_BC_COEFFICIENTS),
  standardDeviations: 'total-only',
  evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
    ab06({ magnitude: rupture.magnitude }, { rrupKm: required(site.rrupKm, 'rrupKm', 'AB06'), vs30: site.vs30 }, imt, {}, out),
  evaluateSites: (rupture, sites, imt, out) =>
    ab06ForSites({ magnitude: rupture.magnitude }, { rrupKm: required(sites.rrupKm, 'rrupKm', 'AB06'), vs30: sites.vs30 }, imt, {}, out),
};

export const GROUND_MOTION_MODELS: Readonly<Record<GroundMotionModelId, GroundMotionModel>> = {
  BSSA14: bssa14Model(),
  ASK14: ASK14_MODEL,
  AB06: AB06_MODEL,
};
