import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EXAMPLES, ROOT, json, runCli, tempDir } from '../helpers/cli.js';

const scripts = suite('example scripts');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
}

scripts('examples/demo.sh (npm run demo) runs the whole job into a temp cache it removes, results in the output folder', () => {
  const temp = tempDir();
  const out = tempDir();
  const result = run('bash', [path.join(EXAMPLES, 'demo.sh')], { TMPDIR: temp, HAZSIM_DEMO_OUT: out });
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`== cache: ${temp}/hazsim-demo-`));
  assert.equal(fs.readdirSync(temp), [], 'the temporary cache is removed');
  assert.equal(fs.readdirSync(out).sort(), [
    'example_feeder_example_earthquake_results.sqlite',
    'example_feeder_example_flood_results.sqlite',
    'example_feeder_example_wildfire_results.sqlite',
    'example_feeder_under_oscar_example_hurricane_impact_1000samples.sqlite',
    'example_feeder_under_oscar_example_hurricane_report.html',
    'example_feeder_under_oscar_example_hurricane_results.sqlite',
    'example_feeder_under_oscar_scenarios_1000samples.zip',
  ]);
  // The real storm damages the feeder copy: outages in the scenarios.
  assert.match(result.stdout, /samples with outages: +[1-9]\d* of 1000/);
  assert.match(result.stdout, /Curve set example_curves uploaded successfully|example_curves/);
  // The curve set the demo uploads is the one its example runs use.
  for (const hazard of ['earthquake', 'flood', 'wildfire']) {
    const db = new Database(path.join(out, `example_feeder_example_${hazard}_results.sqlite`), { readonly: true });
    assert.is((db.prepare("SELECT value FROM run_info WHERE key = 'curve_set'").get() as { value: string }).value, 'example_curves');
    db.close();
  }
  // The impact summary of the example feeder: its four loads, the metric table, the loads most exposed.
  assert.match(result.stdout, /4 of 4 loads served/);
  assert.match(result.stdout, /customer-hours/);
  assert.match(result.stdout, /Most exposed loads:|No load lost power/);
});

scripts('examples/workflow.sh runs every step with --json and jq against a temp cache, making the output folder it is given', () => {
  const cache = tempDir();
  const out = path.join(tempDir(), 'not/there/yet');
  const result = run('bash', [path.join(EXAMPLES, 'workflow.sh'), cache, out]);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /Distribution system charleston uploaded successfully/);
  assert.match(result.stdout, /DEFAULT_CURVES: 38 assets, lowest survival \d(\.\d+)?(e-\d+)?/);
  assert.match(result.stdout, /500 samples, \d+ scenario records/);
  assert.match(result.stdout, /sample_\d+ at 2024-09-21T\d\d:00:00: \d+ components out of service/);
  assert.ok(fs.existsSync(path.join(out, 'charleston_scenarios.zip')));
  // It cleans up what it stored besides the feeder.
  assert.equal(
    json(runCli(['list', '--json', '--cache-dir', cache])).map((model: any) => model.name),
    ['charleston'],
  );
});

scripts('examples/read_results.py reads a simulation result with python3 and sqlite3', () => {
  const cache = tempDir();
  const out = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/flood.json'), '--cache-dir', cache]).code, 0);
  const sqlite = path.join(out, 'result.sqlite');
  assert.is(runCli(['simulate', 'example_feeder', 'flood', '-o', sqlite, '--cache-dir', cache]).code, 0);
  const result = run('python3', [path.join(EXAMPLES, 'read_results.py'), sqlite]);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /example_feeder x flood with DEFAULT_CURVES \(38 assets, 2 timestamps\)/);
  assert.match(result.stdout, /lowest survival by asset type:/);
  assert.match(result.stdout, /five most vulnerable assets:/);
});

scripts('examples/generate-large-feeder.ts writes a valid feeder of the size asked for', () => {
  const file = path.join(tempDir(), 'large.json');
  const generated = run(process.execPath, ['--import', 'tsx', path.join(EXAMPLES, 'generate-large-feeder.ts'), '2000', file]);
  assert.is(generated.status, 0, generated.stderr);
  const validated = runCli(['validate', file, '--json']);
  assert.is(validated.code, 0, validated.stderr);
  const summary = json(validated).summary;
  assert.is(summary.assets.located, 38 + 2000 - 1);
});

scripts.run();
