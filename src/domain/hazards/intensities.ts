import { HazsimError } from '../../base/errors.js';
import { prepareSites, type QuantityViews } from './descriptor.js';
import { DEFAULT_PHYSICS, type HazardComputeContext } from './physics.js';
import { intensityQuantityNames, quantitiesOfHazardType } from './quantities.js';
import { descriptorOf } from './registry.js';
import type { HazardEntry, HazardModel, IntensityGrid, IntensityQuantity, Sites } from './types.js';
import { mergeWarnings, type HazardWarning } from './warnings.js';

/** The quantities a hazard model produces, in registry order. */
export function quantitiesOf(hazard: HazardModel): IntensityQuantity[] {
  const produced = new Set(hazard.models.flatMap((model) => quantitiesOfHazardType(model.type)));
  return intensityQuantityNames().filter((quantity) => produced.has(quantity));
}

/** More sub-steps than this between two snapshots means the snapshots do not describe one moving model. */
export const MAX_SUBSTEPS = 2000;

/** Timestamps [from, to) of a hazard model, by index: a run over many sites computes them a block at a time. */
export interface TimestampWindow {
  from: number;
  to: number;
}

/** Milliseconds since the epoch of a canonical timestamp (UTC, without zone). */
function timestampMs(timestamp: string): number {
  return Date.parse(`${timestamp}Z`);
}

/**
 * Intensities of every quantity the hazard produces, at every site and every distinct
 * timestamp (docs/input-hazard.md), in SI units, with the variability of those a model gives one for. Arrays are timestamp-major ([t·count + site]);
 * NaN marks an absent quantity (no model of that type at that timestamp, or no flood area
 * over the site). Several models of one type at one timestamp: the most severe value wins.
 *
 * With the default physics, a model type that moves (its descriptor's `motion`) is also
 * evaluated between consecutive snapshots of its track, and each sub-step's values count
 * at the first timestamp at or after it: the value at t is then the most severe over the
 * interval since the previous timestamp (docs/physics.md). erad_v1 takes snapshots only.
 * `window` limits the grid to some of the timestamps (their values are the same as in the
 * whole grid).
 */
export function computeIntensities(
  hazard: HazardModel,
  sites: Sites,
  context: HazardComputeContext = { physics: DEFAULT_PHYSICS },
  window: TimestampWindow = { from: 0, to: hazard.timestamps.length },
): IntensityGrid {
  const count = sites.count;
  const length = window.to - window.from;
  const timestampIndex = new Map(hazard.timestamps.map((timestamp, index) => [timestamp, index]));
  const quantities: IntensityGrid['quantities'] = {};
  const producedAt: IntensityGrid['producedAt'] = {};
  const lnStandardDeviations: IntensityGrid['lnStandardDeviations'] = {};
  const lnBetweenEventDeviations: IntensityGrid['lnStandardDeviations'] = {};
  for (const quantity of quantitiesOf(hazard)) {
    quantities[quantity] = new Float64Array(length * count).fill(Number.NaN);
    lnStandardDeviations[quantity] = new Float64Array(length * count).fill(Number.NaN);
    if (context.betweenEvent) lnBetweenEventDeviations[quantity] = new Float64Array(length * count).fill(Number.NaN);
    producedAt[quantity] = new Uint8Array(length);
  }
  const prepared = prepareSites(sites);
  const warnings: HazardWarning[] = [];
  const warn = (warning: HazardWarning) => warnings.push(warning);
  const computeAt = (model: HazardEntry, t: number, report: (warning: HazardWarning) => void = warn) => {
    if (t < window.from || t >= window.to) return;
    const local = t - window.from;
    const views: QuantityViews = {};
    const sigmaViews: QuantityViews = {};
    const tauViews: QuantityViews = {};
    for (const quantity of quantitiesOfHazardType(model.type)) {
      views[quantity] = quantities[quantity]!.subarray(local * count, (local + 1) * count);
      sigmaViews[quantity] = lnStandardDeviations[quantity]!.subarray(local * count, (local + 1) * count);
      if (context.betweenEvent) tauViews[quantity] = lnBetweenEventDeviations[quantity]!.subarray(local * count, (local + 1) * count);
      producedAt[quantity]![local] = 1;
    }
    descriptorOf(model).compute(model, prepared, views, report, {
      physics: context.physics,
      lnStandardDeviations: sigmaViews,
      ...(context.betweenEvent ? { lnBetweenEventDeviations: tauViews } : {}),
    });
  };
  for (const model of hazard.models) {
    const t = timestampIndex.get(model.timestamp);
    if (t === undefined)
      throw new HazsimError('internal', `hazard model timestamp ${model.timestamp} is not in its timestamps; read hazards with readHazardModel`);
    computeAt(model, t);
  }
  // A sub-step is an interpolation of two snapshots whose own evaluation has said what there
  // is to say about them; its warnings would repeat theirs once per sub-step (262 for the example storm).
  const silent = () => {};
  if (context.physics === 'default') followMotion(hazard, (model, t) => computeAt(model, t, silent), warn);
  // Quantities no model gave a variability for carry none.
  for (const quantity of Object.keys(lnStandardDeviations)) {
    if (!hasValue(lnStandardDeviations[quantity]!)) delete lnStandardDeviations[quantity];
  }
  for (const quantity of Object.keys(lnBetweenEventDeviations)) {
    if (!lnStandardDeviations[quantity]) delete lnBetweenEventDeviations[quantity];
  }
  return {
    timestamps: hazard.timestamps.slice(window.from, window.to),
    quantities,
    producedAt,
    warnings: mergeWarnings([warnings]),
    lnStandardDeviations,
    ...(context.betweenEvent ? { lnBetweenEventDeviations } : {}),
  };
}

