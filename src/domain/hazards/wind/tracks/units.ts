import { HPA_PA, KNOT_MS, NAUTICAL_MILE_M } from '../constants.js';

export const knotsToMs = (knots: number): number => knots * KNOT_MS;
export const nauticalMilesToM = (nm: number): number => nm * NAUTICAL_MILE_M;
export const hectopascalsToPa = (hPa: number): number => hPa * HPA_PA;
