/**
 * When crews may work at each asset (docs/output-impact.md, "When crews may work"): the
 * hazard's intensities at the assets checked against the network's work limits. Here, not in
 * domain/network, because it joins the hazards to the network.
 */
import { hoursBetween } from '../../base/hazardHours.js';
import type { AssetTable } from '../../domain/assets/index.js';
import { computeIntensities, quantityDefinition, type HazardModel, type IntensityQuantity } from '../../domain/hazards/index.js';
import { allowsWork, HAZARD_BITS, WORK_LIMITS, WorkCalendar, type LimitedQuantity, type RepairHazard } from '../../domain/network/index.js';

/**
 * The calendar of a hazard at the assets: the hazard's intensities at each asset and
 * timestamp (computeIntensities, the default physics, as the model gives them), checked
 * against WORK_LIMITS. `origin` is the first timestamp of the scenarios' time axis.
 */
export function buildWorkCalendar(hazard: HazardModel, assets: AssetTable, origin: string): WorkCalendar {
  const grid = computeIntensities(hazard, assets);
  const times = grid.timestamps.length;
  const workable = new Uint8Array(assets.count * times).fill(1);
  const hazards = new Uint8Array(assets.count * times);
  for (const [quantity, values] of Object.entries(grid.quantities) as [IntensityQuantity, Float64Array][]) {
    const hazardBit = HAZARD_BITS.indexOf(quantityDefinition(quantity).hazard as RepairHazard);
    const limited = quantity in WORK_LIMITS;
    for (let t = 0; t < times; t += 1) {
      for (let a = 0; a < assets.count; a += 1) {
        const value = values[t * assets.count + a];
        if (Number.isNaN(value)) continue;
        if (hazardBit >= 0) hazards[a * times + t] |= 1 << hazardBit;
        if (limited && !allowsWork(quantity as LimitedQuantity, value)) workable[a * times + t] = 0;
      }
    }
  }
  const timestampHours = Float64Array.from(grid.timestamps, (timestamp) => hoursBetween(origin, timestamp));
  return new WorkCalendar(assets.uuid, timestampHours, workable, hazards);
}
