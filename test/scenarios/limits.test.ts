import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HazsimError } from '../../src/base/errors.js';
import { DEFAULT_MAX_SAMPLES } from '../../src/app/contract/schemas.js';
import { maxSamplesSetting } from '../../src/app/startup/settings.js';
import { validateScenarioInput, validateScenarioOptions, type ScenarioOptions } from '../../src/domain/scenarios/index.js';
import { stormInput } from '../helpers/scenarioInput.js';

/** Runs `action`, expecting invalid_input with an issue at `path` whose message contains `words`. */
function rejects(action: () => unknown, path: string, words: string): void {
  try {
    action();
  } catch (error) {
    assert.instance(error, HazsimError);
    const failure = error as HazsimError;
    assert.is(failure.kind, 'invalid_input');
    const issue = failure.issues?.find((candidate) => candidate.path === path);
    assert.ok(issue, `no issue at ${path} in: ${failure.message}`);
    assert.ok(issue!.message.includes(words), `issue at ${path} says "${issue!.message}", expected it to mention "${words}"`);
    return;
  }
  assert.unreachable(`accepted, expected an error at ${path}`);
}

const base: ScenarioOptions = { numberOfSamples: 10, seed: 0, method: 'peak', workers: 2 };

const options = suite('validateScenarioOptions');

options('accepts 1 sample and the maximum, seeds 0 and 2^32 − 1, and fills the defaults', () => {
  const valid = validateScenarioOptions({ ...base, numberOfSamples: 1, seed: 0, workers: undefined });
  assert.ok(valid.workers >= 1);
  assert.is(valid.recordLimit, 1000);
  assert.is(validateScenarioOptions({ ...base, numberOfSamples: DEFAULT_MAX_SAMPLES, seed: 2 ** 32 - 1 }).seed, 2 ** 32 - 1);
});

options('rejects sample counts below 1, above the maximum, or not integers, naming number_of_samples', () => {
  rejects(() => validateScenarioOptions({ ...base, numberOfSamples: 0 }), 'number_of_samples', 'at least 1');
  rejects(() => validateScenarioOptions({ ...base, numberOfSamples: 2.5 }), 'number_of_samples', 'integer');
  rejects(() => validateScenarioOptions({ ...base, numberOfSamples: DEFAULT_MAX_SAMPLES + 1 }), 'number_of_samples', 'HAZSIM_MAX_SAMPLES');
});

options('rejects seeds outside [0, 2^32) or not integers, naming seed', () => {
  rejects(() => validateScenarioOptions({ ...base, seed: -1 }), 'seed', '>= 0');
  rejects(() => validateScenarioOptions({ ...base, seed: 2 ** 32 }), 'seed', 'below 2^32');
  rejects(() => validateScenarioOptions({ ...base, seed: 0.5 }), 'seed', 'integer');
});

options('rejects an unknown method and a worker count below 1', () => {
  rejects(() => validateScenarioOptions({ ...base, method: 'worst' as never }), 'method', 'peak');
  rejects(() => validateScenarioOptions({ ...base, workers: 0 }), 'workers', 'at least 1');
});

options.run();

const limit = suite('maxSamples');

limit('is DEFAULT_MAX_SAMPLES (100,000) unless HAZSIM_MAX_SAMPLES sets it', () => {
  assert.is(DEFAULT_MAX_SAMPLES, 100_000);
  assert.is(maxSamplesSetting({}), DEFAULT_MAX_SAMPLES);
  assert.is(maxSamplesSetting({ HAZSIM_MAX_SAMPLES: '500' }), 500);
  assert.is(validateScenarioOptions({ ...base, numberOfSamples: 400_000, maxSamples: 1_000_000 }).numberOfSamples, 400_000);
  rejects(() => validateScenarioOptions({ ...base, numberOfSamples: 501, maxSamples: 500 }), 'number_of_samples', 'at most 500');
});

limit('rejects a HAZSIM_MAX_SAMPLES that is not a positive integer, naming it', () => {
  for (const text of ['0', '-3', 'lots', '1e400', '2.5'])
    rejects(() => maxSamplesSetting({ HAZSIM_MAX_SAMPLES: text }), 'HAZSIM_MAX_SAMPLES', 'positive integer');
});

limit.run();

const input = suite('validateScenarioInput');

input('accepts a well-formed input', () => {
  validateScenarioInput(stormInput(10, 4));
});

input('rejects unsorted or repeated timestamps and non-ISO ones, naming the index', () => {
  const storm = stormInput(3, 3);
  rejects(
    () => validateScenarioInput({ ...storm, timestamps: [storm.timestamps[1], storm.timestamps[0], storm.timestamps[2]] }),
    'timestamps[1]',
    'sorted, distinct',
  );
  rejects(
    () => validateScenarioInput({ ...storm, timestamps: [storm.timestamps[0], storm.timestamps[0], storm.timestamps[2]] }),
    'timestamps[1]',
    'sorted, distinct',
  );
  rejects(() => validateScenarioInput({ ...storm, timestamps: [storm.timestamps[0], 'noon', storm.timestamps[2]] }), 'timestamps[1]', 'ISO 8601');
});

input('rejects duplicate uuids and uuids that are not safe file names', () => {
  const storm = stormInput(3, 2);
  rejects(
    () => validateScenarioInput({ ...storm, assetUuids: [storm.assetUuids[0], storm.assetUuids[1], storm.assetUuids[0]] }),
    'assetUuids[2]',
    'duplicates assetUuids[0]',
  );
  rejects(() => validateScenarioInput({ ...storm, assetUuids: [storm.assetUuids[0], '../etc', storm.assetUuids[2]] }), 'assetUuids[1]', 'component uuid');
});

input('rejects survival values outside [0, 1] or NaN, naming asset and timestamp, and a wrong length', () => {
  const storm = stormInput(3, 2);
  const survival = storm.survival.slice();
  survival[4] = Number.NaN; // t = 1, asset 1
  rejects(() => validateScenarioInput({ ...storm, survival }), 'survival[4]', `asset ${storm.assetUuids[1]} at ${storm.timestamps[1]}`);
  survival[4] = 1.5;
  rejects(() => validateScenarioInput({ ...storm, survival }), 'survival[4]', 'in [0, 1]');
  rejects(() => validateScenarioInput({ ...storm, survival: storm.survival.subarray(1) }), 'survival', '6 values');
});

input.run();
