// What a ground-motion model declares beside its equations (the OpenQuake style: each GMPE
// module exports its descriptor and the registry in index.ts is built from the list): the
// distance metrics, rupture and site parameters it reads, its intensity measures, its
// standard deviations, and one-site and many-site evaluation with a uniform calling
// convention. Inputs a model does not list are ignored; a listed input that is missing raises a
// RangeError, except the optional ones its descriptor notes.

import { indexCoefficients, supportsIntensityMeasure, type CoefficientRow } from './coefficientLookup.js';
import type { GroundMotion, GroundMotionArrays } from './groundMotion.js';
import { intensityMeasureOf, type IntensityMeasure } from './intensityMeasure.js';

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

export interface GroundMotionModel<Id extends string = string> {
  readonly id: Id;
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
  /**
   * 'tau-phi-sigma': the model publishes all three; 'total-with-assigned-split': the model
   * publishes a total only and hazsim assigns tau from another cited model, phi =
   * sqrt(sigma^2 - tau^2) (docs/gmpe.md).
   */
  readonly standardDeviations: 'tau-phi-sigma' | 'total-with-assigned-split';
  evaluate(rupture: RuptureInput, site: SiteInput, imt: IntensityMeasure, out?: GroundMotion): GroundMotion;
  evaluateSites(rupture: RuptureInput, sites: SiteArrays, imt: IntensityMeasure, out: GroundMotionArrays): void;
}

export function required<T>(value: T | undefined, name: string, model: string): T {
  if (value === undefined) throw new RangeError(`${model} needs ${name}`);
  return value;
}

export function imtsOf(rows: readonly CoefficientRow[]): IntensityMeasure[] {
  return rows.map((row) => intensityMeasureOf(row.imt));
}

export function supportCheck(model: string, rows: readonly CoefficientRow[]): (imt: IntensityMeasure) => boolean {
  const table = indexCoefficients(model, rows);
  return (imt) => supportsIntensityMeasure(table, imt);
}
