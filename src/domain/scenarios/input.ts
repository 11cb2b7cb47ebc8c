/** Checks the simulation's output before sampling, so a bad run fails with a clear message instead of a bad ZIP. */
import { HazsimError, type Issue } from '../../base/errors.js';
import { ISO_DATE_TIME } from './schema.js';
import type { DamageModel } from './damage.js';
import type { ScenarioInput } from './types.js';

/** Component uuids become file names (time_series/<uuid>.csv): no separators, no leading dot. */
const SAFE_UUID = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;
/** Report at most this many problems; one bad array usually has many. */
const MAX_ISSUES = 20;

/**
 * Throws invalid_input listing the problems (by field path) when timestamps are not sorted,
 * distinct ISO 8601 date-times, asset uuids are not distinct file-safe names, or survival
 * is not timestamps × assets values in [0, 1].
 */
export function validateScenarioInput(input: ScenarioInput): void {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ path, message });
  };
  input.timestamps.forEach((timestamp, t) => {
    if (typeof timestamp !== 'string' || !ISO_DATE_TIME.test(timestamp))
      add(`timestamps[${t}]`, `must be an ISO 8601 date-time, got ${JSON.stringify(timestamp)}`);
    else if (t > 0 && !(input.timestamps[t - 1] < timestamp)) add(`timestamps[${t}]`, `must come after ${input.timestamps[t - 1]} (sorted, distinct)`);
  });
  const seen = new Map<string, number>();
  input.assetUuids.forEach((uuid, a) => {
    if (typeof uuid !== 'string' || !SAFE_UUID.test(uuid))
      add(`assetUuids[${a}]`, `must be a component uuid (letters, digits, '.', '_', '-'), got ${JSON.stringify(uuid)}`);
    else if (seen.has(uuid)) add(`assetUuids[${a}]`, `duplicates assetUuids[${seen.get(uuid)}] (${uuid})`);
    else seen.set(uuid, a);
  });
  const n = input.assetUuids.length;
  if (!(input.survival instanceof Float64Array) || input.survival.length !== input.timestamps.length * n) {
    add('survival', `must be a Float64Array of timestamps × assets = ${input.timestamps.length * n} values, got ${input.survival?.length ?? 'none'}`);
  } else {
    for (let i = 0; i < input.survival.length; i += 1) {
      const value = input.survival[i];
      if (!(value >= 0 && value <= 1)) {
        const t = Math.floor(i / n);
        add(`survival[${i}]`, `survival of asset ${input.assetUuids[i - t * n]} at ${input.timestamps[t]} must be in [0, 1], got ${value}`);
      }
    }
  }
  if (input.damage) checkDamageModel(input.damage, input.timestamps.length * n, add);
  if (issues.length > 0) {
    throw new HazsimError('invalid_input', `Invalid scenario input: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues);
  }
}

/** The damage model must cover every cell with a class whose states, repair times and conditional probabilities make sense. */
function checkDamageModel(damage: DamageModel, cells: number, add: (path: string, message: string) => void): void {
  const longest = Math.max(1, ...damage.classes.map((damageClass) => damageClass.states.length));
  damage.classes.forEach((damageClass, c) => {
    if (damageClass.states.length === 0) add(`damage.classes[${c}].states`, 'must name at least one damage state');
    if (damageClass.repair.length !== damageClass.states.length) add(`damage.classes[${c}].repair`, 'must give one repair time (or null) per state');
    damageClass.repair.forEach((repair, k) => {
      if (repair && !(repair.mean_hours > 0 && repair.sd_hours >= 0))
        add(`damage.classes[${c}].repair[${k}]`, `needs mean_hours > 0 and sd_hours >= 0, got ${repair.mean_hours}, ${repair.sd_hours}`);
    });
  });
  if (damage.stride !== longest - 1) add('damage.stride', `must be ${longest - 1} (the most states of a class, minus one), got ${damage.stride}`);
  if (!(damage.classOf instanceof Int32Array) || damage.classOf.length !== cells) {
    add('damage.classOf', `must be an Int32Array of timestamps × assets = ${cells} class indices`);
    return;
  }
  if (!(damage.cumulative instanceof Float64Array) || damage.cumulative.length !== cells * damage.stride) {
    add('damage.cumulative', `must be a Float64Array of ${cells * damage.stride} values`);
    return;
  }
  for (let cell = 0; cell < cells; cell += 1) {
    const c = damage.classOf[cell];
    if (!(c >= 0 && c < damage.classes.length)) {
      add(`damage.classOf[${cell}]`, `must index damage.classes, got ${c}`);
      continue;
    }
    let previous = 0;
    for (let j = 0; j + 1 < damage.classes[c].states.length; j += 1) {
      const value = damage.cumulative[cell * damage.stride + j];
      if (!(value >= previous && value <= 1))
        add(`damage.cumulative[${cell * damage.stride + j}]`, `must be a cumulative probability in [${previous}, 1], got ${value}`);
      else previous = value;
    }
  }
}
