/**
 * Streams the scenario ZIP: tracked_changes.json first (records written as samples are
 * drawn), then time_series/<component_uuid>.csv per asset in uuid order. Memory holds the
 * survival array, the per-asset failure counts and a few chunks in flight, whatever the
 * number of samples.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough, Readable, Transform } from 'node:stream';
import yazl from 'yazl';
import { temporaryPath } from '../../../../base/atomic.js';
import { HazsimError, toHazsimError } from '../../../../base/errors.js';
import { DAMAGE_CSV_HEADER } from '../../damage.js';
import { chunkCount, forEachChunkInOrder, sampleRange, samplingRunner, type SampleRange } from '../../ordered.js';
import type { ChunkRunner, ChunkRunnerFactory, SamplingJob } from '../../runner.js';
import { sortedAssetOrder } from '../../records.js';
import { timeSeriesCsv } from '../../timeSeries.js';
import { buildMetadata, DOCUMENT_OPENING, documentClosing, RECORD_SEPARATOR } from '../../trackedChanges.js';
import { prepareRun, runSummary, type RunDescription } from '../../run.js';
import type { ScenarioInput, ScenarioOptions, ScenarioRecord, ScenarioRunSummary } from '../../types.js';

/**
 * Every entry carries this DOS time and no extended (UTC) timestamp. yazl converts dates to
 * DOS time in the local zone, so a date built from local fields gives the same bytes in
 * every time zone.
 */
export const ENTRY_OPTIONS = { mtime: new Date(2000, 0, 1, 0, 0, 0), forceDosTimestamp: true, compressionLevel: 6 } as const;
/**
 * Draws options.numberOfSamples outage scenarios from `input` and writes the scenario ZIP
 * to `outputPath` (through a temporary file renamed into place, so a failed run leaves
 * nothing behind). Identical input and options give identical bytes, whatever
 * options.workers is. Throws invalid_input for bad options or input.
 */
export async function writeScenarioZip(input: ScenarioInput, options: ScenarioOptions, outputPath: string): Promise<ScenarioRunSummary> {
  const { run, job, workers, chunkRunners } = prepareRun(input, options);
  return writeZipFromSamples(
    run,
    { ...samplingSource(job, run, workers, chunkRunners, false, options.onProgress), signal: options.signal, maxOutputBytes: options.maxOutputBytes },
    outputPath,
  );
}

/** Where a writer's samples come from: drawn now, or replayed from shard files. */
export interface SampleSource {
  runner: () => ChunkRunner;
  range: SampleRange;
  /** Chunks computed at once (the worker count). */
  parallel: number;
  onProgress?: ScenarioOptions['onProgress'];
  /** ScenarioOptions.signal. */
  signal?: AbortSignal;
  /** ScenarioOptions.maxOutputBytes. */
  maxOutputBytes?: number;
}

/** The samples of the whole run, drawn by `chunkRunners` up to `workers` chunks at once. */
export function samplingSource(
  job: SamplingJob,
  run: RunDescription,
  workers: number,
  chunkRunners: ChunkRunnerFactory,
  failures: boolean,
  onProgress: ScenarioOptions['onProgress'],
): SampleSource {
  const range = sampleRange(0, run.numberOfSamples, run.assetUuids.length, failures);
  const parallel = Math.min(workers, chunkCount(range));
  return { runner: () => samplingRunner(job, range, parallel, chunkRunners), range, parallel, onProgress };
}

