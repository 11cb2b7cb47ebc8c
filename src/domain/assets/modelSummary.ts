/**
 * A JSON-friendly summary of a distribution model, shown by `hazsim show` and later by
 * REST and MCP: what it holds, where it is, at which voltages, and which assets it gives.
 */
import { extractAssets } from './index.js';
import { busPoint, readingRecord, type CoordinateReading, type CoordinateReadingRecord } from './locate.js';
import { lineToLineVolts } from './lines.js';
import { ASSET_TYPES } from './types.js';
import { extendBox, type BoundingBox } from '../../base/geodesy/boundingBox.js';
import { sortPhases } from '../gdm/enums.js';
import { componentsOfType, type Component, type DistributionModel } from '../gdm/model.js';

export type { BoundingBox };

export interface DistributionSummary {
  /** The name inside the content (a cached model's own name may differ). */
  system_name: string | null;
  form: 'gdm' | 'nested';
  data_format_version: string | null;
  total_components: number;
  /** Component counts by GDM class, classes in alphabetical order. */
  components_by_type: Record<string, number>;
  buses: {
    total: number;
    with_coordinates: number;
    without_coordinates: number;
    /** Buses whose coordinate is not a usable longitude/latitude (out of range, a 0,0 placeholder, another crs). */
    with_unusable_coordinates: number;
  };
  /** Over the buses with usable coordinates; null when there are none. */
  bounding_box: BoundingBox | null;
  /** Distinct bus voltages, line-to-line, volts, to 4 significant digits, ascending. */
  voltage_levels_v: number[];
  /** Phases used by buses and components, in the order A, B, C, N, S1, S2. */
  phases: string[];
  assets: {
    /** Asset counts by asset type (located or not), in ASSET_TYPES order. */
    by_type: Record<string, number>;
    located: number;
    unlocated: number;
  };
  /** How the Location x and y were read (the model's upload options; GDM's order when none was given). */
  coordinates: CoordinateReadingRecord;
}

function phasesOf(component: Component): string[] {
  const found: string[] = [];
  const { phases, winding_phases: windingPhases } = component.fields;
  if (Array.isArray(phases)) found.push(...(phases as string[]));
  if (Array.isArray(windingPhases)) for (const list of windingPhases as string[][]) found.push(...list);
  return found;
}

/** Summarizes a model read by readDistributionModel, its coordinates read as `reading` says. */
export function summarizeDistributionModel(model: DistributionModel, reading: CoordinateReading): DistributionSummary {
  const componentsByType = Object.fromEntries(
    [...model.byType.entries()].map(([type, list]) => [type, list.length] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
  const buses = componentsOfType(model, 'DistributionBus');
  let withCoordinates = 0;
  let unusable = 0;
  let box: BoundingBox | null = null;
  const levels = new Set<number>();
  for (const bus of buses) {
    levels.add(Number(lineToLineVolts(bus).toPrecision(4)));
    if (!bus.fields.coordinate) continue;
    withCoordinates += 1;
    const point = busPoint(bus, reading);
    if ('reason' in point) {
      unusable += 1;
      continue;
    }
    box = extendBox(box, point.longitude, point.latitude);
  }
  const extraction = extractAssets(model, reading);
  const counts = new Map<string, number>();
  for (const type of extraction.assets.assetType) counts.set(type, (counts.get(type) ?? 0) + 1);
  for (const note of extraction.unlocated) counts.set(note.assetType!, (counts.get(note.assetType!) ?? 0) + 1);
  return {
    system_name: model.name,
    form: model.form,
    data_format_version: model.dataFormatVersion,
    total_components: model.components.length,
    components_by_type: componentsByType,
    buses: { total: buses.length, with_coordinates: withCoordinates, without_coordinates: buses.length - withCoordinates, with_unusable_coordinates: unusable },
    bounding_box: box,
    voltage_levels_v: [...levels].sort((a, b) => a - b),
    phases: sortPhases(model.components.flatMap(phasesOf)),
    assets: {
      by_type: Object.fromEntries(ASSET_TYPES.filter((type) => counts.has(type)).map((type) => [type, counts.get(type)!])),
      located: extraction.assets.count,
      unlocated: extraction.unlocated.length,
    },
    coordinates: readingRecord(reading),
  };
}
