import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';
import {
  DIFFERENCE_CLASSES,
  differenceClass,
  PEAK_FRACTION_CLASSES,
  peakFractionClass,
  projectOutlines,
  readReportData,
  type HindcastPayload,
} from '../../src/domain/report/index.js';

/**
 * The hindcast's page (docs/report.md, "Hindcast page"): colour classes and the projection
 * worked by hand; a hand-written answer with a hostile county name opened in headless Chromium
 * with the network off (fills by county, one scatter point per observed county, names as text,
 * no request, no script error); and a real hindcast over two counties whose page is the same
 * whether written by `hazsim hindcast --report` or by `hazsim report` from the saved answer.
 */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const classes = suite('hindcast map classes and projection');

classes('peak fraction: upper bounds 10, 25, 50, 75 % in their class, so exactly 50 % is not hard hit (the metric counts > 50 %)', () => {
  const cases: [number | null, number][] = [
    [0, 0],
    [0.1, 0],
    [0.1001, 1],
    [0.25, 1],
    [0.5, 2],
    [0.5001, 3],
    [0.75, 3],
    [0.7501, 4],
    [1, 4],
    [null, -1],
  ];
  for (const [fraction, expected] of cases) assert.is(peakFractionClass(fraction), expected, `fraction ${fraction}`);
});

classes('difference: symmetric about zero, ±10 points neutral, bounds in the class nearer zero', () => {
  const cases: [number | null, number][] = [
    [0, 3],
    [0.1, 3],
    [-0.1, 3],
    [0.1001, 4],
    [-0.25, 2],
    [-0.3, 1],
    [0.3, 5],
    [0.5, 5],
    [0.6, 6],
    [-0.6, 0],
    [-1, 0],
    [null, -1],
  ];
  for (const [difference, expected] of cases) assert.is(differenceClass(difference), expected, `difference ${difference}`);
});

classes('colours are ColorBrewer YlOrRd 5 and RdBu 7 reversed (colorbrewer2.org)', () => {
  assert.equal(
    PEAK_FRACTION_CLASSES.map((entry) => entry.colour),
    ['#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'],
  );
  // RdBu 7 as published, red end first: b2182b ef8a62 fddbc7 f7f7f7 d1e5f0 67a9cf 2166ac; reversed here so under-prediction is blue.
  assert.equal(
    DIFFERENCE_CLASSES.map((entry) => entry.colour),
    ['#2166ac', '#67a9cf', '#d1e5f0', '#f7f7f7', '#fddbc7', '#ef8a62', '#b2182b'],
  );
});