/** Writes the scenario ZIP of `run` from `source`'s samples; the bytes depend on the samples alone, not on where they come from. */
export async function writeZipFromSamples(run: RunDescription, source: SampleSource, outputPath: string): Promise<ScenarioRunSummary> {
  const assetCount = run.assetUuids.length;
  const temporary = temporaryPath(outputPath);
  const file = openOutput(temporary, outputPath, 'scenario ZIP');
  const zip = new yazl.ZipFile();
  const json = new PassThrough();
  const failed = new AbortController();
  let zipBytes = 0;
  let damageBytes = 0;
  const written = new Promise<void>((resolve, reject) => {
    const stop = (error: Error) => {
      failed.abort(error);
      reject(error);
    };
    zip.on('error', stop);
    zip.outputStream.on('error', stop);
    file.on('error', stop);
    file.on('close', resolve);
    // Packing the entries can take minutes for a large run: a cancel stops it at once.
    source.signal?.addEventListener('abort', () => stop(source.signal!.reason as Error), { once: true });
  });
  written.catch(() => undefined);
  zip.addReadStream(json, 'tracked_changes.json', ENTRY_OPTIONS);
  // The ZIP's bytes are counted on their way to the file, against the output quota.
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      zipBytes += chunk.length;
      if (source.maxOutputBytes !== undefined && zipBytes + damageBytes > source.maxOutputBytes) callback(overQuota(source.maxOutputBytes));
      else callback(null, chunk);
    },
  });
  counter.on('error', (error: Error) => {
    failed.abort(error);
    file.destroy(error);
  });
  zip.outputStream.pipe(counter).pipe(file);
  // damage.csv is drawn alongside the records but follows them in the ZIP: it waits in a file, not in memory.
  const damagePath = run.damage ? `${temporary}.damage.csv` : null;
  let damageFd: number | null = null;

  const write = async (data: string | Uint8Array) => {
    if (!json.write(data)) await once(json, 'drain', { signal: failed.signal });
  };

  let runner: ChunkRunner | null = null;
  try {
    if (damagePath) {
      damageFd = fs.openSync(damagePath, 'w', 0o600);
      fs.writeSync(damageFd, `${DAMAGE_CSV_HEADER}\n`);
    }
    source.signal?.throwIfAborted();
    runner = source.runner();
    await write(DOCUMENT_OPENING);
    const failuresPerSample = new Uint32Array(run.numberOfSamples);
    const records: ScenarioRecord[] = [];
    let totalScenarios = 0;
    await forEachChunkInOrder(
      runner,
      source.range,
      source.parallel,
      () => Math.max(0, run.recordLimit - records.length),
      async (result, firstSample) => {
        if (result.recordCount > 0) {
          if (totalScenarios > 0) await write(RECORD_SEPARATOR);
          await write(result.json);
          totalScenarios += result.recordCount;
          records.push(...result.records.slice(0, run.recordLimit - records.length));
        }
        if (damageFd !== null && result.damageCsv.length > 0) {
          damageBytes += fs.writeSync(damageFd, result.damageCsv);
          if (source.maxOutputBytes !== undefined && zipBytes + damageBytes > source.maxOutputBytes) throw overQuota(source.maxOutputBytes);
        }
        failuresPerSample.set(result.failuresPerSample, firstSample);
        source.onProgress?.(firstSample + result.failuresPerSample.length, run.numberOfSamples);
      },
      source.signal,
    );
    if (damageFd !== null) {
      fs.closeSync(damageFd);
      damageFd = null;
    }
    const failureCounts = await runner.failureCounts();
    await runner.close();

    const metadata = buildMetadata(run.metadata, { ...run, assetCount, totalScenarios, failuresPerSample });
    await write(documentClosing(metadata, totalScenarios > 0));
    json.end();
    const aborted = () => source.signal?.aborted === true;
    if (damagePath)
      zip.addReadStreamLazy('damage.csv', ENTRY_OPTIONS, (callback) =>
        aborted() ? callback(source.signal!.reason as Error, null as never) : callback(null, fs.createReadStream(damagePath)),
      );
    for (const asset of sortedAssetOrder(run.assetUuids)) {
      zip.addReadStreamLazy(`time_series/${run.assetUuids[asset]}.csv`, ENTRY_OPTIONS, (callback) => {
        if (aborted()) return callback(source.signal!.reason as Error, null as never);
        callback(null, Readable.from([Buffer.from(timeSeriesCsv(run.timestamps, run.survival, failureCounts, assetCount, asset, run.numberOfSamples))]));
      });
    }
    zip.end();
    await written;
    if (damagePath) fs.rmSync(damagePath, { force: true });
    fs.renameSync(temporary, outputPath);
    return runSummary(run, outputPath, fs.statSync(outputPath).size, metadata, totalScenarios, records);
  } catch (error) {
    await runner?.close();
    json.destroy();
    file.destroy();
    if (damageFd !== null) fs.closeSync(damageFd);
    if (damagePath) fs.rmSync(damagePath, { force: true });
    fs.rmSync(temporary, { force: true });
    // A failed output stream aborts the pending write; report its error, not the abort.
    throw toHazsimError(failed.signal.aborted ? failed.signal.reason : error);
  }
}

/** The error of a run whose file passed its output quota while it was written. */
function overQuota(limit: number): HazsimError {
  return new HazsimError(
    'too_large',
    `The scenario file passed the output limit of ${Math.round(limit / 1024 ** 2)} MB (HAZSIM_MAX_OUTPUT_MB) while it was written; the run was stopped and its partial files removed`,
  );
}

/** Creates the temporary output file, reporting an unwritable destination as invalid input. */
export function openOutput(temporary: string, outputPath: string, what: string): fs.WriteStream {
  return fs.createWriteStream(temporary, { fd: openOutputFd(temporary, outputPath, what) });
}

/** Opens the temporary output file for writing (see openOutput). */
export function openOutputFd(temporary: string, outputPath: string, what: string): number {
  if (fs.statSync(outputPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new HazsimError('invalid_input', `Cannot write the ${what} to ${outputPath}: it is a directory`, [{ path: 'output', message: 'is a directory' }]);
  }
  try {
    return fs.openSync(temporary, 'wx', 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new HazsimError('invalid_input', `Cannot write the ${what} to ${outputPath} (${code})`, [{ path: 'output', message: `cannot be written (${code})` }]);
  }
}
