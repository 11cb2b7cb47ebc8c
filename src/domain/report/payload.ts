/**
 * The data of a report page, built from plain inputs (the app layer reads them from the
 * result files). Large arrays travel as base64 typed arrays so a 100,000-asset report stays
 * a few MB: failure probabilities quantized to 1/250, coordinates as 32-bit floats (about
 * 1 m), and at most MAX_FAILURE_CELLS asset-timestamps (timestamps evenly thinned, first and
 * last kept, and the page says so).
 */
import type { HazardEntry } from '../hazards/types.js';
import { quantityDefinition } from '../hazards/quantities.js';
import { curvePlots, type CurvePlot, type UsedCurve } from './curves.js';
import { hazardOverlays, type MapOverlay } from './overlays.js';
import { provenanceRows } from './provenance.js';
import type { BasemapLayer } from './basemap.js';

export interface ReportInput {
  runInfo: Readonly<Record<string, string>>;
  /** Every timestamp of the result, in order. */
  timestamps: readonly string[];
  assets: {
    name: readonly string[];
    assetType: readonly string[];
    longitude: Float64Array;
    latitude: Float64Array;
    /** A line's route ([lon0, lat0, lon1, lat1, ...]), null for point assets or when unknown. */
    routes: readonly (readonly number[] | null)[];
  };
  /** Survival probability, asset-major: asset a at timestamp t is at [a · timestamps + t]. */
  survival: Float64Array;
  /** Per quantity, the peak SI intensity over the event at each asset (NaN: not exposed). */
  peaks: ReadonlyMap<string, Float64Array>;
  curves: readonly UsedCurve[];
  /** The hazard's normalized models, for the map's footprint; empty when the model is not at hand. */
  hazardEntries: readonly HazardEntry[];
  /** Customers and kW out over time across samples, when an impact result is given (docs/output-impact.md). */
  impact?: {
    timestamps: readonly string[];
    customers: { mean: readonly number[]; p10: readonly number[]; p90: readonly number[] };
    kw: { mean: readonly number[]; p10: readonly number[]; p90: readonly number[] };
    metadata: Readonly<Record<string, string>>;
  };
  /** Failed assets in each sample, when a scenario file is given. */
  scenarios?: { failuresPerSample: readonly number[]; metadata: Readonly<Record<string, string>> };
  /** Things the reader should know about how the page was made (e.g. the hazard model was not in the cache). */
  notes: readonly string[];
  /** County, state and coast outlines near the feeder, drawn under it (empty: a blank background). */
  basemap?: readonly BasemapLayer[];
}

export interface ReportPayload {
  title: string;
  provenance: [string, string][];
  warnings: string[];
  notes: string[];
  /** Timestamps the map's slider offers. */
  timestamps: string[];
  assets: {
    count: number;
    names: string[];
    types: string[];
    /** base64 Uint8Array: index into `types` per asset. */
    typeIndex: string;
    /** base64 Float32Array: latitude, longitude per asset. */
    coordinates: string;
    /** base64 Float32Array of latitude, longitude pairs of every route, back to back. */
    routeCoordinates: string;
    /** base64 Int32Array: asset index, first pair, pair count per route. */
    routeIndex: string;
  };
  /** base64 Uint8Array, timestamp-major over `timestamps`: round(250 · failure probability). */
  failure: string;
  /** Expected number of failed assets at every timestamp of the result (not thinned). */
  expectedFailures: { timestamps: string[]; values: number[] };
  /** Peak intensity per asset for the hover box: base64 Float32Array per quantity, NaN where not exposed. */
  peaks: { quantity: string; unit: string; values: string }[];
  curves: CurvePlot[];
  worst: { name: string; assetType: string; lowestSurvival: number; peaks: Record<string, number> }[];
  overlays: MapOverlay[];
  /** Outlines drawn under the feeder (src/domain/report/basemap.ts). */
  basemap: BasemapLayer[];
  impact?: ReportInput['impact'];
  scenarios?: {
    metadata: [string, string][];
    samples: number;
    mean: number;
    percentiles: { p10: number; p50: number; p90: number };
    /** Failed-asset counts and how many samples had each. */
    histogram: { failures: number[]; samples: number[] };
  };
  /** [[south, west], [north, east]]. */
  bounds: [[number, number], [number, number]];
}

/** At most this many asset-timestamps of failure probability go into a page. */
export const MAX_FAILURE_CELLS = 1_500_000;
const WORST_ASSETS = 25;
const QUANTIZATION_STEPS = 250;

function base64(array: ArrayBufferView): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}

/** Indices of the timestamps kept: all when they fit, else evenly spaced with the first and last. */
export function keptTimestampIndices(timestampCount: number, assetCount: number, maxCells = MAX_FAILURE_CELLS): number[] {
  const fit = Math.max(2, Math.floor(maxCells / Math.max(1, assetCount)));
  if (timestampCount <= fit) return Array.from({ length: timestampCount }, (_, index) => index);
  const kept = new Set<number>();
  for (let i = 0; i < fit; i += 1) kept.add(Math.round((i * (timestampCount - 1)) / (fit - 1)));
  return [...kept].sort((a, b) => a - b);
}

