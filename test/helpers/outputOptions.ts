import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, EXAMPLES, ROOT, runCli, tempDir, type CliResult } from './cli.js';

// The options of the CLI that write a file at a path the user names, and the cases every one
// of them is tested with (test/hardening/cliOutputs*.test.ts; docs/hardening.md, "Files the
// CLI writes"): a symbolic link (to a file, to /dev/null, to a FIFO) is refused with exit 5
// and neither it nor its target changes, an empty path is refused with exit 5, a folder
// receives the file under its own name, and "-" streams to standard output where the option
// allows it and is refused (exit 5) where it does not.

export interface Fixtures {
  cache: string;
  /** Runs the CLI in `cwd` (where a command writes what -o does not name) with the fixtures' cache. */
  hazsim: (args: string[], cwd: string) => CliResult;
  result: string;
  shards: string[];
  observed: string;
}

/** One option that writes a file: how to run it with path `P`, the file it puts in a folder, and what "-" gives. */
export interface OutputOption {
  name: string;
  option: string;
  args: (fixtures: Fixtures, target: string) => string[];
  /** The file name the option writes inside a folder given as its path. */
  inFolder: RegExp;
  /** How standard output begins with "-", or null when "-" is refused for this option. */
  stdout: RegExp | null;
}

const SQLITE = /^SQLite format 3/;
const ZIP = /^PK/;
export const RUN = ['feeder', 'quake', '-n', '2'];

