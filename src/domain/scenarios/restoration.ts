/**
 * Restoration edits (docs/scenarios-zip.md): the tracked changes of one sample with each
 * failed asset back in service (`in_service` true) at its restoration time, in the same
 * record form as the failures, so a power-flow tool replaying a scenario up to a date sees
 * outage and recovery. Shared by the scenario ZIP (restoration after the drawn repair time)
 * and the impact analysis (restoration as its `repairs` table says).
 */
import { hoursBetween, timestampAfter } from '../../base/hazardHours.js';
import { scenarioName } from './records.js';
import type { ScenarioRecord } from './types.js';

/** One change of a component's service state. */
export interface ServiceEdit {
  timestamp: string;
  uuid: string;
  inService: boolean;
}

/** When an asset failing at `failedAt` is back after `repairHours` of work started at once: to the second, as the impact analysis writes it. */
export function restoredAt(origin: string, failedAt: string, repairHours: number): string {
  return timestampAfter(origin, hoursBetween(origin, failedAt) + repairHours);
}

const millisecondsOf = (timestamp: string) => Date.parse(`${timestamp}Z`);

/**
 * The records of one sample: one per distinct timestamp, in time order, each with its edits
 * sorted by component_uuid (an asset's failure before its restoration if both fall in one
 * second).
 */
export function serviceRecords(sampleIndex: number, edits: readonly ServiceEdit[]): ScenarioRecord[] {
  const keyed = edits.map((edit) => ({ edit, ms: millisecondsOf(edit.timestamp) }));
  keyed.sort(
    (a, b) =>
      a.ms - b.ms ||
      (a.edit.timestamp < b.edit.timestamp ? -1 : a.edit.timestamp > b.edit.timestamp ? 1 : 0) ||
      (a.edit.uuid < b.edit.uuid ? -1 : a.edit.uuid > b.edit.uuid ? 1 : 0) ||
      Number(a.edit.inService) - Number(b.edit.inService),
  );
  const records: ScenarioRecord[] = [];
  for (const { edit } of keyed) {
    let record = records[records.length - 1];
    if (!record || record.timestamp !== edit.timestamp) {
      record = { scenario_name: scenarioName(sampleIndex), timestamp: edit.timestamp, edits: [] };
      records.push(record);
    }
    record.edits.push({ component_uuid: edit.uuid, name: 'in_service', value: edit.inService });
  }
  return records;
}
