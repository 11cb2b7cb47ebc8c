/**
 * Impact parts (`hazsim impact --shard i/N`, docs/scale-out.md): what samples
 * [⌊i·S/N⌋, ⌊(i+1)·S/N⌋) add to the impact result, so `hazsim merge` of all N parts adds them
 * up in sample order exactly as the unsharded run does. The summaries over samples (means,
 * percentiles, curves, per-load odds) are computed at merge time from the per-sample values.
 *
 * Part file:
 *   IMPACT_SHARD_MAGIC, u32 little-endian header length, header JSON (ImpactShardHeader),
 *   the scenario shard file of the part's samples (scenario_shard_bytes long; the merge
 *   rebuilds the whole run's scenario ZIP from them, whose sha256 the result records),
 *   one JSON line per sample in index order (ImpactShardSample),
 *   IMPACT_SHARD_END.
 */
import fs from 'node:fs';
import * as v from 'valibot';
import readline from 'node:readline';
import { temporaryPath } from '../../../base/atomic.js';
import { openPartForReading, partErrors, readPartHeader, startsWithMagic, writePartHeader } from '../../../base/partFile.js';
import { HazsimError } from '../../../base/errors.js';
import type { RepairRecord } from '../impact.js';
import type { SampleImpact } from '../metrics.js';

const IMPACT_SHARD_MAGIC = 'HAZSIM-IMPACT-SHARD 1\n';
const IMPACT_SHARD_END = 'HAZSIM-IMPACT-SHARD-END';

/** The run an impact part belongs to: every part of one run carries the same, field for field. */
export interface ImpactShardRun {
  shard_count: number;
  number_of_samples: number;
  seed: number;
  distribution_system_name: string;
  distribution_sha256: string;
  crews: number | null;
  customers_per_load: number;
  time_step_hours: number;
  hazard_system_name: string | null;
  curve_set: string | null;
  method: string | null;
  repair_times: 'damage.csv' | 'default';
  origin_timestamp: string;
  last_hazard_timestamp: string;
  last_hazard_hours: number;
  /** The result's run_info but scenarios_sha256, which the merge adds. */
  run_info: Record<string, string>;
}

export interface ImpactShardHeader {
  run: ImpactShardRun;
  shard_index: number;
  first_sample: number;
  end_sample: number;
  scenario_shard_bytes: number;
}

const count = (minimum: number) => v.pipe(v.number(), v.integer(), v.minValue(minimum));

/** The header as the merge reads it back: every field it uses, checked before use. */
const ImpactShardHeaderSchema: v.GenericSchema<unknown, ImpactShardHeader> = v.object({
  run: v.object({
    shard_count: count(1),
    number_of_samples: count(1),
    seed: v.pipe(v.number(), v.integer()),
    distribution_system_name: v.string(),
    distribution_sha256: v.string(),
    crews: v.nullable(count(0)),
    customers_per_load: v.number(),
    time_step_hours: v.number(),
    hazard_system_name: v.nullable(v.string()),
    curve_set: v.nullable(v.string()),
    method: v.nullable(v.string()),
    repair_times: v.picklist(['damage.csv', 'default']),
    origin_timestamp: v.string(),
    last_hazard_timestamp: v.string(),
    last_hazard_hours: v.number(),
    run_info: v.record(v.string(), v.string()),
  }),
  shard_index: count(0),
  first_sample: count(0),
  end_sample: count(0),
  scenario_shard_bytes: count(0),
});

/** One sample of a part: what it adds to the result (JSON numbers give back the same doubles). */
interface ImpactShardSample {
  sample: number;
  metrics: SampleImpact['metrics'];
  customers_out: number[];
  kw_out: number[];
  load_outages: [number, number][];
  repairs: RepairRecord[];
}

/** True when the file at `path` starts like an impact part (`hazsim merge` tells the part kinds apart by it). */
export function isImpactShardFile(path: string): boolean {
  return startsWithMagic(path, IMPACT_SHARD_MAGIC);
}

/** Writes an impact part through a temporary file renamed into place by `finish`. */
export class ImpactShardWriter {
  private readonly temporary: string;
  private readonly fd: number;
  private open = true;