/** Whether any value is not NaN (a plain loop: a callback per value costs more than the rest of a storm's run over millions of cells). */
function hasValue(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) return true;
  return false;
}

/**
 * Sub-steps between consecutive snapshots of every moving model type. A type's snapshots
 * form one track when each of its timestamps holds exactly one model of the type; with
 * several (two storms at once) the pairing is unknown, so those intervals keep their
 * snapshots only and the run says so.
 */
function followMotion(hazard: HazardModel, computeAt: (model: HazardEntry, t: number) => void, warn: (warning: HazardWarning) => void): void {
  const timesMs = hazard.timestamps.map(timestampMs);
  const byType = new Map<string, HazardEntry[]>();
  for (const model of hazard.models) {
    if (!descriptorOf(model).motion) continue;
    const list = byType.get(model.type);
    if (list) list.push(model);
    else byType.set(model.type, [model]);
  }
  for (const [type, models] of byType) {
    const motion = descriptorOf(models[0]).motion!;
    const byTimestamp = new Map<string, HazardEntry[]>();
    for (const model of models) byTimestamp.set(model.timestamp, [...(byTimestamp.get(model.timestamp) ?? []), model]);
    const snapshots = [...byTimestamp.keys()].sort();
    for (let k = 1; k < snapshots.length; k += 1) {
      const [from, to] = [byTimestamp.get(snapshots[k - 1])!, byTimestamp.get(snapshots[k])!];
      if (from.length !== 1 || to.length !== 1) {
        warn(
          `several ${type} models share a timestamp between ${snapshots[k - 1]} and ${snapshots[k]}; they are taken at their snapshots only (docs/physics.md)`,
        );
        continue;
      }
      const wanted = motion.steps(from[0], to[0]);
      const steps = Math.min(MAX_SUBSTEPS, Math.max(1, Math.ceil(wanted)));
      if (wanted > MAX_SUBSTEPS)
        warn(`${type} moves too far between ${snapshots[k - 1]} and ${snapshots[k]} to follow closely; ${MAX_SUBSTEPS} sub-steps used (docs/physics.md)`);
      const startMs = timestampMs(snapshots[k - 1]);
      const spanMs = timestampMs(snapshots[k]) - startMs;
      let t = hazard.timestamps.indexOf(snapshots[k - 1]);
      for (let step = 1; step < steps; step += 1) {
        const fraction = step / steps;
        const atMs = startMs + fraction * spanMs;
        while (timesMs[t] < atMs) t += 1;
        computeAt(motion.between(from[0], to[0], fraction), t);
      }
    }
  }
}
