/**
 * A hazard that never reaches the feeder (a storm thousands of km away, a wildfire that stops
 * short of the lines) gives "everything survives", which reads as a verdict when it is most
 * likely the wrong pair of models. The run says so, with how close the hazard came
 * (docs/output-sqlite.md, "Warnings").
 */
import {
  descriptorOf,
  modelLabel,
  quantitiesOfHazardType,
  type Approach,
  type HazardEntry,
  type HazardModel,
  type IntensityQuantity,
  type Sites,
} from '../hazards/index.js';
import type { SurvivalResult } from './types.js';

/**
 * A hazard reaches the feeder when it lowers some asset's survival by more than this (one in a
 * million: the sixth decimal every summary prints); below it the survival reads as 1.
 */
export const REACH_FAILURE_PROBABILITY = 1e-6;

/** A distance as a reader wants it: metres below 1 km, km with two decimals below 10 km, whole km above. */
export function distanceLabel(distanceM: number): string {
  if (distanceM < 1000) return `${Math.round(distanceM)} m`;
  if (distanceM < 10_000) return `${(distanceM / 1000).toFixed(2)} km`;
  return `${Math.round(distanceM / 1000).toLocaleString('en-US')} km`;
}

/** Points along a line's route the approach is measured to, ends included: a line's nearest span may lie far from its midpoint. */
const ROUTE_POINTS = 33;

/** The points an approach is measured to: every asset's position and points along each line's route, with the asset each belongs to. */
function approachSites(result: SurvivalResult): { sites: Sites; assetOf: Int32Array } {
  const { assets } = result;
  const longitude: number[] = [];
  const latitude: number[] = [];
  const assetOf: number[] = [];
  for (let a = 0; a < assets.count; a++) {
    longitude.push(assets.longitude[a]);
    latitude.push(assets.latitude[a]);
    assetOf.push(a);
    const [fromLon, fromLat, toLon, toLat] = assets.route.subarray(4 * a, 4 * a + 4);
    if (Number.isNaN(fromLon)) continue;
    for (let k = 0; k < ROUTE_POINTS; k++) {
      const fraction = k / (ROUTE_POINTS - 1);
      longitude.push(fromLon + fraction * (toLon - fromLon));
      latitude.push(fromLat + fraction * (toLat - fromLat));
      assetOf.push(a);
    }
  }
  const count = assetOf.length;
  return {
    sites: { count, longitude: Float64Array.from(longitude), latitude: Float64Array.from(latitude), heightM: new Float64Array(count) },
    assetOf: Int32Array.from(assetOf),
  };
}

function lowersSurvival(result: SurvivalResult, hazardType: string): boolean {
  for (const quantity of quantitiesOfHazardType(hazardType)) {
    const survival = result.survivalByQuantity[quantity as IntensityQuantity];
    if (!survival) continue;
    for (let i = 0; i < survival.length; i++) if (survival[i] < 1 - REACH_FAILURE_PROBABILITY) return true;
  }
  return false;
}

/**
 * One warning per hazard type of the run (in file order) that lowers no asset's survival and
 * never touches an asset, naming its closest approach: which model, what it is measured from,
 * the distance and the nearest asset (its position or, for a line, a point of its route). None for a run without located assets, and none for a
 * hazard type whose descriptor cannot say where it is (no `approach`).
 */
export function unreachedHazardWarnings(hazard: HazardModel, result: SurvivalResult): string[] {
  const { assets } = result;
  if (assets.count === 0) return [];
  const { sites, assetOf } = approachSites(result);
  const byType = new Map<string, HazardEntry[]>();
  for (const model of hazard.models) byType.set(model.type, [...(byType.get(model.type) ?? []), model]);
  const warnings: string[] = [];
  for (const [hazardType, models] of byType) {
    const descriptor = descriptorOf(models[0]);
    if (!descriptor.approach || lowersSurvival(result, hazardType)) continue;
    let closest: { approach: Approach; model: HazardEntry } | null = null;
    for (const model of models) {
      const approach = descriptor.approach(model, sites);
      if (approach.site >= 0 && (!closest || approach.distanceM < closest.approach.distanceM)) closest = { approach, model };
    }
    // Inside an area yet harmless (water below every asset's height): it reached the feeder.
    if (!closest || closest.approach.distanceM === 0) continue;
    const { approach, model } = closest;
    const index = assetOf[approach.site];
    const asset = `${assets.assetType[index]} ${JSON.stringify(assets.name[index])}`;
    warnings.push(
      `the ${hazardType} hazard never reaches the feeder: no asset's survival drops by more than one in a million. At its closest, ${approach.from} of ${modelLabel(model)} is ${distanceLabel(approach.distanceM)} from ${asset}; check that the hazard model is meant for this feeder`,
    );
  }
  return warnings;
}
