import type { HazsimService } from '../../src/app/service.js';
import type { ProgressEvent } from '../../src/base/workerTask.js';
import { formatSummary } from '../output.js';

export type TabId = 'distribution' | 'hazard' | 'curve_sets' | 'results';

export const TABS: readonly { id: TabId; title: string }[] = [
  { id: 'distribution', title: 'Distribution' },
  { id: 'hazard', title: 'Hazard' },
  { id: 'curve_sets', title: 'Curve sets' },
  { id: 'results', title: 'Results' },
];

export type ScenarioMethod = 'peak' | 'sequential';

/** What `g` asks before drawing scenarios. */
export interface ScenarioSettings {
  samples: number;
  seed: number;
  method: ScenarioMethod;
}

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
  /** The most scenarios one run may draw (service.limits.maxSamples), checked in the form before a run starts. */
  maxSamples: number;
  list(tab: TabId): Promise<BrowseEntry[]>;
  details(tab: TabId, name: string): Promise<[string, string][]>;
  remove(tab: TabId, name: string): Promise<string>;
  /** A result file's own account of its run, to read on Enter. */
  openResult(name: string): Promise<{ title: string; lines: [string, string][] }>;
  simulate(distribution: string, hazard: string, curveSet: string, onProgress: (event: ProgressEvent) => void): Promise<RunOutcome>;
  scenarios(
    distribution: string,
    hazard: string,
    curveSet: string,
    settings: ScenarioSettings,
    onProgress: (event: ProgressEvent) => void,
  ): Promise<RunOutcome>;
}

/** Summary fields left out of the detail pane so the counts fit a 24-line terminal; `hazsim show` prints them all. */
const OMITTED_FIELDS = new Set(['content_keys', 'file_size_bytes', 'form', 'data_format_version']);

/** Label/value lines as `hazsim show` prints them (formatSummary), as text. */
function displayLines(summary: object): [string, string][] {
  return formatSummary(summary).map(([label, value]) => [label, value === '' ? '-' : String(value)]);
}

/** Runs started from the browser keep their files in the cache's results folder, where every interface can find them. */
export function createBrowseData(service: HazsimService): BrowseData {
  return {
    cacheRoot: service.cache.root,
    maxSamples: service.limits.maxSamples,
    async list(tab) {
      if (tab === 'results') return service.results.list().map((file) => ({ name: file.name, description: file.kind }));
      if (tab === 'curve_sets') return (await service.curveSets.list()).map((set) => ({ name: set.name, description: set.description, builtin: set.builtin }));
      return (await service.models.list(tab)).map((record) => ({ name: record.name, description: record.description }));
    },
    async details(tab, name) {
      if (tab === 'results') {
        const file = service.results.list().find((entry) => entry.name === name);
        if (!file) return [['error', `${name} is no longer in ${service.results.directory}`]];
        return [
          ['kind', file.kind],
          ['path', file.path],
          ['size', `${(file.bytes / 1e6).toFixed(2)} MB`],
          ['modified (UTC)', file.modified.toISOString().slice(0, 19)],
        ];
      }
      if (tab === 'curve_sets') {
        const set = service.curveSets.get(name);
        const curvesByQuantity = Object.fromEntries(
          Object.entries(set.content.curves).map(([quantity, byType]) => [quantity, `${Object.keys(byType ?? {}).length} asset types`]),
        );
        return displayLines({
          name: set.name,
          description: set.description,
          'built in': set.builtin ? 'yes' : 'no',
          created_at: set.created_at,
          curves: curvesByQuantity,
        });
      }
      // The summary carries the record (name, description, created_at, file) and what the content holds.
      const summary = Object.entries(service.models.summary(tab, name)).filter(([field]) => !OMITTED_FIELDS.has(field));
      return displayLines(Object.fromEntries(summary));
    },
    async remove(tab, name) {
      if (tab === 'results') {
        service.results.delete(name);
        return `Result ${name} deleted`;
      }
      if (tab === 'curve_sets') return (await service.curveSets.delete(name)).message;
      return (await service.models.delete(tab, name)).message;
    },
    async openResult(name) {
      const summary = await service.results.summary(name);
      return { title: `${summary.name} (${summary.kind}, ${summary.source})`, lines: summary.fields };
    },
    async simulate(distribution, hazard, curveSet, onProgress) {
      const outcome = await service.runs.simulate(
        { distribution_system_name: distribution, hazard_system_name: hazard, curve_set: curveSet },
        { inResultsDir: true, onProgress },
      );
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
    async scenarios(distribution, hazard, curveSet, settings, onProgress) {
      const outcome = await service.runs.generateScenarios(
        {
          distribution_system_name: distribution,
          hazard_system_name: hazard,
          curve_set: curveSet,
          number_of_samples: settings.samples,
          seed: settings.seed,
          method: settings.method,
        },
        { inResultsDir: true, onProgress },
      );
      return {
        filePath: outcome.filePath,
        lines: [
          `${outcome.summary.number_of_samples} samples, seed ${outcome.summary.seed}, method ${outcome.summary.method}`,
          `${outcome.summary.total_scenarios} scenario records (sample x timestamp with outages)`,
        ],
      };
    },
  };
}
