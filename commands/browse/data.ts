import type { HazsimService } from '../../src/core/service.js';
import type { ProgressEvent } from '../../src/core/workerTask.js';

export type TabId = 'distribution' | 'hazard' | 'curve_sets';

export const TABS: readonly { id: TabId; title: string }[] = [
  { id: 'distribution', title: 'Distribution' },
  { id: 'hazard', title: 'Hazard' },
  { id: 'curve_sets', title: 'Curve sets' },
];

export interface BrowseEntry {
  name: string;
  description: string;
  /** Built-in curve sets cannot be deleted. */
  builtin?: boolean;
}

/** What a finished simulation or scenario run shows: where the file went and the lines to read. */
export interface RunOutcome {
  filePath: string;
  lines: string[];
}

/** The browser's view of the core: everything the TUI shows or does goes through these calls. */
export interface BrowseData {
  cacheRoot: string;
  list(tab: TabId): Promise<BrowseEntry[]>;
  details(tab: TabId, name: string): Promise<[string, string][]>;
  remove(tab: TabId, name: string): Promise<string>;
  simulate(distribution: string, hazard: string, curveSet: string, onProgress: (event: ProgressEvent) => void): Promise<RunOutcome>;
  scenarios(distribution: string, hazard: string, curveSet: string, samples: number, onProgress: (event: ProgressEvent) => void): Promise<RunOutcome>;
}

/** One line per value; flat maps become "a 3, b 2", nested maps get dotted keys, long lists are cut. */
export function flattenForDisplay(value: Record<string, unknown>, prefix = ''): [string, string][] {
  const lines: [string, string][] = [];
  for (const [name, item] of Object.entries(value)) {
    const key = `${prefix}${name}`;
    const isMap = typeof item === 'object' && item !== null && !Array.isArray(item);
    if (isMap && Object.values(item).some((inner) => typeof inner === 'object' && inner !== null)) lines.push(...flattenForDisplay(item as Record<string, unknown>, `${key}.`));
    else if (item === null || item === undefined) lines.push([key, '-']);
    else if (Array.isArray(item)) lines.push([key, item.length > 4 ? `${item.slice(0, 3).map(display).join(', ')} … (${item.length})` : item.map(display).join(', ') || '-']);
    else if (typeof item === 'object') lines.push([key, Object.entries(item as Record<string, unknown>).map(([k, v]) => `${k} ${display(v)}`).join(', ') || '-']);
    else lines.push([key, display(item)]);
  }
  return lines;
}

function display(value: unknown): string {
  if (value === '') return '-';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toPrecision(6).replace(/\.?0+$/, '');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Results of runs started from the browser go under the cache, where every interface can find them. */
export function createBrowseData(service: HazsimService): BrowseData {
  const outputDir = service.resultsDir;
  return {
    cacheRoot: service.cacheRoot,
    async list(tab) {
      if (tab === 'curve_sets') return (await service.listCurveSets()).map((set) => ({ name: set.name, description: set.description, builtin: set.builtin }));
      return (await service.listModels(tab)).map((record) => ({ name: record.name, description: record.description }));
    },
    async details(tab, name) {
      if (tab === 'curve_sets') {
        const set = service.getCurveSet(name);
        const curvesByQuantity = Object.fromEntries(Object.entries(set.content.curves).map(([quantity, byType]) => [quantity, `${Object.keys(byType ?? {}).length} asset types`]));
        return [['name', set.name], ['description', set.description || '-'], ['built in', set.builtin ? 'yes' : 'no'], ['created_at', set.created_at ?? '-'], ...flattenForDisplay({ curves: curvesByQuantity })];
      }
      // The summary carries the record (name, description, created_at, file) and what the content holds.
      const { content_keys: _keys, ...summary } = service.modelSummary(tab, name) as Record<string, unknown>;
      return flattenForDisplay(summary);
    },
    async remove(tab, name) {
      if (tab === 'curve_sets') return (await service.deleteCurveSet(name)).message;
      return (await service.deleteModel(tab, name)).message;
    },
    async simulate(distribution, hazard, curveSet, onProgress) {
      const outcome = await service.simulate({ distribution_system_name: distribution, hazard_system_name: hazard, curve_set: curveSet }, { outputDir, onProgress });
      return {
        filePath: outcome.filePath,
        lines: [
          `${outcome.summary.asset_count} assets x ${outcome.summary.timestamps.length} timestamps`,
          'lowest survival:',
          ...outcome.summary.lowest_survival.slice(0, 8).map((asset) => `  ${asset.survival_probability.toFixed(4)}  ${asset.asset_type}  ${asset.name}`),
          ...outcome.summary.warnings.map((warning) => `warning: ${warning}`),
        ],
      };
    },
    async scenarios(distribution, hazard, curveSet, samples, onProgress) {
      const outcome = await service.generateScenarios({ distribution_system_name: distribution, hazard_system_name: hazard, curve_set: curveSet, number_of_samples: samples, seed: 0 }, { outputDir, onProgress });
      return {
        filePath: outcome.filePath,
        lines: [`${outcome.summary.number_of_samples} samples, seed ${outcome.summary.seed}, method ${outcome.summary.method}`, `${outcome.summary.total_scenarios} scenario records (sample x timestamp with outages)`],
      };
    },
  };
}
