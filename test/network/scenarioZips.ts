// Scenario ZIPs written by hand for the impact tests, in the layout of docs/scenarios-zip.md.
import { makeZip } from '../helpers/zip.js';

export interface HandFailure {
  sample: number;
  timestamp: string;
  uuid: string;
  /** Written to damage.csv when the ZIP has one; null: an empty repair_hours. */
  repairHours: number | null;
}

/** A scenario ZIP: tracked_changes.json (records sorted by sample, then timestamp), one time_series CSV, and damage.csv when asked. */
export function handScenarioZip(options: {
  failures: HandFailure[];
  numberOfSamples: number;
  seed: number;
  timestamps: string[];
  metadata?: Record<string, unknown>;
  damage?: boolean | string;
}): Promise<Buffer> {
  const groups = new Map<string, HandFailure[]>();
  for (const failure of options.failures) {
    const key = `${failure.sample}|${failure.timestamp}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const records = [...groups.values()].map((group) =>
    JSON.stringify({
      scenario_name: `sample_${group[0].sample}`,
      timestamp: group[0].timestamp,
      edits: group.map((failure) => ({ component_uuid: failure.uuid, name: 'in_service', value: false })),
    }),
  );
  const metadata = { distribution_system_name: 'hand', seed: options.seed, method: 'peak', number_of_samples: options.numberOfSamples, ...options.metadata };
  const tracked = `{"tracked_changes":[\n${records.join(',\n')}${records.length ? '\n' : ''}],\n"metadata":${JSON.stringify(metadata)}}\n`;
  const series = ['timestamp,survival_probability,out_of_service_samples,out_of_service_fraction', ...options.timestamps.map((t) => `${t},1,0,0`)].join('\n');
  const entries: Record<string, string> = { 'tracked_changes.json': tracked, 'time_series/00000000-0000-4000-8000-000000000001.csv': `${series}\n` };
  if (options.damage) {
    const header = typeof options.damage === 'string' ? options.damage : 'sample,asset,timestamp,damage_state,repair_hours';
    entries['damage.csv'] = [header, ...options.failures.map((f) => `${f.sample},${f.uuid},${f.timestamp},extensive,${f.repairHours ?? ''}`)].join('\n') + '\n';
  }
  return makeZip(entries);
}
