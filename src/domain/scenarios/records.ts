import type { DamageClass, DamageDraws } from './damage.js';
import type { ScenarioRecord } from './types.js';

/** The scenario name of sample `sampleIndex` (0-based). */
export function scenarioName(sampleIndex: number): string {
  return `sample_${sampleIndex}`;
}

/**
 * Turns one sample's failures into scenario records: one per timestamp with failures, in
 * timestamp order, each listing its edits `{component_uuid, name: "in_service", value:
 * false}` sorted by component_uuid. Serialises them straight to JSON text (the hot path of
 * the ZIP) and builds objects only for the records a caller asked to keep.
 */
export class RecordBuilder {
  private readonly assetCount: number;
  private readonly timestamps: readonly string[];
  private readonly assetUuids: readonly string[];
  private readonly timestampJson: string[];
  private readonly editJson: string[];
  /** rankOfAsset[a]: position of asset a's uuid in sorted uuid order; assetOfRank is its inverse. */
  private readonly rankOfAsset: Int32Array;
  private readonly assetOfRank: Int32Array;
  private readonly keys: Float64Array;
  /** Scratch: position k of each failed asset in the arrays given to damageRows. */
  private readonly failureOfAsset: Int32Array;

  constructor(timestamps: readonly string[], assetUuids: readonly string[]) {
    this.assetCount = assetUuids.length;
    this.timestamps = timestamps;
    this.assetUuids = assetUuids;
    this.timestampJson = timestamps.map((timestamp) => JSON.stringify(timestamp));
    this.editJson = assetUuids.map((uuid) => `{"component_uuid":${JSON.stringify(uuid)},"name":"in_service","value":false}`);
    const order = sortedAssetOrder(assetUuids);
    this.assetOfRank = Int32Array.from(order);
    this.rankOfAsset = new Int32Array(this.assetCount);
    order.forEach((asset, rank) => (this.rankOfAsset[asset] = rank));
    this.keys = new Float64Array(this.assetCount);
    this.failureOfAsset = new Int32Array(this.assetCount);
  }

  /**
   * Appends one damage.csv line per failure of sample `sampleIndex` to `lines`
   * (`sample,asset,timestamp,damage_state,repair_hours`), in the order of tracked_changes.json:
   * failure timestamp, then uuid. An unknown repair time is left empty.
   */
  damageRows(
    sampleIndex: number,
    count: number,
    failedAssets: Int32Array,
    failureTimes: Int32Array,
    draws: DamageDraws,
    classes: readonly DamageClass[],
    lines: string[],
  ): void {
    if (count === 0) return;
    const n = this.assetCount;
    for (let k = 0; k < count; k += 1) this.failureOfAsset[failedAssets[k]] = k;
    const keys = this.sortKeys(count, failedAssets, failureTimes);
    for (let j = 0; j < count; j += 1) {
      const t = Math.floor(keys[j] / n);
      const asset = this.assetOfRank[keys[j] - t * n];
      const k = this.failureOfAsset[asset];
      const repair = draws.repairHours[k];
      const state = csvField(classes[draws.classIndex[k]].states[draws.state[k]]);
      lines.push(`${sampleIndex},${this.assetUuids[asset]},${this.timestamps[t]},${state},${Number.isNaN(repair) ? '' : repair}\n`);
    }
  }

  /**
   * Appends the JSON text of sample `sampleIndex`'s records to `json` (one string per
   * record, no separators) and the first `keep` of them as objects to `kept`. Returns the
   * number of records.
   */
  append(sampleIndex: number, count: number, failedAssets: Int32Array, failureTimes: Int32Array, json: string[], kept: ScenarioRecord[], keep: number): number {
    if (count === 0) return 0;
    const n = this.assetCount;
    const keys = this.sortKeys(count, failedAssets, failureTimes);
    const nameJson = `{"scenario_name":"${scenarioName(sampleIndex)}","timestamp":`;
    let records = 0;
    let j = 0;
    while (j < count) {
      const t = Math.floor(keys[j] / n);
      const groupEnd = t * n + n;
      const edits: string[] = [];
      const assets: number[] = [];
      for (; j < count && keys[j] < groupEnd; j += 1) {
        const asset = this.assetOfRank[keys[j] - t * n];
        edits.push(this.editJson[asset]);
        assets.push(asset);
      }
      json.push(`${nameJson}${this.timestampJson[t]},"edits":[${edits.join(',')}]}`);
      if (records < keep) kept.push(this.recordObject(sampleIndex, t, assets));
      records += 1;
    }
    return records;
  }

  /**
   * Appends one sample's failures to `out` as its count, then (asset index, timestamp index)
   * pairs in record order: by timestamp, then by asset uuid.
   */
  appendFailures(count: number, failedAssets: Int32Array, failureTimes: Int32Array, out: number[]): void {
    out.push(count);
    const n = this.assetCount;
    const keys = this.sortKeys(count, failedAssets, failureTimes);
    for (let j = 0; j < count; j += 1) {
      const t = Math.floor(keys[j] / n);
      out.push(this.assetOfRank[keys[j] - t * n], t);
    }
  }

  /** One sort key per failure orders by timestamp, then by uuid; exact in a double for t·n < 2^53. */
  private sortKeys(count: number, failedAssets: Int32Array, failureTimes: Int32Array): Float64Array {
    const n = this.assetCount;
    const keys = this.keys.subarray(0, count);
    for (let j = 0; j < count; j += 1) keys[j] = failureTimes[j] * n + this.rankOfAsset[failedAssets[j]];
    return keys.sort();
  }

  private recordObject(sampleIndex: number, t: number, assets: number[]): ScenarioRecord {
    return {
      scenario_name: scenarioName(sampleIndex),
      timestamp: this.timestamps[t],
      edits: assets.map((asset) => ({ component_uuid: this.assetUuids[asset], name: 'in_service', value: false })),
    };
  }
}

/** Asset indices ordered by uuid (code-unit order, as JSON consumers and `sort` compare strings). */
export function sortedAssetOrder(assetUuids: readonly string[]): number[] {
  return assetUuids.map((_, index) => index).sort((a, b) => (assetUuids[a] < assetUuids[b] ? -1 : assetUuids[a] > assetUuids[b] ? 1 : 0));
}

/**
 * A cell a spreadsheet would evaluate as a formula: it starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV field, quoted (RFC 4180) when it holds a comma, quote or line break. A field that would
 * start a formula gets a leading `'` inside quotes, as OWASP's CSV Injection guidance says, so
 * a limit-state name such as `=HYPERLINK(...)` from a curve set shows as text when damage.csv
 * is opened in a spreadsheet (docs/scenarios-zip.md).
 */
function csvField(text: string): string {
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
