/**
 * Streams the scenario ZIP: tracked_changes.json first (records written as samples are
 * drawn), then time_series/<component_uuid>.csv per asset in uuid order. Memory holds the
 * survival array, the per-asset failure counts and a few chunks in flight, whatever the
 * number of samples.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { temporaryPath } from '../../base/atomic.js';
import { HazsimError, toHazsimError } from '../../base/errors.js';
import { chunkSamples, type ChunkResult, type SamplingInit } from './chunk.js';
import { validateScenarioInput } from './input.js';
import { validateScenarioOptions } from './options.js';
import { inlineRunner, workerRunner, type ChunkRunner } from './pool.js';
import { sortedAssetOrder } from './records.js';
import { timeSeriesCsv } from './timeSeries.js';
import { buildMetadata, DOCUMENT_OPENING, documentClosing, RECORD_SEPARATOR } from './trackedChanges.js';
import type { ScenarioInput, ScenarioOptions, ScenarioRecord, ScenarioRunSummary } from './types.js';

/**
 * Every entry carries this DOS time and no extended (UTC) timestamp. yazl converts dates to
 * DOS time in the local zone, so a date built from local fields gives the same bytes in
 * every time zone.
 */
const ENTRY_OPTIONS = { mtime: new Date(2000, 0, 1, 0, 0, 0), forceDosTimestamp: true, compressionLevel: 6 } as const;
/** Chunks in flight per worker: one being sampled, one waiting to be written. */
const CHUNKS_IN_FLIGHT_PER_WORKER = 2;

/**
 * Draws options.numberOfSamples outage scenarios from `input` and writes the scenario ZIP
 * to `outputPath` (through a temporary file renamed into place, so a failed run leaves
 * nothing behind). Identical input and options give identical bytes, whatever
 * options.workers is. Throws invalid_input for bad options or input.
 */
export async function writeScenarioZip(input: ScenarioInput, options: ScenarioOptions, outputPath: string): Promise<ScenarioRunSummary> {
  const valid = validateScenarioOptions(options);
  validateScenarioInput(input);
  const init: SamplingInit = {
    timestamps: input.timestamps,
    assetUuids: input.assetUuids,
    survival: input.survival,
    method: valid.method,
    survivalIsCumulative: input.survivalIsCumulative === true,
    ...(input.sampleSurvival ? { sampleSurvival: input.sampleSurvival } : {}),
    seed: valid.seed,
  };
  const assetCount = input.assetUuids.length;
  const samplesPerChunk = chunkSamples(assetCount);
  const chunkCount = Math.ceil(valid.numberOfSamples / samplesPerChunk);
  const workers = Math.min(valid.workers, chunkCount);

  const temporary = temporaryPath(outputPath);
  const file = openOutput(temporary, outputPath);
  const zip = new yazl.ZipFile();
  const json = new PassThrough();
  const failed = new AbortController();
  const written = new Promise<void>((resolve, reject) => {
    const stop = (error: Error) => {
      failed.abort(error);
      reject(error);
    };
    zip.outputStream.on('error', stop);
    file.on('error', stop);
    file.on('close', resolve);
  });
  written.catch(() => undefined);
  zip.addReadStream(json, 'tracked_changes.json', ENTRY_OPTIONS);
  zip.outputStream.pipe(file);

  const write = async (data: string | Uint8Array) => {
    if (!json.write(data)) await once(json, 'drain', { signal: failed.signal });
  };

  let runner: ChunkRunner | null = null;
  try {
    runner = workers > 1 ? workerRunner(init, workers) : inlineRunner(init);
    await write(DOCUMENT_OPENING);
    const { failuresPerSample, records, totalScenarios } = await writeRecordsInOrder(
      runner,
      { ...valid, workers, samplesPerChunk, chunkCount },
      write,
      options.onProgress,
    );
    const failureCounts = await runner.failureCounts();
    await runner.close();

    const metadata = buildMetadata(input.metadata, {
      seed: valid.seed,
      method: valid.method,
      survivalIsCumulative: input.survivalIsCumulative === true,
      numberOfSamples: valid.numberOfSamples,
      assetCount,
      timestampCount: input.timestamps.length,
      totalScenarios,
      failuresPerSample,
      ...(input.sampleSurvival ? { sampleSurvival: input.sampleSurvival.description } : {}),
    });
    await write(documentClosing(metadata, totalScenarios > 0));
    json.end();
    for (const asset of sortedAssetOrder(input.assetUuids)) {
      zip.addReadStreamLazy(`time_series/${input.assetUuids[asset]}.csv`, ENTRY_OPTIONS, (callback) => {
        callback(null, Readable.from([Buffer.from(timeSeriesCsv(input.timestamps, input.survival, failureCounts, assetCount, asset, valid.numberOfSamples))]));
      });
    }
    zip.end();
    await written;
    fs.renameSync(temporary, outputPath);

    return {
      output_path: outputPath,
      zip_bytes: fs.statSync(outputPath).size,
      number_of_samples: valid.numberOfSamples,
      seed: valid.seed,
      method: valid.method,
      asset_count: assetCount,
      timestamp_count: input.timestamps.length,
      total_scenarios: totalScenarios,
      total_failures: metadata.total_failures as number,
      samples_with_failures: metadata.samples_with_failures as number,
      failures_per_sample: metadata.failures_per_sample as number[],
      records,
      truncated: totalScenarios > records.length,
    };
  } catch (error) {
    await runner?.close();
    json.destroy();
    file.destroy();
    fs.rmSync(temporary, { force: true });
    // A failed output stream aborts the pending write; report its error, not the abort.
    throw toHazsimError(failed.signal.aborted ? failed.signal.reason : error);
  }
}