  /** Starts the part: magic, header and the scenario shard file at `scenarioShardPath`. */
  constructor(
    private readonly outputPath: string,
    header: Omit<ImpactShardHeader, 'scenario_shard_bytes'>,
    scenarioShardPath: string,
  ) {
    this.temporary = temporaryPath(outputPath);
    try {
      this.fd = fs.openSync(this.temporary, 'wx', 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new HazsimError('invalid_input', `Cannot write the impact part to ${outputPath} (${code})`, [
        { path: 'output', message: `cannot be written (${code})` },
      ]);
    }
    try {
      const scenarioShard = fs.readFileSync(scenarioShardPath);
      writePartHeader(this.fd, IMPACT_SHARD_MAGIC, { ...header, scenario_shard_bytes: scenarioShard.length } satisfies ImpactShardHeader);
      fs.writeSync(this.fd, scenarioShard);
    } catch (error) {
      this.discard();
      throw error;
    }
  }

  /** Appends the next sample. */
  sample(sample: number, impact: SampleImpact, repairs: RepairRecord[]): void {
    const line: ImpactShardSample = {
      sample,
      metrics: impact.metrics,
      customers_out: Array.from(impact.customerCurve),
      kw_out: Array.from(impact.kwCurve),
      load_outages: impact.loadOutages,
      repairs,
    };
    fs.writeSync(this.fd, `${JSON.stringify(line)}\n`);
  }

  finish(): void {
    fs.writeSync(this.fd, `${IMPACT_SHARD_END}\n`);
    this.close();
    fs.renameSync(this.temporary, this.outputPath);
  }

  /** Removes the unfinished part. */
  discard(): void {
    this.close();
    fs.rmSync(this.temporary, { force: true });
  }

  private close(): void {
    if (this.open) fs.closeSync(this.fd);
    this.open = false;
  }
}

const { corrupt, truncated } = partErrors('hazsim impact part');

/** One impact part opened for merging. */
export class ImpactShardReader {
  readonly header: ImpactShardHeader;
  private readonly scenarioOffset: number;

  constructor(readonly path: string) {
    const fd = openPartForReading(path);
    try {
      const read = readPartHeader<ImpactShardHeader>(
        fd,
        IMPACT_SHARD_MAGIC,
        ImpactShardHeaderSchema,
        (message) => corrupt(path, message),
        'it does not start with the impact part header (write one with `hazsim impact --shard i/N`)',
      );
      this.header = read.header;
      this.scenarioOffset = read.bodyOffset;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Writes the part's scenario shard file to `outputPath`. */
  extractScenarioShard(outputPath: string): void {
    const fd = fs.openSync(this.path, 'r');
    try {
      const bytes = Buffer.alloc(this.header.scenario_shard_bytes);
      if (fs.readSync(fd, bytes, 0, bytes.length, this.scenarioOffset) !== bytes.length) throw truncated(this.path);
      fs.writeFileSync(outputPath, bytes, { mode: 0o600 });
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The part's samples in order, each checked to be the next of its range; then the end marker and nothing after it. */
  async *samples(): AsyncGenerator<{ sample: number; impact: SampleImpact; repairs: RepairRecord[] }> {
    const lines = readline.createInterface({
      input: fs.createReadStream(this.path, { start: this.scenarioOffset + this.header.scenario_shard_bytes }),
      crlfDelay: Infinity,
    });
    let next = this.header.first_sample;
    let ended = false;
    for await (const line of lines) {
      if (ended) throw corrupt(this.path, 'it has bytes after its end marker');
      if (line === IMPACT_SHARD_END) {
        ended = true;
        continue;
      }
      let parsed: ImpactShardSample;
      try {
        parsed = JSON.parse(line) as ImpactShardSample;
      } catch {
        throw truncated(this.path);
      }
      if (parsed.sample !== next || next >= this.header.end_sample) throw corrupt(this.path, `sample ${parsed.sample} where sample ${next} belongs`);
      next += 1;
      yield {
        sample: parsed.sample,
        impact: {
          metrics: parsed.metrics,
          customerCurve: Float64Array.from(parsed.customers_out),
          kwCurve: Float64Array.from(parsed.kw_out),
          loadOutages: parsed.load_outages,
        },
        repairs: parsed.repairs,
      };
    }
    if (!ended || next !== this.header.end_sample) throw truncated(this.path);
  }
}
