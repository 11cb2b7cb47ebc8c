import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, exampleHazard } from '../helpers/rest.js';
import { clipOutlines, outlineBox, OUTLINE_MARGIN_DEG, readReportData, type BasemapLayer } from '../../src/domain/report/index.js';
import { basemapLayers } from '../../src/app/report/basemap.js';

/**
 * The report map's basemap (docs/report.md, "Basemap"): outlines clipped to the feeder's
 * surroundings by hand-worked cases, the real atlases around the bundled example feeder
 * (Charleston, SC) and Paris, and the page in headless Chromium with the network off: the
 * outlines drawn under the feeder and no request made.
 */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const require = createRequire(import.meta.url);
const usAtlas = JSON.parse(fs.readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as Topology;

/** Every position of a layer as "lat,lon" text (the payload rounds to 0.001°). */
function positionsOf(layers: readonly BasemapLayer[], kinds: readonly string[]): Set<string> {
  const positions = new Set<string>();
  for (const layer of layers.filter((candidate) => kinds.includes(candidate.kind)))
    for (const line of layer.lines) for (let i = 0; i < line.length; i += 2) positions.add(`${line[i]},${line[i + 1]}`);
  return positions;
}

/** The rings of one us-atlas geometry (a county or a state), as [lon, lat] positions. */
function ringsOf(object: 'counties' | 'states', id: string): number[][][] {
  const collection = usAtlas.objects[object] as GeometryCollection;
  const geometry = collection.geometries.find((candidate) => candidate.id === id)!;
  const shape = (feature(usAtlas, geometry) as GeoJSON.Feature).geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
  return shape.type === 'Polygon' ? shape.coordinates : shape.coordinates.flat();
}

const key = (position: number[]) => `${Math.round(position[1] * 1000) / 1000},${Math.round(position[0] * 1000) / 1000}`;

const clipping = suite('clipOutlines and outlineBox');

clipping('keeps each run of segments that meets the box, as lat/lon pairs, and splits a line that leaves and comes back', () => {
  const box = { west: 0, south: 0, east: 1, north: 1 };
  // In at (0.5, 0.5), out to (3, 0.5), away at (3, 3), back in through (0.5, 3) to (0.5, 0.2).
  const line = [
    [0.5, 0.5],
    [3, 0.5],
    [3, 3],
    [0.5, 3],
    [0.5, 0.2],
  ];
  assert.equal(clipOutlines([line], box), [
    [0.5, 0.5, 0.5, 3],
    [3, 0.5, 0.2, 0.5],
  ]);
  assert.equal(
    clipOutlines(
      [
        [
          [5, 5],
          [6, 6],
        ],
      ],
      box,
    ),
    [],
    'a line away from the box is dropped',
  );
});

clipping('rounds to 0.001° and drops repeated positions', () => {
  const box = { west: 0, south: 0, east: 1, north: 1 };
  assert.equal(
    clipOutlines(
      [
        [
          [0.10004, 0.2],
          [0.10001, 0.2],
          [0.3, 0.40049],
        ],
      ],
      box,
    ),
    [[0.2, 0.1, 0.4, 0.3]],
  );
});

clipping('Douglas–Peucker drops a vertex nearer the chord than the tolerance and keeps one farther', () => {
  const box = { west: -1, south: -1, east: 3, north: 3 };
  // The middle vertex is 0.01° off the chord from (0, 0) to (2, 0).
  const bent = [
    [0, 0],
    [1, 0.01],
    [2, 0],
  ];
  assert.equal(clipOutlines([bent], box, 0.02), [[0, 0, 0, 2]]);
  assert.equal(clipOutlines([bent], box, 0.005), [[0, 0, 0.01, 1, 0, 2]]);
});

clipping('outlineBox widens the finite positions by the margin and ignores the rest', () => {
  const box = outlineBox(Float64Array.of(-80, Number.NaN, -79.5), Float64Array.of(32.5, 10, 33), 2);
  assert.equal(box, { west: -82, south: 30.5, east: -77.5, north: 35 });
  assert.is(outlineBox(Float64Array.of(Number.NaN), Float64Array.of(Number.NaN), 2), null);
});

clipping.run();

const atlas = suite('basemapLayers on the installed atlases');

atlas('around the example feeder in Charleston, SC: its county and state outlines, the coast, nothing from far away', () => {
  // The example feeder's substation (examples/feeder/example_feeder.json).
  const layers = basemapLayers(Float64Array.of(-79.95), Float64Array.of(32.79));
  assert.equal(
    layers.map((layer) => layer.kind),
    ['county', 'state', 'coast'],
  );
  // Charleston County (FIPS 45019): every vertex of its outline is on a county line or the coast.
  const drawn = positionsOf(layers, ['county', 'coast']);
  const county = ringsOf('counties', '45019').flat();
  const missing = county.filter((position) => !drawn.has(key(position)));
  assert.ok(missing.length <= county.length * 0.02, `${missing.length} of ${county.length} Charleston County vertices are not drawn`);
  // South Carolina's borders within the state margin (8°: all of them) are on the state lines or the coast.
  const stateDrawn = positionsOf(layers, ['state', 'coast']);
  const southCarolina = ringsOf('states', '45').flat();
  const stateMissing = southCarolina.filter((position) => !stateDrawn.has(key(position)));
  assert.ok(stateMissing.length <= southCarolina.length * 0.02, `${stateMissing.length} of ${southCarolina.length} South Carolina vertices are not drawn`);
  // Nothing beyond the margins: no point of Texas (west of 95° W) or of New England (north of 41° N).
  for (const layer of layers) {
    const margin = OUTLINE_MARGIN_DEG[layer.kind];
    for (const line of layer.lines)
      for (let i = 0; i < line.length; i += 2) {
        // A segment crossing the box's edge is kept whole: its far end may lie up to one atlas segment beyond.
        assert.ok(Math.abs(line[i] - 32.79) <= margin + 1 && Math.abs(line[i + 1] + 79.95) <= margin + 1, `${layer.kind} point ${line[i]}, ${line[i + 1]}`);
      }
  }
  const county48 = ringsOf('counties', '48201').flat(); // Harris County, TX
  assert.not.ok(
    county48.some((position) => drawn.has(key(position))),
    'no Texas county is drawn',
  );
});

atlas('outside the USA: no county or state lines, the coast and borders from world-atlas', () => {
  const layers = basemapLayers(Float64Array.of(2.35), Float64Array.of(48.85)); // Paris
  assert.equal(
    layers.map((layer) => layer.kind),
    ['coast'],
  );
  // Le Havre's harbour mouth (0.107° E, 49.48° N, from any chart): the Natural Earth coast passes within 5 km.
  const coast = [...positionsOf(layers, ['coast'])].map((text) => text.split(',').map(Number));
  const nearest = Math.min(...coast.map(([lat, lon]) => Math.hypot((lon - 0.107) * Math.cos((49.48 * Math.PI) / 180), lat - 49.48)));
  assert.ok(nearest * 111 < 5, `the coast passes ${(nearest * 111).toFixed(1)} km from Le Havre`);
});

atlas('no finite position, no outlines', () => {
  assert.equal(basemapLayers(Float64Array.of(Number.NaN), Float64Array.of(Number.NaN)), []);
});

atlas.run();

const page = suite('the report page draws the basemap without a request');

page('outlines are drawn under the feeder from file:// with the network off', async () => {
  const cache = tempDir('hazsim-basemap-cache-');
  const out = tempDir('hazsim-basemap-out-');
  const cli = (args: string[]) => {
    const result = runCli([...args, '--cache-dir', cache]);
    assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    return result;
  };
  cli(['upload', EXAMPLE_FEEDER, '--name', 'feeder']);
  cli(['upload', exampleHazard('hurricane'), '--kind', 'hazard', '--name', 'hurricane']);
  cli(['simulate', 'feeder', 'hurricane', '-o', path.join(out, 'run.sqlite')]);
  const report = path.join(out, 'run.html');
  const summary = json(cli(['report', path.join(out, 'run.sqlite'), '-o', report, '--json']));
  const data = readReportData(fs.readFileSync(report, 'utf8'));
  assert.equal(
    data.basemap.map((layer) => layer.kind),
    ['county', 'state', 'coast'],
  );
  console.log(`report with basemap: ${summary.size_bytes} bytes`);
  if (!fs.existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`${CHROMIUM} is absent; CI must check the report in a browser (apt-get install chromium)`);
    console.log(`NOTICE: ${CHROMIUM} is absent; the basemap is not checked in a browser`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } });
    const tab = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    tab.on('request', (request) => requests.push(request.url()));
    tab.on('pageerror', (error) => errors.push(String(error)));
    const url = `file://${report}`;
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    // Zoomed out to the hazard, every kind of outline is in view: one SVG path each, under the hazard (400) and the assets (450).
    await tab.locator('#view-hazard').click();
    const paths = await tab
      .locator('.leaflet-basemap-pane path')
      .evaluateAll((nodes) =>
        nodes.map((node: any) => ({ kind: node.getAttribute('class') as string | null, length: ((node.getAttribute('d') as string | null) ?? '').length })),
      );
    assert.equal(paths.map((p) => /basemap-(\w+)/.exec(p.kind ?? '')?.[1]).sort(), ['coast', 'county', 'state']);
    assert.ok(
      paths.every((p) => p.length > 100),
      JSON.stringify(paths),
    );
    const zIndex = await tab.locator('.leaflet-basemap-pane').evaluate((node) => Number((globalThis as any).getComputedStyle(node).zIndex));
    assert.ok(zIndex < 400, `the basemap pane (z-index ${zIndex}) is under the hazard and the feeder`);
    // The outlines change the map's pixels: a screenshot with the pane shown differs from one with it hidden.
    const shown = await tab.locator('#map').screenshot();
    await tab.locator('.leaflet-basemap-pane').evaluate((node) => ((node as any).style.display = 'none'));
    const hidden = await tab.locator('#map').screenshot();
    const checker = await context.newPage();
    const differing = await checker.evaluate(
      async (sources) => {
        // Runs in the browser (no named inner functions: the test's compiler would wrap them in a helper the page lacks).
        const browserGlobal = globalThis as any;
        const decoded: Uint8ClampedArray[] = [];
        for (const source of sources) {
          const image = new browserGlobal.Image();
          image.src = source;
          await image.decode();
          const canvas = browserGlobal.document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context2d = canvas.getContext('2d');
          context2d.drawImage(image, 0, 0);
          decoded.push(context2d.getImageData(0, 0, image.width, image.height).data);
        }
        const [first, second] = decoded;
        let count = 0;
        for (let i = 0; i < first.length; i += 4)
          if (Math.abs(first[i] - second[i]) + Math.abs(first[i + 1] - second[i + 1]) + Math.abs(first[i + 2] - second[i + 2]) > 30) count += 1;
        return count;
      },
      [`data:image/png;base64,${shown.toString('base64')}`, `data:image/png;base64,${hidden.toString('base64')}`],
    );
    assert.ok(differing > 1000, `the outlines colour ${differing} pixels of the map`);
    console.log(`basemap: ${differing} map pixels drawn by the outlines`);
    assert.equal(errors, []);
    assert.equal(
      requests.filter((request) => request !== url),
      [],
    );
    await context.close();
  } finally {
    await browser.close();
  }
});

page.run();