classes('projection: longitude scaled by the cosine of the middle latitude, north up, 4 units of padding on 600', () => {
  // A 1° square on the equator: cos 0.5° ≈ 0.99996, so 592 units each way plus padding.
  const equator = projectOutlines([
    [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
  ]);
  assert.equal([equator.width, equator.height], [600, 600]);
  assert.is(equator.paths[0], 'M4 596L596 596L596 4L4 4Z');
  // 2° of longitude by 1° of latitude about 60° N: cos 60° = 0.5, so again a square.
  const north = projectOutlines([
    [
      [
        [0, 59.5],
        [2, 59.5],
        [2, 60.5],
        [0, 60.5],
      ],
    ],
    [],
  ]);
  assert.is(north.height, 600);
  assert.is(north.paths[0], 'M4 596L596 596L596 4L4 4Z');
  assert.is(north.paths[1], '', 'an outline without rings draws nothing');
});

classes.run();

/** A hindcast's answer written by hand: three North Carolina counties with observed values, one without, and a hostile name. */
const HOSTILE = `<img src=x onerror="window.__xss='name'"><script>window.__xss='script'</script>"'&`;
const county = (fips: string, name: string, customers: number, predicted: number, observed: number | null) => ({
  fips,
  name,
  customers,
  predicted_peak_fraction: predicted,
  observed_peak_fraction: observed,
  peak_fraction_difference: observed === null ? null : predicted - observed,
  predicted_peak_time: '2018-09-14T12:00:00Z',
  observed_peak_time: null,
  predicted_customer_hours: predicted * customers * 10,
  observed_customer_hours: observed === null ? null : observed * customers * 5,
  predicted_hours_per_customer: predicted * 10,
  observed_hours_per_customer: observed === null ? null : observed * 5,
});
const ANSWER = {
  status: 'success',
  message: 'Hindcast of nc under florence: 3 of 4 counties compared',
  territory_name: 'nc',
  hazard_system_name: HOSTILE,
  curve_set: 'default',
  number_of_samples: 20,
  seed: 0,
  observed_format: 'county_table',
  counties: [
    county('37019', 'Brunswick', 60000, 0.05, 0.6),
    county('37031', `${HOSTILE}Carteret`, 40000, 0.8, 0.5),
    county('37129', 'New Hanover', 120000, 0.2, 0.15),
    county('37183', 'Wake', 500000, 0.3, null),
  ],
  metrics: {
    counties_compared: 3,
    bias: -0.0667,
    median_absolute_error: 0.3,
    spearman: 0.5,
    hard_hit: { threshold: 0.5, observed: 1, predicted: 1, hits: 0, false_alarms: 1, hit_rate: 0 },
    territory: {
      customers: 720000,
      predicted_peak_customers: 200000,
      predicted_peak_time: '2018-09-14T12:00:00Z',
      observed_peak_customers: null,
      observed_peak_time: null,
      predicted_customer_hours: 4000,
      observed_customer_hours: null,
    },
  },
};
/** The fill each county must get, from the values above and the class bounds (ColorBrewer colours). */
const EXPECTED_FILLS: Record<string, Record<string, string>> = {
  predicted: { '37019': '#ffffb2', '37031': '#bd0026', '37129': '#fecc5c', '37183': '#fd8d3c' },
  observed: { '37019': '#f03b20', '37031': '#fd8d3c', '37129': '#fecc5c', '37183': '#d9d9d9' },
  difference: { '37019': '#2166ac', '37031': '#ef8a62', '37129': '#f7f7f7', '37183': '#d9d9d9' },
};
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

const page = suite('the hindcast page in headless Chromium, offline');

page('hazsim report <answer.json>: three maps filled by class, one scatter point per observed county, names as text, no request', async () => {
  const cache = tempDir('hazsim-hindpage-cache-');
  const out = tempDir('hazsim-hindpage-out-');
  try {
    const answerPath = path.join(out, 'nc.json');
    fs.writeFileSync(answerPath, JSON.stringify(ANSWER));
    const run = runCli(['report', answerPath, '--json', '--cache-dir', cache]);
    assert.is(run.code, 0, run.stderr);
    const summary = json(run);
    const report = path.join(out, 'nc_report.html');
    assert.is(summary.file_path, report, 'without -o the page goes beside the answer');
    assert.equal([summary.counties_drawn, summary.counties_compared], [4, 3]);
    const html = fs.readFileSync(report, 'utf8');
    assert.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1], /default-src 'none'.*connect-src 'none'/);
    assert.not.match(html, /<img/, 'the hostile name is not markup anywhere in the file');
    assert.ok(readReportData<HindcastPayload>(html).map.state.length > 1000, 'the state outline is in the data');
    if (!fs.existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is absent; CI must check the hindcast page in a browser`);
      skipTest(`${CHROMIUM} is absent (the hindcast page's browser check)`);
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

      for (const [map, fills] of Object.entries(EXPECTED_FILLS)) {
        const drawn = await tab.locator(`#map-${map} path.county`).evaluateAll((nodes) =>
          nodes.map((node: any) => ({
            fips: node.getAttribute('data-fips') as string,
            fill: node.getAttribute('fill') as string,
            painted: (globalThis as any).getComputedStyle(node).fill as string,
            className: node.getAttribute('class') as string,
            length: (node.getAttribute('d') as string).length,
          })),
        );
        assert.equal(drawn.map((path) => path.fips).sort(), Object.keys(fills).sort(), `${map}: one path per county`);
        for (const path of drawn) {
          assert.is(path.fill, fills[path.fips], `${map} ${path.fips}`);
          assert.is(path.painted, rgb(fills[path.fips]), `${map} ${path.fips} is painted in its class colour`);
          assert.match(path.className, /^county county-class--?\d$/);
          assert.ok(path.length > 50, `${map} ${path.fips} has an outline`);
        }
        assert.is(await tab.locator(`#map-${map} path.state-outline`).count(), 1);
      }
      // Geography: Wake (inland) lies north-west of Carteret (the coast), Brunswick south of both.
      const centre = async (fips: string) => {
        const box = (await tab.locator(`#map-predicted path[data-fips="${fips}"]`).boundingBox())!;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      };
      const [wake, carteret, brunswick] = [await centre('37183'), await centre('37031'), await centre('37019')];
      assert.ok(wake.x < carteret.x && wake.y < carteret.y && brunswick.y > wake.y && brunswick.y > carteret.y, JSON.stringify({ wake, carteret, brunswick }));

      // The scatter: one point per county with an observed value; Carteret (observed 50 %) sits on the 50 % line.
      const points = await tab
        .locator('#scatter-plot circle.scatter-point')
        .evaluateAll((nodes) =>
          nodes.map((node: any) => ({ fips: node.getAttribute('data-fips'), cx: Number(node.getAttribute('cx')), cy: Number(node.getAttribute('cy')) })),
        );
      assert.equal(points.map((point) => point.fips).sort(), ['37019', '37031', '37129']);
      const verticalThreshold = await tab.locator('#scatter-plot line.threshold').first().getAttribute('x1');
      assert.is(points.find((point) => point.fips === '37031')!.cx, Number(verticalThreshold));
      const byFips = Object.fromEntries(points.map((point) => [point.fips, point]));
      assert.ok(byFips['37031'].cy < byFips['37129'].cy && byFips['37129'].cy < byFips['37019'].cy, 'higher predicted is higher on the plot');
      assert.is(await tab.locator('#scatter-plot line.one-to-one').count(), 1);
      const labels = await tab.locator('#scatter-plot text.axis-label').allTextContents();
      assert.equal(labels, ['observed peak fraction out', 'predicted peak fraction out']);
      const metrics = await tab.locator('#scatter table').innerText();
      for (const expected of [/bias.*−6\.7 points/, /median absolute error.*30\.0 points/, /Spearman.*0\.500/, /hit rate.*0\.0 %/])
        assert.match(metrics, expected);

      // The hostile name is text: in the tooltip, the table and the title, and nothing of it ran.
      const tooltip = await tab.locator('#map-observed path[data-fips="37031"] title').textContent();
      assert.ok(tooltip!.startsWith(`${HOSTILE}Carteret (37031): predicted 80.0 %, observed 50.0 %, difference +30.0 points`), tooltip!);
      assert.ok((await tab.locator('#counties').innerText()).includes(HOSTILE));
      assert.ok((await tab.title()).includes(HOSTILE));
      assert.is(await tab.evaluate(() => (globalThis as any).__xss), undefined);
      assert.is(await tab.locator('img').count(), 0);

      assert.equal(errors, []);
      assert.equal(
        requests.filter((request) => request !== url),
        [],
      );
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
});

page('refused: an answer that is not a hindcast, JSON that is not JSON, run options with an answer', () => {
  const cache = tempDir('hazsim-hindpage-cache-');
  const out = tempDir('hazsim-hindpage-out-');
  try {
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(out, name), text);
      return path.join(out, name);
    };
    const { metrics: _metrics, ...withoutMetrics } = ANSWER;
    let run = runCli(['report', file('partial.json', JSON.stringify(withoutMetrics)), '--cache-dir', cache]);
    assert.is(run.code, 5, run.stderr);
    assert.match(run.stderr, /hindcast answer/);
    assert.match(run.stderr, /metrics/);
    run = runCli(['report', file('broken.json', '{"status": '), '--cache-dir', cache]);
    assert.is(run.code, 5, run.stderr);
    assert.match(run.stderr, /broken\.json is not valid JSON/);
    run = runCli(['report', file('nc.json', JSON.stringify(ANSWER)), '--impact', 'impact.sqlite', '--cache-dir', cache]);
    assert.is(run.code, 2, run.stderr);
    assert.match(run.stderr, /--scenarios and --impact belong to a simulation result/);
    run = runCli(['report', path.join(out, 'missing.json'), '--cache-dir', cache]);
    assert.is(run.code, 3, run.stderr);
    assert.equal(
      fs.readdirSync(out).filter((name) => name.endsWith('.html')),
      [],
      'nothing is written when the answer is refused',
    );
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
});

page('a real hindcast over two counties: hindcast --report and report <saved answer> write the same page', () => {
  const cache = tempDir('hazsim-hindpage-cache-');
  const out = tempDir('hazsim-hindpage-out-');
  try {
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(out, name), text);
      return path.join(out, name);
    };
    const cli = (args: string[]) => {
      const result = runCli([...args, '--cache-dir', cache]);
      assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      return result;
    };
    // Charleston (45019) and Berkeley (45015), SC, under the bundled hurricane, one feeder copy each (as test/territory/territoryCli.test.ts).
    cli(['upload', path.join(EXAMPLES, 'hazards/hurricane.json')]);
    const customers = file('customers.csv', 'County_FIPS,Customers\n45019,4500\n45015,1200\n');
    cli(['territory', 'build', 'sc', '--counties', '45019,45015', '--customers', customers, '--customers-per-copy', '5000']);
    const observed = file('observed.csv', 'geoid,max_pct_out,avg_customer_hrs_out\n45019,0.9,40\n45015,0.2,5\n');
    const direct = path.join(out, 'direct.html');
    const answer = json(cli(['hindcast', 'sc', 'hurricane', '--observed', observed, '-n', '2', '--seed', '1', '--report', direct, '--json']));
    const saved = file('sc.json', JSON.stringify(answer));
    const again = path.join(out, 'again.html');
    cli(['report', saved, '-o', again]);
    assert.ok(fs.readFileSync(direct).equals(fs.readFileSync(again)), 'the same answer gives the same page');
    const data = readReportData<HindcastPayload>(fs.readFileSync(direct, 'utf8'));
    assert.equal(
      data.map.counties.map((drawn) => [drawn.fips, drawn.name]),
      [
        ['45015', 'Berkeley'],
        ['45019', 'Charleston'],
      ],
    );
    assert.equal(data.choropleths.find((map) => map.id === 'observed')!.fills, ['#fecc5c', '#bd0026'], 'observed 20 % and 90 %');
    assert.equal(
      data.choropleths.find((map) => map.id === 'predicted')!.classes,
      answer.counties.map((row: any) => peakFractionClass(row.predicted_peak_fraction)),
    );
    assert.is(data.scatter.length, 2);
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
});

page.run();
