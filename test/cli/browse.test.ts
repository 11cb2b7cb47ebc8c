import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { TmuxSession, haveTmux } from '../helpers/tmux.js';

const browse = suite('hazsim browse (terminal UI)');

function show(title: string, screen: string): void {
  console.log(`SCREEN ${title}\n${screen}\nEND SCREEN`);
}

browse('needs a terminal: without one it is a usage error', () => {
  const result = runCli(['browse', '--cache-dir', tempDir()]);
  assert.is(result.code, 2);
  assert.match(result.stderr, /needs an interactive terminal/);
});

browse('in an 80x24 terminal: opens, switches tabs, shows a summary, simulates the bundled examples, deletes with confirmation, quits with q', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  const work = tempDir();
  for (const file of ['feeder/example_feeder.json', 'hazards/hurricane.json', 'hazards/flood.json']) {
    assert.is(runCli(['upload', path.join(EXAMPLES, file), '--cache-dir', cache]).code, 0);
  }
  const session = new TmuxSession(`node ${BIN} browse --cache-dir ${cache}`, { width: 80, height: 24, cwd: work });
  try {
    let screen = await session.waitFor(/total_components: 104/);
    show('opened on the distribution tab', screen);
    assert.match(screen, /\[ Distribution \(1\) \]/);
    assert.match(screen, /> example_feeder/);
    assert.match(screen, /\? help/);
    for (const line of screen.split('\n')) assert.ok(line.length <= 80, `line wider than 80 columns: ${line}`);

    session.send('Right');
    screen = await session.waitFor(/\[ Hazard \(2\) \].*[\s\S]*hazard_model_count: 2/);
    show('hazard tab with the summary of the selected model', screen);
    assert.match(screen, /timestamps: 2024-09-21T12:00:00/);

    session.send('Right');
    screen = await session.waitFor(/\[ Curve sets \(3\) \][\s\S]*built in: yes/);
    show('curve sets tab', screen);
    assert.match(screen, /DEFAULT_CURVES \*/);

    session.send('Left', 'Left', 's');
    screen = await session.waitFor(/with which hazard model\?/);
    show('picking the hazard to simulate against', screen);
    session.send('Down', 'Enter');
    screen = await session.waitFor(/: done/, 60_000);
    show('simulation finished', screen);
    assert.match(screen, /Simulating example_feeder x hurricane with DEFAULT_CURVES: done/);
    assert.match(screen, /38 assets x 24 timestamps/);
    assert.match(screen, /lowest survival:/);
    const resultFile = path.join(cache, 'results', 'example_feeder+hurricane+DEFAULT_CURVES_results.sqlite');
    assert.ok(fs.existsSync(resultFile), 'result file written under the cache');

    session.send('x', 'Right', 'd');
    screen = await session.waitFor(/Delete flood\? y: yes/);
    session.send('n');
    screen = await session.waitFor(/delete cancelled/);
    assert.match(screen, /Hazard \(2\)/);

    session.send('q');
    screen = await session.waitFor(/\[exit 0\]/);
    show('after q', screen);
  } finally {
    session.close();
  }
});

