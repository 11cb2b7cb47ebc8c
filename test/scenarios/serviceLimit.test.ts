import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createService } from '../../src/app/service.js';
import { EXAMPLES, tempDir } from '../helpers/cli.js';

// A service created with a raised HAZSIM_MAX_SAMPLES runs the larger request end to end: the
// limit is resolved once, when the service is created, and the scenario engine takes it from
// there instead of reading the process environment again.

test('a service created with HAZSIM_MAX_SAMPLES above the default runs a request over the default', async () => {
  const saved = process.env.HAZSIM_MAX_SAMPLES;
  delete process.env.HAZSIM_MAX_SAMPLES;
  try {
    const service = createService({ cacheDir: tempDir(), env: { HAZSIM_MAX_SAMPLES: '100001' } });
    await service.models.uploadFile(path.join(EXAMPLES, 'feeder/example_feeder.json'), { name: 'feeder' });
    await service.models.uploadFile(path.join(EXAMPLES, 'hazards/flood.json'), { name: 'flood' });
    const outputDir = tempDir();
    const run = await service.runs.generateScenarios(
      { distribution_system_name: 'feeder', hazard_system_name: 'flood', number_of_samples: 100_001, seed: 3 },
      { outputDir, recordLimit: 0 },
    );
    assert.is(run.summary.number_of_samples, 100_001);
    assert.is(run.summary.asset_count, 38);
    assert.ok(fs.statSync(run.filePath).size > 0);
  } finally {
    if (saved === undefined) delete process.env.HAZSIM_MAX_SAMPLES;
    else process.env.HAZSIM_MAX_SAMPLES = saved;
  }
});

test('a service created without it refuses one sample over the default before simulating', async () => {
  const service = createService({ cacheDir: tempDir(), env: {} });
  try {
    await service.runs.generateScenarios({ distribution_system_name: 'none', hazard_system_name: 'none', number_of_samples: 100_001 });
    assert.unreachable('accepted');
  } catch (error) {
    assert.match((error as Error).message, /at most 100000/);
  }
});

test.run();
