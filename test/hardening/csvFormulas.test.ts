import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { readZipEntries } from '../helpers/unzip.js';
import { readCsvRecords } from '../../src/base/csv.js';

// Limit-state names are free text in a curve set and reach damage.csv as damage states. A name
// such as =HYPERLINK(...) ran as a formula when the file was opened in a spreadsheet (OWASP,
// "CSV Injection"): every such cell must start with a quote character inside a quoted field.

/** Limit-state names a spreadsheet would run, one per formula-starting character. */
const HOSTILE = ['-2+3', '=HYPERLINK("http://example.invalid/?x","click")', '+1+1', '@SUM(1,2)'];

const test = suite('CSV formulas');

test('damage.csv writes limit-state names that start a formula as text', async () => {
  const cache = tempDir();
  const work = tempDir();
  const curves = {
    format_version: 2,
    name: 'hostile_states',
    curves: {
      wind: {
        distribution_poles: [
          {
            quantity: 'wind_speed',
            units: 'mile / hour',
            applies_to: 'asset',
            limit_states: HOSTILE.map((name, k) => ({ name, form: 'lognormal', parameters: { median: 20 + 15 * k, beta: 0.3 } })),
            out_of_service: HOSTILE[0],
            source: 'test curves: names chosen to start spreadsheet formulas',
          },
        ],
      },
    },
  };
  const curveFile = path.join(work, 'hostile.json');
  fs.writeFileSync(curveFile, JSON.stringify(curves));
  for (const args of [
    ['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')],
    ['upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--name', 'storm'],
    ['curve-sets', 'upload', curveFile],
  ]) {
    const result = runCli([...args, '--cache-dir', cache]);
    assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  }
  const zip = path.join(work, 'scenarios.zip');
  const run = runCli([
    'scenarios',
    'example_feeder',
    'storm',
    '--curve-set',
    'hostile_states',
    '-n',
    '20',
    '--seed',
    '1',
    '-o',
    zip,
    '--cache-dir',
    cache,
    '--json',
  ]);
  assert.is(run.code, 0, run.stderr);
  assert.ok(json(run).total_failures > 0, 'the storm fails some poles');

  const damage = (await readZipEntries(zip)).find((entry) => entry.name === 'damage.csv');
  assert.ok(damage, 'the ZIP has damage.csv');
  const lines = damage.data.toString('utf8').trim().split('\n');
  assert.is(lines[0], 'sample,asset,timestamp,damage_state,repair_hours');
  const seen = new Set<string>();
  for (const line of lines.slice(1)) {
    const [fields] = readCsvRecords(line).map((record) => record.cells);
    assert.is(fields.length, 5, line);
    for (const field of fields) assert.not.match(field, /^[=+\-@\t\r]/, `a cell starts a formula: ${line}`);
    // Asset types the set has no curve for keep their states from elsewhere (plain words).
    const state = fields[3];
    if (/^[a-z_]+$/.test(state)) continue;
    assert.ok(state.startsWith("'"), `the state cell starts with ': ${line}`);
    assert.ok(HOSTILE.includes(state.slice(1)), `the name is kept after the quote: ${state}`);
    seen.add(state.slice(1));
  }
  assert.ok(seen.size >= 2, `several hostile states drawn: ${[...seen].join(' ')}`);
});

test.run();