interface SamplingPlan {
  numberOfSamples: number;
  recordLimit: number;
  workers: number;
  samplesPerChunk: number;
  chunkCount: number;
}

/**
 * Runs every chunk (a few ahead of the writer, so workers stay busy) and writes their
 * records in sample order. Returns the per-sample failure counts, the first recordLimit
 * records and the number of records written.
 */
async function writeRecordsInOrder(
  runner: ChunkRunner,
  plan: SamplingPlan,
  write: (data: string | Uint8Array) => Promise<void>,
  onProgress: ScenarioOptions['onProgress'],
) {
  const failuresPerSample = new Uint32Array(plan.numberOfSamples);
  const records: ScenarioRecord[] = [];
  let totalScenarios = 0;
  const inFlight: Promise<ChunkResult>[] = [];
  let dispatched = 0;
  for (let chunk = 0; chunk < plan.chunkCount; chunk += 1) {
    while (dispatched < plan.chunkCount && inFlight.length < plan.workers * CHUNKS_IN_FLIGHT_PER_WORKER) {
      const start = dispatched * plan.samplesPerChunk;
      const task = runner.run({
        start,
        end: Math.min(plan.numberOfSamples, start + plan.samplesPerChunk),
        keep: Math.max(0, plan.recordLimit - records.length),
      });
      task.catch(() => undefined); // awaited in order below; a later chunk's failure must not go unhandled meanwhile
      inFlight.push(task);
      dispatched += 1;
    }
    const result = await inFlight.shift()!;
    if (result.recordCount > 0) {
      if (totalScenarios > 0) await write(RECORD_SEPARATOR);
      await write(result.json);
      totalScenarios += result.recordCount;
      records.push(...result.records.slice(0, plan.recordLimit - records.length));
    }
    const start = chunk * plan.samplesPerChunk;
    failuresPerSample.set(result.failuresPerSample, start);
    onProgress?.(start + result.failuresPerSample.length, plan.numberOfSamples);
  }
  return { failuresPerSample, records, totalScenarios };
}

/** Creates the temporary output file, reporting an unwritable destination as invalid input. */
function openOutput(temporary: string, outputPath: string): fs.WriteStream {
  if (fs.statSync(outputPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new HazsimError('invalid_input', `Cannot write the scenario ZIP to ${outputPath}: it is a directory`, [
      { path: 'output', message: 'is a directory' },
    ]);
  }
  try {
    return fs.createWriteStream(temporary, { fd: fs.openSync(temporary, 'wx', 0o644) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new HazsimError('invalid_input', `Cannot write the scenario ZIP to ${outputPath} (${code})`, [
      { path: 'output', message: `cannot be written (${code})` },
    ]);
  }
}