/** The p-th percentile (0–100) of sorted values, linear between order statistics (numpy's default). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function buildReportPayload(input: ReportInput): ReportPayload {
  const { assets, timestamps } = input;
  const count = assets.name.length;
  const timestampCount = timestamps.length;
  const notes = [...input.notes];

  const types = [...new Set(assets.assetType)];
  const typeIndex = Uint8Array.from(assets.assetType, (type) => types.indexOf(type));
  const coordinates = new Float32Array(count * 2);
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (let a = 0; a < count; a += 1) {
    coordinates[2 * a] = assets.latitude[a];
    coordinates[2 * a + 1] = assets.longitude[a];
    south = Math.min(south, assets.latitude[a]);
    north = Math.max(north, assets.latitude[a]);
    west = Math.min(west, assets.longitude[a]);
    east = Math.max(east, assets.longitude[a]);
  }
  const routePairs: number[] = [];
  const routeIndex: number[] = [];
  assets.routes.forEach((route, asset) => {
    if (!route) return;
    routeIndex.push(asset, routePairs.length / 2, route.length / 2);
    for (let i = 0; i + 1 < route.length; i += 2) routePairs.push(route[i + 1], route[i]);
  });

  const kept = keptTimestampIndices(timestampCount, count);
  if (kept.length < timestampCount) {
    notes.push(
      `The map shows ${kept.length} of the ${timestampCount} timestamps (evenly spaced, first and last kept) to keep the page small; the outage curve uses all of them.`,
    );
  }
  const failure = new Uint8Array(kept.length * count);
  kept.forEach((t, slot) => {
    for (let a = 0; a < count; a += 1) failure[slot * count + a] = Math.round((1 - input.survival[a * timestampCount + t]) * QUANTIZATION_STEPS);
  });
  const expected = new Array<number>(timestampCount).fill(0);
  const lowest = new Float64Array(count).fill(1);
  for (let a = 0; a < count; a += 1) {
    for (let t = 0; t < timestampCount; t += 1) {
      const survival = input.survival[a * timestampCount + t];
      expected[t] += 1 - survival;
      if (survival < lowest[a]) lowest[a] = survival;
    }
  }

  const peaks = [...input.peaks].map(([quantity, values]) => ({
    quantity,
    unit: quantityDefinition(quantity).siUnit,
    values: base64(Float32Array.from(values)),
  }));
  const order = Array.from({ length: count }, (_, index) => index).sort((a, b) => lowest[a] - lowest[b] || a - b);
  const worst = order.slice(0, Math.min(WORST_ASSETS, count)).map((asset) => {
    const assetPeaks: Record<string, number> = {};
    for (const [quantity, values] of input.peaks) if (Number.isFinite(values[asset])) assetPeaks[quantity] = values[asset];
    return { name: assets.name[asset], assetType: assets.assetType[asset], lowestSurvival: lowest[asset], peaks: assetPeaks };
  });

  let scenarios: ReportPayload['scenarios'];
  if (input.scenarios) {
    const sorted = [...input.scenarios.failuresPerSample].sort((a, b) => a - b);
    const histogram = new Map<number, number>();
    for (const failures of sorted) histogram.set(failures, (histogram.get(failures) ?? 0) + 1);
    scenarios = {
      metadata: Object.entries(input.scenarios.metadata),
      samples: sorted.length,
      mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
      percentiles: { p10: percentile(sorted, 10), p50: percentile(sorted, 50), p90: percentile(sorted, 90) },
      histogram: { failures: [...histogram.keys()], samples: [...histogram.values()] },
    };
  }

  const warnings = parseWarnings(input.runInfo.warnings);
  const provenance = provenanceRows(input.runInfo);
  return {
    title: `${input.runInfo.distribution_name ?? 'feeder'} under ${input.runInfo.hazard_name ?? 'hazard'}`,
    provenance,
    warnings,
    notes,
    timestamps: kept.map((t) => timestamps[t]),
    assets: {
      count,
      names: [...assets.name],
      types,
      typeIndex: base64(typeIndex),
      coordinates: base64(coordinates),
      routeCoordinates: base64(Float32Array.from(routePairs)),
      routeIndex: base64(Int32Array.from(routeIndex)),
    },
    failure: base64(failure),
    expectedFailures: { timestamps: [...timestamps], values: expected },
    peaks,
    curves: curvePlots(input.curves, assets.assetType, input.peaks),
    worst,
    overlays: hazardOverlays(input.hazardEntries),
    basemap: [...(input.basemap ?? [])],
    scenarios,
    ...(input.impact ? { impact: input.impact } : {}),
    bounds:
      count > 0
        ? [
            [south, west],
            [north, east],
          ]
        : [
            [-1, -1],
            [1, 1],
          ],
  };
}

function parseWarnings(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : [text];
  } catch {
    return [text];
  }
}
