import { HazsimError } from '../../base/errors.js';
import { DEFAULT_COMPUTE_CONTEXT, prepareSites, type ComputeContext, type QuantityViews } from './descriptor.js';
import { intensityQuantityNames, quantitiesOfHazardType } from './quantities.js';
import { descriptorOf } from './registry.js';
import type { HazardModel, IntensityGrid, IntensityQuantity, Sites } from './types.js';

/** The quantities a hazard model produces, in registry order. */
export function quantitiesOf(hazard: HazardModel): IntensityQuantity[] {
  const produced = new Set(hazard.models.flatMap((model) => quantitiesOfHazardType(model.type)));
  return intensityQuantityNames().filter((quantity) => produced.has(quantity));
}

/**
 * Intensities of every quantity the hazard produces, at every site and every distinct
 * timestamp (docs/input-hazard.md), in SI units. Arrays are timestamp-major ([t·count + site]);
 * NaN marks an absent quantity (no model of that type at that timestamp, or no flood area
 * over the site). Several models of one type at one timestamp: the most severe value wins.
 */
export function computeIntensities(hazard: HazardModel, sites: Sites, context: ComputeContext = DEFAULT_COMPUTE_CONTEXT): IntensityGrid {
  const count = sites.count;
  const timestampIndex = new Map(hazard.timestamps.map((timestamp, index) => [timestamp, index]));
  const quantities: IntensityGrid['quantities'] = {};
  const producedAt: IntensityGrid['producedAt'] = {};
  for (const quantity of quantitiesOf(hazard)) {
    quantities[quantity] = new Float64Array(hazard.timestamps.length * count).fill(Number.NaN);
    producedAt[quantity] = new Uint8Array(hazard.timestamps.length);
  }
  const prepared = prepareSites(sites);
  const warnings = new Set<string>();
  const warn = (message: string) => warnings.add(message);
  for (const model of hazard.models) {
    const t = timestampIndex.get(model.timestamp);
    if (t === undefined)
      throw new HazsimError('internal', `hazard model timestamp ${model.timestamp} is not in its timestamps; read hazards with readHazardModel`);
    const descriptor = descriptorOf(model);
    const views: QuantityViews = {};
    for (const quantity of quantitiesOfHazardType(model.type)) {
      views[quantity] = quantities[quantity]!.subarray(t * count, (t + 1) * count);
      producedAt[quantity]![t] = 1;
    }
    descriptor.compute(model, prepared, views, warn, context);
  }
  return { timestamps: [...hazard.timestamps], quantities, producedAt, warnings: [...warnings] };
}