browse('an empty cache says how to upload; g asks for the count, seed and method; results are listed with their full path', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  const empty = new TmuxSession(`node ${BIN} browse --cache-dir ${cache}`, { width: 80, height: 24 });
  try {
    const screen = await empty.waitFor(/No distribution models in the cache yet/);
    show('empty cache', screen);
    assert.match(screen.replace(/\s+/g, ' '), /hazsim upload feeder\.json/);
    empty.send('q');
    await empty.waitFor(/\[exit 0\]/);
  } finally {
    empty.close();
  }

  for (const file of ['feeder/example_feeder.json', 'hazards/flood.json'])
    assert.is(runCli(['upload', path.join(EXAMPLES, file), '--cache-dir', cache]).code, 0);
  const session = new TmuxSession(`node ${BIN} browse --cache-dir ${cache}`, { width: 80, height: 24 });
  try {
    await session.waitFor(/total_components: 104/);
    session.send('g');
    await session.waitFor(/Scenarios for example_feeder with which hazard model\?/);
    session.send('Enter');
    let screen = await session.waitFor(/number of scenarios\s+100/);
    show('scenario form with its defaults', screen);
    assert.match(screen, /random seed\s+0/);
    assert.match(screen, /method\s+< peak >/);
    // One key at a time, as a person types: a burst can reach the UI as one chunk.
    for (const key of ['BSpace', 'BSpace', 'BSpace', '2', '0', 'Down', '7', 'Down', 'Right']) {
      session.send(key);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    screen = await session.waitFor(/method\s+< sequential >/);
    show('scenario form filled in', screen);
    assert.match(screen, /number of scenarios\s+20\b/);
    assert.match(screen, /random seed\s+7\b/);
    session.send('Enter');
    screen = await session.waitFor(/: done/, 60_000);
    show('scenarios finished', screen);
    assert.match(screen, /Generating 20 scenarios \(seed 7, sequential\) for example_feeder x flood/);
    assert.match(screen, /20 samples, seed 7, method sequential/);
    const zip = path.join(cache, 'results', 'example_feeder+flood+DEFAULT_CURVES_scenarios_20samples_seed7_sequential.zip');
    assert.ok(fs.existsSync(zip), 'scenario ZIP written under the cache');
    const joined = screen
      .split('\n')
      .map((line) => line.trimEnd())
      .join('');
    assert.ok(joined.includes(`file: ${zip}`), `full path shown: ${zip}`);

    session.send('x', 'Left');
    screen = await session.waitFor(/\[ Results \(1\) \][\s\S]*kind: scenarios/);
    show('results tab', screen);
    assert.match(screen, /> example_feeder\+flood\+DEF/);
    assert.ok(
      screen
        .split('\n')
        .map((line) => line.trimEnd())
        .join('')
        .replace(/\s/g, '')
        .includes(zip.replace(/\s/g, '')),
      'full path in the details',
    );
    assert.match(screen, /Enter open d delete/);
    assert.not.match(screen, /s simulate/);

    session.send('Enter');
    screen = await session.waitFor(/\(scenarios, tracked_changes\.json metadata\)/);
    show('a scenario ZIP opened', screen);
    assert.match(screen, /seed: 7\b/);
    assert.match(screen, /method: sequential/);
    assert.match(screen, /number_of_samples: 20\b/);
    session.send('x');
    await session.waitFor(/\[ Results \(1\) \][\s\S]*kind: scenarios/);

    session.send('Left');
    screen = await session.waitFor(/\[ Curve sets \(3\) \]/);
    assert.match(screen, /Enter use for runs/);
    assert.not.match(screen, /s simulate|g scenarios/);
    session.send('s');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.not.match(session.screen(), /with which/);
    session.send('q');
    await session.waitFor(/\[exit 0\]/);
  } finally {
    session.close();
  }
});

