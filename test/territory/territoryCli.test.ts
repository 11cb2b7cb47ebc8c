import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';

const cli = suite('hazsim territory build and hazsim hindcast (CLI, temp cache)');

const cache = tempDir('hazsim-territory-');
const work = tempDir('hazsim-territory-work-');
const file = (name: string, text: string) => {
  const target = path.join(work, name);
  fs.writeFileSync(target, text);
  return target;
};
// Charleston (45019) and Berkeley (45015), SC, under the bundled Hugo-like hurricane; customers chosen here.
const customers = file('customers.csv', 'County_FIPS,Customers\n45019,4500\n45015,1200\n45035,900\nGrand Total,6600\n');

cli.before(() => {
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--cache-dir', cache]).code, 0);
});

cli('build: one model per county, copies enough for its customers, totals as given; the same seed gives the same model', () => {
  const build = (name: string) =>
    runCli([
      'territory',
      'build',
      name,
      '--counties',
      '45019,45015',
      '--customers',
      customers,
      '--customers-per-copy',
      '2000',
      '--seed',
      '4',
      '--json',
      '--cache-dir',
      cache,
    ]);
  const result = json(build('sc'));
  assert.equal(
    result.counties.map((county: any) => [county.fips, county.customers, county.copies, county.model]),
    [
      ['45019', 4500, 3, 'sc.45019'],
      ['45015', 1200, 1, 'sc.45015'],
    ],
  );
  assert.is(result.total_customers, 5700);
  const shown = json(runCli(['show', 'sc.45019', '--json', '--cache-dir', cache]));
  assert.match(JSON.stringify(shown), /Charleston \(45019\), 4500 customers/);
  const again = json(build('sc2'));
  assert.is(again.total_copies, result.total_copies);
  const modelText = (name: string) => JSON.stringify(json(runCli(['show', name, '--json', '--cache-dir', cache])).summary ?? {});
  assert.is(modelText('sc2.45019').replaceAll('sc2.', 'sc.'), modelText('sc.45019'));
  assert.is(build('sc').code, 4, 'an existing territory is not replaced without --overwrite');
});

cli('hindcast: impact per county joined to an observed county table; JSON metrics and a CSV', () => {
  const observed = file('observed.csv', 'storm_id,usa_atcf_id,geoid,max_pct_out,avg_customer_hrs_out\nHugo,X,45019,0.9,40\nHugo,X,45015,0.2,5\n');
  const csv = path.join(work, 'hindcast.csv');
  const run = runCli(['hindcast', 'sc', 'hurricane', '--observed', observed, '-n', '4', '--seed', '1', '-o', csv, '--json', '--cache-dir', cache]);
  const result = json(run);
  assert.is(run.code, 0, run.stderr);
  assert.is(result.observed_format, 'county_table');
  assert.equal(
    result.counties.map((county: any) => [county.fips, county.customers, county.observed_peak_fraction]),
    [
      ['45015', 1200, 0.2],
      ['45019', 4500, 0.9],
    ],
    'customers served by each county model are those of the table',
  );
  assert.is(result.metrics.counties_compared, 2);
  for (const county of result.counties) {
    assert.ok(county.predicted_peak_fraction >= 0 && county.predicted_peak_fraction <= 1);
    assert.is(county.observed_customer_hours, county.fips === '45019' ? 40 * 4500 : 5 * 1200);
  }
  const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
  assert.is(lines.length, 3);
  assert.match(lines[0], /^fips,name,customers,predicted_peak_fraction,observed_peak_fraction/);
});

cli('hindcast takes the run options of impact: trees beside the lines add tree-fall outages to the same draws', () => {
  const observed = file('observed-trees.csv', 'storm_id,usa_atcf_id,geoid,max_pct_out,avg_customer_hrs_out\nHugo,X,45019,0.9,40\nHugo,X,45015,0.2,5\n');
  const hindcast = (...extra: string[]) =>
    runCli(['hindcast', 'sc', 'hurricane', '--observed', observed, '-n', '4', '--seed', '1', ...extra, '--json', '--cache-dir', cache]);
  const bare = hindcast();
  const withTrees = hindcast('--vegetation', 'default');
  assert.is(withTrees.code, 0, withTrees.stderr);
  const customerHours = (run: ReturnType<typeof runCli>) => json(run).counties.map((county: any) => county.predicted_customer_hours as number);
  customerHours(withTrees).forEach((hours: number, index: number) => assert.ok(hours >= customerHours(bare)[index] - 1e-9));
  const refused = hindcast('--vegetation', 'default', '--physics', 'erad_v1');
  assert.is(refused.code, 5, refused.stderr);
  assert.match(refused.stderr, /vegetation/);
});

cli('bad inputs: clear errors and exit codes', () => {
  const bad = file('bad.csv', 'fips,customers\n45019,many\n');
  let run = runCli(['territory', 'build', 'x', '--counties', '45019', '--customers', bad, '--cache-dir', cache]);
  assert.is(run.code, 5);
  assert.match(run.stderr, /line 2\.customers.*"many" is not a whole number/s);
  run = runCli(['territory', 'build', 'x', '--counties', '45019,45041', '--customers', customers, '--cache-dir', cache]);
  assert.is(run.code, 5);
  assert.match(run.stderr, /no row for 1 selected county: 45041 \(Florence\)/);
  run = runCli(['territory', 'build', 'x', '--counties', '45019', '--state', 'SC', '--customers', customers, '--cache-dir', cache]);
  assert.is(run.code, 5);
  assert.match(run.stderr, /either counties or state/);
  run = runCli(['hindcast', 'nowhere', 'hurricane', '--observed', customers, '-n', '1', '--cache-dir', cache]);
  assert.is(run.code, 5, 'the observed table is read first: a customers table is no observed table');
  assert.match(run.stderr, /neither EAGLE-I records/);
  const observed = file('obs2.csv', 'geoid,max_pct_out\n45019,0.5\n');
  run = runCli(['hindcast', 'nowhere', 'hurricane', '--observed', observed, '-n', '1', '--cache-dir', cache]);
  assert.is(run.code, 3);
  assert.match(run.stderr, /No territory named nowhere/);
});

cli.after(() => {
  fs.rmSync(cache, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

cli.run();
