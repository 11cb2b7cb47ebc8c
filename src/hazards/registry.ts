import { earthquake } from './earthquake.js';
import { fire, fireArea } from './fire.js';
import { flood, floodArea } from './flood.js';
import { wind } from './wind.js';
import type { HazardDescriptor, HazardFileEntry } from './descriptor.js';
import type { HazardEntry, HazardFileType, HazardType } from './types.js';

/**
 * The hazard models hazsim knows. Adding one means a new file with its descriptor and one
 * line here; nothing else switches on the hazard type.
 */
export const HAZARD_DESCRIPTORS: Readonly<{ [K in HazardType]: HazardDescriptor<Extract<HazardEntry, { type: K }>> }> = {
  earthquake,
  wind,
  flood,
  fire,
};

/** Every entry type a hazard file may hold, by its `type` field (spec §2.4 order). */
export const HAZARD_FILE_ENTRIES: Readonly<Record<HazardFileType, HazardFileEntry>> = {
  earthquake,
  flood,
  flood_area: floodArea,
  wind,
  fire,
  fire_area: fireArea,
};

/** The descriptor of a normalized model, typed for calling its compute. */
export function descriptorOf(model: HazardEntry): HazardDescriptor {
  return HAZARD_DESCRIPTORS[model.type] as unknown as HazardDescriptor;
}