export const OUTPUT_OPTIONS: OutputOption[] = [
  {
    name: 'simulate',
    option: '-o',
    args: (_, p) => ['simulate', 'feeder', 'quake', '-o', p],
    inFolder: /^feeder\+quake\+DEFAULT_CURVES_results\.sqlite$/,
    stdout: SQLITE,
  },
  { name: 'scenarios', option: '-o', args: (_, p) => ['scenarios', ...RUN, '-o', p], inFolder: /_scenarios_2samples_seed0_peak\.zip$/, stdout: ZIP },
  {
    name: 'scenarios --shard',
    option: '-o',
    args: (_, p) => ['scenarios', ...RUN, '--shard', '0/2', '-o', p],
    inFolder: /^feeder_scenarios_2samples\.shard-0-of-2\.hzshard$/,
    stdout: /^HAZSIM-/,
  },
  { name: 'impact', option: '-o', args: (_, p) => ['impact', ...RUN, '-o', p], inFolder: /_impact_2samples_seed0_peak\.sqlite$/, stdout: SQLITE },
  {
    name: 'impact --shard',
    option: '-o',
    args: (_, p) => ['impact', ...RUN, '--shard', '0/2', '-o', p],
    inFolder: /^feeder_impact_2samples\.shard-0-of-2\.hzshard$/,
    stdout: /^HAZSIM-/,
  },
  {
    name: 'impact --scenarios-output',
    option: '--scenarios-output',
    args: (_, p) => ['impact', ...RUN, '--scenarios-output', p],
    inFolder: /_scenarios_2samples_seed0_peak\.zip$/,
    stdout: null,
  },
  {
    name: 'impact --restoration-output',
    option: '--restoration-output',
    args: (_, p) => ['impact', ...RUN, '--restoration-output', p],
    inFolder: /_impact_2samples_seed0_peak_restoration\.zip$/,
    stdout: null,
  },
  { name: 'merge', option: '-o', args: (f, p) => ['merge', ...f.shards, '-o', p], inFolder: /^merged$/, stdout: ZIP },
  { name: 'report', option: '-o', args: (f, p) => ['report', f.result, '-o', p], inFolder: /^run_report\.html$/, stdout: /^<!doctype html>/i },
  { name: 'export', option: '-o', args: (f, p) => ['export', f.result, '-o', p], inFolder: /^run_assets\.geojson$/, stdout: /^\{"type":"FeatureCollection"/ },
  {
    name: 'curve-sets plot',
    option: '-o',
    args: (_, p) => ['curve-sets', 'plot', 'DEFAULT_CURVES', '--asset-type', 'substation', '-o', p],
    inFolder: /^DEFAULT_CURVES_substation\.svg$/,
    stdout: /^<svg/,
  },
  {
    name: 'hindcast',
    option: '-o',
    args: (f, p) => ['hindcast', 'sc', 'hurricane', '--observed', f.observed, '-n', '2', '-o', p],
    inFolder: /^sc_hurricane_hindcast\.csv$/,
    stdout: /^fips,name,customers,/,
  },
];

/**
 * A temp cache with the tiny feeder and quake; with `results`, also a simulation result and
 * the two scenario shards of a run; with `territory`, the hurricane and a one-county territory.
 */
export function setUpFixtures(needs: { results?: boolean; territory?: boolean }): Fixtures {
  const cache = tempDir();
  const work = tempDir();
  const hazsim = (args: string[], cwd: string) => runCli([...args, '--cache-dir', cache], { cwd });
  const setUp = (args: string[]) => {
    const result = hazsim(args, work);
    assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  };
  setUp(['upload', path.join(ROOT, 'test/data/tiny_feeder.json'), '--name', 'feeder']);
  setUp(['upload', path.join(ROOT, 'test/data/tiny_quake.json'), '--name', 'quake']);
  const fixtures: Fixtures = { cache, hazsim, result: path.join(work, 'run.sqlite'), shards: [], observed: path.join(work, 'observed.csv') };
  if (needs.results) {
    setUp(['simulate', 'feeder', 'quake', '-o', fixtures.result]);
    fixtures.shards = ['0/2', '1/2'].map((shard, k) => {
      const part = path.join(work, `part${k}.hzshard`);
      setUp(['scenarios', ...RUN, '--shard', shard, '-o', part]);
      return part;
    });
  }
  if (needs.territory) {
    setUp(['upload', path.join(EXAMPLES, 'hazards/hurricane.json')]);
    // One county of the bundled example feeder's copies; the observed table in the county layout.
    const customers = path.join(work, 'customers.csv');
    fs.writeFileSync(customers, 'County_FIPS,Customers\n45019,300\n');
    setUp(['territory', 'build', 'sc', '--counties', '45019', '--customers', customers]);
    fs.writeFileSync(fixtures.observed, 'geoid,max_pct_out,avg_customer_hrs_out\n45019,0.9,40\n');
  }
  return fixtures;
}

/** A folder holding `mine.txt` and three links: to it, to /dev/null, and to a FIFO beside it. */
export function plantedLinks() {
  const folder = tempDir();
  const file = path.join(folder, 'mine.txt');
  fs.writeFileSync(file, 'my own notes\n');
  const fifo = path.join(folder, 'pipe');
  assert.is(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const links = { toFile: path.join(folder, 'to-file'), toNull: path.join(folder, 'to-null'), toFifo: path.join(folder, 'to-fifo') };
  fs.symlinkSync(file, links.toFile);
  fs.symlinkSync('/dev/null', links.toNull);
  fs.symlinkSync(fifo, links.toFifo);
  const fifoInode = fs.lstatSync(fifo).ino;
  /** Asserts that the three links, the file, the FIFO and /dev/null are as planted, and that nothing else appeared. */
  const untouched = (context: string) => {
    assert.is(fs.readlinkSync(links.toFile), file, `${context}: the link to a file changed`);
    assert.is(fs.readlinkSync(links.toNull), '/dev/null', `${context}: the link to /dev/null changed`);
    assert.is(fs.readlinkSync(links.toFifo), fifo, `${context}: the link to a FIFO changed`);
    assert.is(fs.readFileSync(file, 'utf8'), 'my own notes\n', `${context}: the linked file changed`);
    assert.ok(fs.lstatSync(fifo).isFIFO() && fs.lstatSync(fifo).ino === fifoInode, `${context}: the FIFO changed`);
    assert.ok(fs.statSync('/dev/null').isCharacterDevice(), `${context}: /dev/null was replaced`);
    assert.equal(fs.readdirSync(folder).sort(), ['mine.txt', 'pipe', 'to-fifo', 'to-file', 'to-null'], `${context}: files appeared beside the links`);
  };
  return { links, untouched };
}

/** The CLI as a child process, ended with SIGKILL after `deadlineMs` (a hung run fails its test, not the file). */
function hazsimAsync(fixtures: Fixtures, args: string[], cwd: string, deadlineMs = 300_000): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args, '--cache-dir', fixtures.cache], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: deadlineMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * Three tests per option: the refused paths (three links, the empty path, and "-" where it is
 * refused), run side by side since none does any work; a folder; and "-" where it streams.
 */
export function addOutputOptionTests(test: Test, fixtures: Fixtures, options: readonly OutputOption[]): void {
  for (const output of options) {
    test(`${output.name} ${output.option}: links${output.stdout ? '' : ', "-"'} and "" are refused with exit 5, naming the option; links and targets unchanged`, async () => {
      const { links, untouched } = plantedLinks();
      const work = tempDir();
      const cases: [string, string, string][] = [
        ...Object.entries(links).map(([kind, link]): [string, string, string] => [
          kind,
          link,
          `Cannot write to ${link} (${output.option}): it is a symbolic link`,
        ]),
        ['empty path', '', `The output path is empty (${output.option})`],
        ...(output.stdout ? [] : [['"-"', '-', `Cannot write to - (${output.option}): this file does not go to standard output`] as [string, string, string]]),
      ];
      const results = await Promise.all(cases.map(([, target]) => hazsimAsync(fixtures, output.args(fixtures, target), work)));
      results.forEach((result, k) => {
        const [kind, , message] = cases[k];
        assert.is(result.code, 5, `${kind}: ${result.stderr}`);
        assert.ok(result.stderr.includes(message), `${kind}: ${result.stderr}`);
      });
      untouched(output.name);
      assert.equal(fs.readdirSync(work), [], 'the refused runs wrote into the working folder');
    });

    test(`${output.name} ${output.option} <folder>: the file goes inside under its own name, nothing else is left`, async () => {
      const work = tempDir();
      const folder = tempDir();
      const result = await hazsimAsync(fixtures, output.args(fixtures, folder), work);
      assert.is(result.code, 0, result.stderr);
      const written = fs.readdirSync(folder);
      assert.is(written.length, 1, `expected one file in the folder, got ${written.join(', ')}`);
      assert.match(written[0], output.inFolder);
      assert.ok(fs.lstatSync(path.join(folder, written[0])).isFile());
      // Side outputs leave the result in the working folder; the main output leaves it empty. No temporary file stays anywhere.
      assert.ok(
        fs.readdirSync(work).every((name) => !name.startsWith('.')),
        `temporary files left: ${fs.readdirSync(work).join(', ')}`,
      );
    });

    const streams = output.stdout;
    if (streams) {
      test(`${output.name} ${output.option} -: the file on standard output`, async () => {
        const work = tempDir();
        const result = await hazsimAsync(fixtures, output.args(fixtures, '-'), work);
        assert.is(result.code, 0, result.stderr);
        assert.match(result.stdout, streams);
        assert.equal(fs.readdirSync(work), []);
      });
    }
  }
}

/**
 * A suite over the output options of `commands` (an option's command is the first word of its
 * name when `byCommand`, else its whole name), its fixtures set up before it runs.
 */
export function outputOptionSuite(
  title: string,
  commands: readonly string[],
  needs: Parameters<typeof setUpFixtures>[0],
  byCommand = false,
): { test: Test; fixtures: Fixtures } {
  const fixtures = {} as Fixtures;
  const test = suite(title);
  test.before(() => {
    Object.assign(fixtures, setUpFixtures(needs));
  });
  addOutputOptionTests(
    test,
    fixtures,
    OUTPUT_OPTIONS.filter((output) => commands.includes(byCommand ? output.name.split(' ')[0] : output.name)),
  );
  return { test, fixtures };
}
