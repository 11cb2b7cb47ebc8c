/**
 * Assets as the default physics sees them (docs/physics.md): each asset is one or more
 * elements, each with its own place, height and fragility curve. A line is a series
 * system along the straight path between its buses: N equal spans (span length by voltage
 * class, N = ⌈length / span⌉) at their midpoints, and for overhead lines the N − 1
 * structures between them (poles or towers, at the span boundaries). The structures at the
 * line's ends are its bus assets, so cutting a line at a span boundary moves a structure
 * from the line to a new bus asset and changes nothing else.
 */
import { ASSET_HEIGHTS_M } from './heights.js';
import { STRUCTURE_OF_LINE } from './lines.js';
import { ASSET_TYPES, type AssetTable, type AssetType } from './types.js';

/**
 * Span lengths used when the model gives none (GDM 2.x has no span field), metres:
 * distribution spans are 40–60 m, transmission spans 200–400 m; the middle of each range.
 * Underground cables are cut into sections of the same length as their class's spans.
 */
export const DEFAULT_SPAN_M: Readonly<Partial<Record<AssetType, number>>> = {
  distribution_overhead_lines: 50,
  distribution_underground_cables: 50,
  transmission_overhead_lines: 300,
  transmission_underground_cables: 300,
};

/** Lines carried on structures; cables have no structures between their ends. */
const OVERHEAD_LINE_TYPES: ReadonlySet<AssetType> = new Set(['distribution_overhead_lines', 'transmission_overhead_lines']);

/** Sites of the physics and fragility stages: one row per element, grouped by element type. */
export interface ElementSites {
  count: number;
  longitude: Float64Array;
  latitude: Float64Array;
  /** Height above ground for flood depth, metres; buried assets are judged at ground level (docs/physics.md). */
  heightM: Float64Array;
  /** The element's asset type (ASSET_TYPES index): the line's own type for a span, the structure's for a pole or tower. */
  assetTypeIndex: Uint8Array;
  /** The asset (row of the asset table) each element belongs to. */
  owner: Int32Array;
  /** Per asset: how many elements it has. */
  elementCount: Int32Array;
  /** Span elements: the span's length, metres (the line's length over its span count); NaN for every other element. */
  spanLengthM: Float64Array;
  /** Span elements: the line's structures between spans per span, (N − 1)/N overhead, 0 for cables; NaN for every other element. */
  structuresPerSpan: Float64Array;
}

/** Elements of one line: how many spans (N) and structures between them (N − 1 for overhead lines, none for cables). */
export function lineElementCounts(assetType: AssetType, lengthM: number): { spans: number; structures: number } {
  const span = DEFAULT_SPAN_M[assetType]!;
  // The tolerance keeps a length of exactly N spans at N despite rounding in unit conversion.
  const spans = Math.max(1, Math.ceil(lengthM / span - 1e-9));
  return { spans, structures: OVERHEAD_LINE_TYPES.has(assetType) ? spans - 1 : 0 };
}

/** The spans and structures of asset `a` when it is a line with a length (judged along its route), else null (one element). */
function lineElementsOf(assets: AssetTable, a: number): { spans: number; structures: number } | null {
  const type = assets.assetType[a];
  const length = assets.lengthM[a];
  return type in DEFAULT_SPAN_M && !Number.isNaN(length) ? lineElementCounts(type, length) : null;
}

/** The asset types of the elements expandElements makes of `assets` (theirs, and the structures' of lines that have some), in ASSET_TYPES order. */
export function elementTypesOf(assets: AssetTable): AssetType[] {
  const types = new Set<AssetType>();
  for (let a = 0; a < assets.count; a += 1) {
    types.add(assets.assetType[a]);
    if ((lineElementsOf(assets, a)?.structures ?? 0) > 0) types.add(STRUCTURE_OF_LINE[assets.assetType[a]]!);
  }
  return ASSET_TYPES.filter((type) => types.has(type));
}

/** How many elements expandElements makes of asset `a`: a line's spans and the structures between them, 1 otherwise. */
export function elementCountOf(assets: AssetTable, a: number): number {
  const line = lineElementsOf(assets, a);
  return line ? line.spans + line.structures : 1;
}

/**
 * Ground-level height of buried assets: what fails on a cable or junction box in a flood is
 * at grade (terminations, pad-mounted gear), so burial depth is not added to the water.
 */
function floodHeight(assetType: AssetType): number {
  return Math.max(0, ASSET_HEIGHTS_M[assetType]);
}

/** Expands an asset table into its elements (docs/physics.md), grouped by element type so curves run over contiguous slices. */
export function expandElements(assets: AssetTable): ElementSites {
  const longitude: number[] = [];
  const latitude: number[] = [];
  const typeIndex: number[] = [];
  const owner: number[] = [];
  const spanLength: number[] = [];
  const structuresPerSpan: number[] = [];
  const elementCount = new Int32Array(assets.count);
  const add = (asset: number, type: AssetType, lon: number, lat: number, span?: { lengthM: number; structures: number }) => {
    longitude.push(lon);
    latitude.push(lat);
    typeIndex.push(ASSET_TYPES.indexOf(type));
    owner.push(asset);
    spanLength.push(span ? span.lengthM : Number.NaN);
    structuresPerSpan.push(span ? span.structures : Number.NaN);
    elementCount[asset] += 1;
  };
  for (let a = 0; a < assets.count; a += 1) {
    const type = assets.assetType[a];
    const line = lineElementsOf(assets, a);
    if (!line) {
      add(a, type, assets.longitude[a], assets.latitude[a]);
      continue;
    }
    const [lon0, lat0, lon1, lat1] = assets.route.subarray(4 * a, 4 * a + 4);
    const { spans, structures } = line;
    const span = { lengthM: assets.lengthM[a] / spans, structures: structures / spans };
    // Linear in longitude and latitude: over a feeder's distances this is the geodesic to well under a span.
    for (let i = 0; i < spans; i += 1) {
      const fraction = (i + 0.5) / spans;
      add(a, type, lon0 + (lon1 - lon0) * fraction, lat0 + (lat1 - lat0) * fraction, span);
    }
    const structure = STRUCTURE_OF_LINE[type]!;
    for (let i = 1; i <= structures; i += 1) {
      const fraction = i / spans;
      add(a, structure, lon0 + (lon1 - lon0) * fraction, lat0 + (lat1 - lat0) * fraction);
    }
  }
  // A stable counting sort by type: element order within a type follows the assets.
  const starts = new Int32Array(ASSET_TYPES.length + 1);
  for (const type of typeIndex) starts[type + 1] += 1;
  for (let type = 0; type < ASSET_TYPES.length; type += 1) starts[type + 1] += starts[type];
  const order = new Int32Array(owner.length);
  for (let index = 0; index < owner.length; index += 1) order[starts[typeIndex[index]]++] = index;
  return {
    count: order.length,
    longitude: Float64Array.from(order, (index) => longitude[index]),
    latitude: Float64Array.from(order, (index) => latitude[index]),
    heightM: Float64Array.from(order, (index) => floodHeight(ASSET_TYPES[typeIndex[index]])),
    assetTypeIndex: Uint8Array.from(order, (index) => typeIndex[index]),
    owner: Int32Array.from(order, (index) => owner[index]),
    elementCount,
    spanLengthM: Float64Array.from(order, (index) => spanLength[index]),
    structuresPerSpan: Float64Array.from(order, (index) => structuresPerSpan[index]),
  };
}
