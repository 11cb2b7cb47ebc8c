/**
 * The scenario ZIP of an impact analysis with its restoration edits (docs/output-impact.md,
 * `--restoration-output`): the analysed ZIP's entries, its tracked_changes.json rewritten so
 * each failed asset is back in service (`in_service` true) at the `restored_at` of the
 * analysis's `repairs` table — after the crews, when their number is limited.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { temporaryPath } from '../../../../base/atomic.js';
import { timestampAfter } from '../../../../base/hazardHours.js';
import { DOCUMENT_OPENING, RECORD_SEPARATOR, documentClosing } from '../../trackedChanges.js';
import { serviceRecords, type ServiceEdit } from '../../restoration.js';
import { ENTRY_OPTIONS as SCENARIO_ZIP_ENTRY_OPTIONS } from './writer.js';
import type { RepairPriority } from '../../../network/index.js';
import type { ScenarioZip } from './reader.js';

/** What the restoration edits of an impact's scenario ZIP mean, written into its metadata. */
export function impactRestorationDescription(priority: RepairPriority, crews: number | null): string {
  return `each failed asset is back in service (in_service true) at its restored_at in the repairs table of the impact analysis (${crews === null ? 'no crew limit' : `${crews} crews`}, priority ${priority})`;
}

/** Writes `outputPath` (through a temporary file): `zip`'s entries with restoration edits from `restored` (each sample's repairs, samples ascending). */
export async function writeImpactRestorationZip(
  zip: ScenarioZip,
  metadata: Record<string, unknown>,
  restored: Iterable<{ sample: number; repairs: { asset_uuid: string; restored_hours: number }[] }>,
  origin: string,
  priority: RepairPriority,
  crews: number | null,
  outputPath: string,
): Promise<void> {
  const temporary = temporaryPath(outputPath);
  const output = new yazl.ZipFile();
  const json = new PassThrough();
  const file = fs.createWriteStream(temporary);
  const written = new Promise<void>((resolve, reject) => {
    file.on('close', resolve);
    file.on('error', reject);
    output.outputStream.on('error', reject);
  });
  written.catch(() => undefined);
  output.addReadStream(json, 'tracked_changes.json', SCENARIO_ZIP_ENTRY_OPTIONS);
  output.outputStream.pipe(file);
  const write = async (text: string) => {
    if (!json.write(text)) await once(json, 'drain');
  };
  try {
    await write(DOCUMENT_OPENING);
    let records = 0;
    const samples = restored[Symbol.iterator]();
    let next = samples.next();
    for await (const group of zip.failuresBySample()) {
      const edits: ServiceEdit[] = group.failures.map((failure) => ({ timestamp: failure.timestamp, uuid: failure.assetUuid, inService: false }));
      while (!next.done && next.value.sample < group.sample) next = samples.next();
      if (!next.done && next.value.sample === group.sample) {
        for (const repair of next.value.repairs)
          edits.push({ timestamp: timestampAfter(origin, repair.restored_hours), uuid: repair.asset_uuid, inService: true });
      }
      for (const record of serviceRecords(group.sample, edits)) {
        await write(`${records > 0 ? RECORD_SEPARATOR : ''}${JSON.stringify(record)}`);
        records += 1;
      }
    }
    samples.return?.();
    await write(documentClosing({ ...metadata, total_scenarios: records, restoration: impactRestorationDescription(priority, crews) }, records > 0));
    json.end();
    for (const name of zip.entryNames()) {
      if (name === 'tracked_changes.json') continue;
      const stream = await zip.entryStream(name);
      output.addReadStream(stream, name, SCENARIO_ZIP_ENTRY_OPTIONS);
      await once(stream, 'end');
    }
    output.end();
    await written;
    fs.renameSync(temporary, outputPath);
  } catch (error) {
    json.destroy();
    file.destroy();
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
