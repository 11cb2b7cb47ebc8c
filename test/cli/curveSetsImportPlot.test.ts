import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, json, runCli, tempDir } from '../helpers/cli.js';

const HAZUS_CSV = path.resolve(ROOT, '../shared/reference/refdata/simcenter/hazus51_power_network_fragility.csv');

const cli = suite('hazsim curve-sets import and plot');

cli('imports the SimCenter HAZUS 5.1 power table by --map and stores it as a version 2 set', () => {
  if (!fs.existsSync(HAZUS_CSV)) {
    console.log(`NOTICE: ${HAZUS_CSV} is absent; the SimCenter import is not checked`);
    return;
  }
  const cache = tempDir();
  const imported = runCli([
    'curve-sets',
    'import',
    HAZUS_CSV,
    '--map',
    'substation=EP.S.L.U, distribution_poles=EP.C.U',
    '--name',
    'hazus',
    '--out-of-service',
    'LS3',
    '--cache-dir',
    cache,
    '--json',
  ]);
  assert.is(imported.code, 0, imported.stderr);
  assert.is(json(imported).message, 'Curve set hazus uploaded successfully');
  const shown = json(runCli(['curve-sets', 'show', 'hazus', '--cache-dir', cache, '--json']));
  const substation = shown.content.curves.earthquake.substation[0];
  // EP.S.L.U as published: LS1 0.13 g β 0.65 ... LS4 0.74 g β 0.4.
  assert.equal(substation.limit_states[0], { name: 'LS1', form: 'lognormal', parameters: { median: 0.13, beta: 0.65 } });
  assert.equal(substation.limit_states[3].parameters, { median: 0.74, beta: 0.4 });
  assert.is(substation.out_of_service, 'LS3');
  assert.match(substation.source, /hazus51_power_network_fragility.csv, ID EP.S.L.U/);

  const badMap = runCli(['curve-sets', 'import', HAZUS_CSV, '--map', 'pole=EP.C.U', '--cache-dir', cache]);
  assert.is(badMap.code, 2);
  assert.match(badMap.stderr, /--map: unknown asset type "pole"/);
  const missing = runCli(['curve-sets', 'import', HAZUS_CSV, '--map', 'switch=EP.X', '--cache-dir', cache, '--json']);
  assert.is(missing.code, 5);
  assert.equal(
    JSON.parse(missing.stderr).error.issues.map((issue: any) => issue.path),
    ['map.switch'],
  );
});

cli('plot writes an SVG with one line per limit state of the asset type', () => {
  const cache = tempDir();
  const out = path.join(tempDir(), 'substation.svg');
  const plotted = runCli(['curve-sets', 'plot', 'DEFAULT_CURVES', '--asset-type', 'substation', '--output', out, '--cache-dir', cache, '--json']);
  assert.is(plotted.code, 0, plotted.stderr);
  assert.is(json(plotted).file_path, out);
  const svg = fs.readFileSync(out, 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // Substation, hazards in the registry's order: earthquake (4 limit states), flood depth and velocity (1 each), wind (1), fire (1).
  const panels = [...svg.matchAll(/<g class="panel" data-hazard="(\w+)" data-asset-type="substation" data-quantity="(\w+)">/g)].map((m) => `${m[1]}/${m[2]}`);
  assert.equal(panels, ['earthquake/pga', 'flood/flood_depth', 'flood/flood_velocity', 'wind/wind_speed', 'fire/fire_boundary_distance']);
  const states = [...svg.matchAll(/data-limit-state="(\w+)"/g)].map((m) => m[1]);
  assert.equal(states.slice(0, 4), ['slight', 'moderate', 'extensive', 'complete']);
  // Each limit state is a polyline of 201 points with probabilities inside the plot frame.
  const first = /<polyline[^>]*points="([^"]+)"/.exec(svg)![1].split(' ');
  assert.is(first.length, 201);
  assert.match(svg, /extensive \(out of service\)/);
  // -o, as every other command that writes a file takes it.
  const short = path.join(tempDir(), 'short.svg');
  assert.is(runCli(['curve-sets', 'plot', 'DEFAULT_CURVES', '--asset-type', 'substation', '-o', short, '--cache-dir', cache]).code, 0);
  assert.is(fs.readFileSync(short, 'utf8'), svg);

  const unknownType = runCli(['curve-sets', 'plot', 'DEFAULT_CURVES', '--asset-type', 'pylon', '--output', out, '--cache-dir', cache]);
  assert.is(unknownType.code, 2);
});

cli.run();
