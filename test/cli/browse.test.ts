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
    screen = await session.waitFor(/\[ Curve sets \(2\) \][\s\S]*built in: yes/);
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
    const resultFile = path.join(cache, 'results', 'example_feeder_hurricane_DEFAULT_CURVES_results.sqlite');
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

browse.run();