browse(
  'the form refuses a number of scenarios outside 1 … HAZSIM_MAX_SAMPLES; a status goes with the next key or after a few seconds; a resize redraws',
  async () => {
    if (!haveTmux()) return;
    const cache = tempDir();
    for (const file of ['feeder/example_feeder.json', 'hazards/flood.json'])
      assert.is(runCli(['upload', path.join(EXAMPLES, file), '--cache-dir', cache]).code, 0);
    const session = new TmuxSession(`HAZSIM_MAX_SAMPLES=50 node ${BIN} browse --cache-dir ${cache}`, { width: 80, height: 24 });
    const typeSlowly = async (...keys: string[]) => {
      for (const key of keys) {
        session.send(key);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    };
    try {
      await session.waitFor(/total_components: 104/);
      session.send('g');
      await session.waitFor(/with which hazard model\?/);
      session.send('Enter');
      await session.waitFor(/number of scenarios\s+100/);
      await typeSlowly('BSpace', 'BSpace', 'BSpace', '5', '1', 'Enter');
      let screen = await session.waitFor(/must be at most 50 \(HAZSIM_MAX_SAMPLES\)/);
      show('51 scenarios refused in the form', screen);
      assert.match(screen, /number of scenarios\s+51\b/);
      await typeSlowly('BSpace', 'BSpace', '0', 'Enter');
      screen = await session.waitFor(/must be at least 1/);
      show('0 scenarios refused in the form', screen);
      await typeSlowly('BSpace', '5', '0', 'Enter');
      screen = await session.waitFor(/: done/, 60_000);
      assert.match(screen, /Generating 50 scenarios/);
      assert.is(fs.readdirSync(path.join(cache, 'results')).length, 1, 'only the run within the limit wrote a file');

      session.send('x');
      await session.waitFor(/total_components: 104/);
      session.send('d');
      await session.waitFor(/Delete example_feeder\? y: yes/);
      session.send('n');
      await session.waitFor(/delete cancelled/);
      session.send('Down');
      screen = await session.waitFor(/curve set: DEFAULT_CURVES/);
      assert.not.match(screen, /delete cancelled/, 'the next key clears the status');
      session.send('r');
      await session.waitFor(/reloaded/);
      screen = await session.waitFor(/curve set: DEFAULT_CURVES/, 8_000);
      assert.not.match(screen, /reloaded/, 'the status clears by itself');

      session.resize(100, 30);
      screen = await session.waitFor(new RegExp(`^─{99}$`, 'm'));
      show('after growing to 100x30', screen);
      session.resize(60, 20);
      screen = await session.waitFor(new RegExp(`^─{59}$`, 'm'));
      show('after shrinking to 60x20', screen);
      for (const line of screen.split('\n')) assert.ok(line.length <= 60, `line wider than 60 columns: ${line}`);
      assert.match(screen, /^.*Distr\. \(\d+\).*Hazard \(\d+\).*Curves \(\d+\).*Results \(\d+\).*$/m, 'the tab bar is laid out again on one line');
      assert.match(screen, /hazsim browse/);
      assert.match(screen, /curve set: DEFAULT_CURVES/);
      session.send('q');
      await session.waitFor(/\[exit 0\]/);
    } finally {
      session.close();
    }
  },
);

browse('in a 60x20 terminal the tab bar fits on one line: short titles, counts kept; at 80 columns the full titles', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  for (const file of ['feeder/example_feeder.json', 'hazards/hurricane.json', 'hazards/flood.json'])
    assert.is(runCli(['upload', path.join(EXAMPLES, file), '--cache-dir', cache]).code, 0);
  const session = new TmuxSession(`node ${BIN} browse --cache-dir ${cache}`, { width: 60, height: 20 });
  try {
    let screen = await session.waitFor(/total_components: 104/);
    show('opened at 60x20', screen);
    // One line holds every tab: the bar does not wrap onto a second row.
    assert.match(screen, /^\[Distr\. \(1\)\] +Hazard \(2\) +Curves \(3\) +Results \(0\) *$/m);
    for (const line of screen.split('\n')) assert.ok(line.length <= 60, `line wider than 60 columns: ${line}`);
    session.send('Right');
    screen = await session.waitFor(/\[Hazard \(2\)\]/);
    assert.match(screen, /^ Distr\. \(1\) +\[Hazard \(2\)\] +Curves \(3\) +Results \(0\) *$/m);
    session.resize(80, 24);
    screen = await session.waitFor(/\[ Hazard \(2\) \]/);
    show('grown to 80x24', screen);
    assert.match(screen, /^ +Distribution \(1\) +\[ Hazard \(2\) \] +Curve sets \(3\) +Results \(0\) *$/m);
    session.send('q');
    await session.waitFor(/\[exit 0\]/);
  } finally {
    session.close();
  }
});

browse('two results of different runs show distinct names; Enter opens a simulation result at its run_info', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  for (const file of ['feeder/example_feeder.json', 'hazards/hurricane.json', 'hazards/flood.json'])
    assert.is(runCli(['upload', path.join(EXAMPLES, file), '--cache-dir', cache]).code, 0);
  const session = new TmuxSession(`node ${BIN} browse --cache-dir ${cache}`, { width: 80, height: 24 });
  try {
    await session.waitFor(/total_components: 104/);
    for (const pick of [['Enter'], ['Down', 'Enter']]) {
      session.send('s');
      await session.waitFor(/with which hazard model\?/);
      session.send(...pick);
      await session.waitFor(/: done/, 60_000);
      session.send('x');
      await session.waitFor(/total_components: 104/);
    }
    session.send('Left');
    let screen = await session.waitFor(/\[ Results \(2\) \]/);
    show('two results', screen);
    // Whole file names, one per line: they differ only after the feeder's name.
    assert.match(screen, /^[> ] example_feeder\+flood\+DEFAULT_CURVES_results\.sqlite\s*$/m);
    assert.match(screen, /^[> ] example_feeder\+hurricane\+DEFAULT_CURVES_results\.sqlite\s*$/m);
    for (const line of screen.split('\n')) assert.ok(line.length <= 80, `line wider than 80 columns: ${line}`);

    session.send('Enter');
    screen = await session.waitFor(/_results\.sqlite \(simulation, run_info\)/);
    show('a simulation result opened', screen);
    assert.match(screen, /distribution_name: example_feeder/);
    assert.match(screen, /curve_set: DEFAULT_CURVES/);
    assert.match(screen, /any key: back/);
    session.send('x');
    await session.waitFor(/\[ Results \(2\) \][\s\S]*Enter open/);
    session.send('q');
    await session.waitFor(/\[exit 0\]/);
  } finally {
    session.close();
  }
});

browse.run();
