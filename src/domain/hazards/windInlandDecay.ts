import * as v from 'valibot';
import type { Issue } from '../../base/errors.js';
import { Timestamp } from './_schema.js';
import type { HazardEntry, WindHazard } from './types.js';
import { inlandDecayWind } from './wind/inlandDecay.js';

/**
 * Inland decay for a synthetic or forecast track (docs/input-hazard.md, "Inland decay"): the hazard
 * file's `inland_decay: { landfall }` replaces the maximum wind of every wind model after landfall
 * by Kaplan & DeMaria (1995), V(t) = V_b + (R·V₀ − V_b)·e^(−α t), with V₀ the maximum wind of the
 * wind model at the landfall time and t the hours since landfall. Their central pressure then
 * follows from that wind (Atkinson & Holliday 1977), so every wind profile sees the decayed
 * storm. Best tracks record the decay over land themselves and are not given it.
 */

export const InlandDecaySchema = v.strictObject(
  { landfall: Timestamp },
  'inland_decay must be an object {landfall: the ISO 8601 time the storm centre crosses the coast}',
);

export type InlandDecay = v.InferOutput<typeof InlandDecaySchema>;

const HOUR_MS = 3_600_000;

/** The models with the wind models after landfall decayed, or the problems (one storm, a wind model at landfall). */
export function applyInlandDecay(models: HazardEntry[], decay: InlandDecay): { models: HazardEntry[]; issues: Issue[] } {
  const winds = models.filter((model): model is WindHazard => model.type === 'wind');
  const perTimestamp = new Map<string, number>();
  for (const model of winds) perTimestamp.set(model.timestamp, (perTimestamp.get(model.timestamp) ?? 0) + 1);
  const crowded = [...perTimestamp].find(([, count]) => count > 1);
  if (crowded)
    return {
      models,
      issues: [{ path: 'inland_decay', message: `applies to one storm: ${crowded[1]} wind models at ${crowded[0]}; give one wind model per timestamp` }],
    };
  const atLandfall = winds.find((model) => model.timestamp === decay.landfall);
  if (!atLandfall)
    return {
      models,
      issues: [
        {
          path: 'inland_decay.landfall',
          message: `no wind model at ${decay.landfall}: the landfall wind V₀ is the maximum wind of the wind model at landfall`,
        },
      ],
    };
  const landfallMs = Date.parse(`${decay.landfall}Z`);
  const decayed = models.map((model): HazardEntry => {
    if (model.type !== 'wind') return model;
    const hours = (Date.parse(`${model.timestamp}Z`) - landfallMs) / HOUR_MS;
    if (!(hours > 0)) return model;
    const { airPressurePa: _replaced, ...wind } = model as WindHazard;
    return { ...wind, maxWindSpeedMs: inlandDecayWind(atLandfall.maxWindSpeedMs, hours), maxWindModelled: true } as WindHazard;
  });
  return { models: decayed, issues: [] };
}
