import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import '../../src/app/startup/hazardModules.js';
import type { UsedCurve } from '../../src/domain/report/index.js';
import {
  buildReportPayload,
  curvePlots,
  hazardOverlays,
  keptTimestampIndices,
  percentile,
  readReportData,
  renderReportHtml,
} from '../../src/domain/report/index.js';
import type { HazardEntry } from '../../src/domain/hazards/types.js';

/**
 * The report's data, checked against values worked by hand: timestamp thinning, numpy's
 * default percentile, quantized failure probabilities and expected failures of a 2-asset
 * run, the map overlays of hand-built hazard models, a lognormal curve at its median, and
 * the page's escaping of hostile names.
 */
const test = suite('report payload');

const bytes = (base64: string) => [...Buffer.from(base64, 'base64')];

test('timestamps are thinned evenly, first and last kept, only when the page would be too large', () => {
  assert.equal(keptTimestampIndices(24, 10), [...Array(24).keys()]);
  // 1,500,000 cells / 100,000 assets = 15 timestamps of 24: round(i · 23 / 14).
  const kept = keptTimestampIndices(24, 100_000);
  assert.equal(kept, [0, 2, 3, 5, 7, 8, 10, 12, 13, 15, 16, 18, 20, 21, 23]);
  assert.equal(keptTimestampIndices(24, 10_000_000), [0, 23]);
});

test('percentiles interpolate between order statistics like numpy.percentile', () => {
  // numpy.percentile([1, 2, 3, 4], [10, 50, 90]) = [1.3, 2.5, 3.7]
  assert.ok(Math.abs(percentile([1, 2, 3, 4], 10) - 1.3) < 1e-12);
  assert.is(percentile([1, 2, 3, 4], 50), 2.5);
  assert.ok(Math.abs(percentile([1, 2, 3, 4], 90) - 3.7) < 1e-12);
  assert.is(percentile([7], 90), 7);
});

const twoAssets = () =>
  buildReportPayload({
    runInfo: { distribution_name: 'feeder', hazard_name: 'storm', warnings: '["something to know"]', curve_set: 'DEFAULT_CURVES' },
    timestamps: ['2022-01-01T00:00:00', '2022-01-01T01:00:00'],
    assets: {
      name: ['pole 1', 'line 1'],
      assetType: ['distribution_poles', 'distribution_overhead_lines'],
      longitude: Float64Array.of(-80, -80.01),
      latitude: Float64Array.of(32, 32.01),
      routes: [null, [-80, 32, -80.02, 32.02]],
    },
    // asset-major: pole 1 at t0, t1; line 1 at t0, t1
    survival: Float64Array.of(1, 0.5, 0.8, 0.2),
    peaks: new Map([['wind_speed', Float64Array.of(30, 45)]]),
    curves: [],
    hazardEntries: [],
    scenarios: { failuresPerSample: [0, 2, 1, 1], metadata: { seed: '42' } },
    notes: [],
  });

test('failure probabilities are quantized to 1/250, timestamp-major; expected failures and the worst assets follow the survivals', () => {
  const payload = twoAssets();
  // t0: 1 − 1 = 0 and 1 − 0.8 = 0.2 (50/250); t1: 0.5 (125/250) and 0.8 (200/250).
  assert.equal(bytes(payload.failure), [0, 50, 125, 200]);
  assert.equal(
    payload.expectedFailures.values.map((value) => Number(value.toFixed(12))),
    [0.2, 1.3],
  );
  assert.equal(
    payload.worst.map((row) => [row.name, row.lowestSurvival]),
    [
      ['line 1', 0.2],
      ['pole 1', 0.5],
    ],
  );
  assert.equal(payload.worst[0].peaks, { wind_speed: 45 });
  assert.equal(payload.warnings, ['something to know']);
  assert.equal(payload.title, 'feeder under storm');
  // The route goes in as [lat, lon] pairs (Leaflet's order) for asset 1, starting at pair 0, 2 pairs.
  assert.equal([...new Int32Array(new Uint8Array(Buffer.from(payload.assets.routeIndex, 'base64')).buffer)], [1, 0, 2]);
  const route = new Float32Array(new Uint8Array(Buffer.from(payload.assets.routeCoordinates, 'base64')).buffer);
  assert.equal([...route], [Math.fround(32), Math.fround(-80), Math.fround(32.02), Math.fround(-80.02)]);
});

test('scenario statistics: mean, P10/P50/P90 and the histogram of failures per sample', () => {
  const { scenarios } = twoAssets();
  assert.is(scenarios!.samples, 4);
  assert.is(scenarios!.mean, 1);
  // sorted [0, 1, 1, 2]: P10 = 0 + 0.3 · 1 = 0.3, P50 = 1, P90 = 1 + 0.7 · 1 = 1.7
  assert.ok(Math.abs(scenarios!.percentiles.p10 - 0.3) < 1e-12);
  assert.is(scenarios!.percentiles.p50, 1);
  assert.ok(Math.abs(scenarios!.percentiles.p90 - 1.7) < 1e-12);
  assert.equal(scenarios!.histogram, { failures: [0, 1, 2], samples: [1, 2, 1] });
});

test('overlays: wind centres become points, radius circles and a track; flood areas become polygons in [lat, lon]', () => {
  const wind = (timestamp: string, longitude: number) =>
    ({
      type: 'wind',
      name: 'ian',
      timestamp,
      declaredType: 'wind',
      center: { longitude, latitude: 30 },
      maxWindSpeedMs: 50,
      radiusOfMaxWindM: 30_000,
      radiusOfClosestIsobarM: 300_000,
    }) as HazardEntry;
  const flood = {
    type: 'flood',
    name: 'surge',
    timestamp: '2022-01-01T02:00:00',
    declaredType: 'flood',
    areas: [
      { name: 'a1', geometry: { polygons: [{ rings: [Float64Array.of(-80, 32, -79, 32, -79, 33, -80, 32)] }], bbox: [-80, 32, -79, 33] }, waterDepthM: 1 },
    ],
  } as unknown as HazardEntry;
  const overlays = hazardOverlays([wind('2022-01-01T00:00:00', -81), wind('2022-01-01T01:00:00', -80), flood]);
  assert.is(overlays.filter((overlay) => overlay.kind === 'point').length, 2);
  const circles = overlays.filter((overlay) => overlay.kind === 'circle');
  assert.equal(
    circles.map((circle) => (circle.kind === 'circle' ? circle.radiusM : 0)).sort((a, b) => a - b),
    [30_000, 30_000, 300_000, 300_000],
  );
  const track = overlays.find((overlay) => overlay.kind === 'track');
  assert.equal(track && track.kind === 'track' ? track.positions : null, [
    [30, -81],
    [30, -80],
  ]);
  const polygon = overlays.find((overlay) => overlay.kind === 'polygon');
  assert.equal(polygon && polygon.kind === 'polygon' ? polygon.rings[0] : null, [
    [32, -80],
    [32, -79],
    [33, -79],
    [32, -80],
  ]);
});

/** A pole's wind curve with one lognormal limit state, median 40 m/s, β 0.2. */
const POLE_WIND_CURVE: UsedCurve = {
  asset_type: 'distribution_poles',
  quantity: 'wind_speed',
  curve_set: 'mine',
  definition: {
    quantity: 'wind_speed',
    units: 'meter / second',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: 40, beta: 0.2 } }],
    out_of_service: 'failure',
  },
};

test('a lognormal curve plots 0.5 at its median and marks the assets on it', () => {
  const [plot] = curvePlots([POLE_WIND_CURVE], ['distribution_poles', 'substation'], new Map([['wind_speed', Float64Array.of(40, 90)]]));
  // Only the pole is of the curve's type; Φ(ln(40/40)/0.2) = 0.5.
  assert.equal(plot.seen, [[40, 0.5]]);
  assert.is(plot.unit, 'meter / second');
  assert.is(plot.failure[0], 0);
  assert.ok(plot.failure[plot.failure.length - 1] >= 0.99, 'the range reaches where the curve saturates');
  // Every plotted point is Φ(ln(x/40)/0.2), checked at x = 48: Φ(0.9116) = 0.81901 (scipy.stats.norm.cdf).
  const payload = curvePlots([POLE_WIND_CURVE], ['distribution_poles'], new Map([['wind_speed', Float64Array.of(48)]]))[0];
  assert.ok(Math.abs(payload.seen[0][1] - 0.819) < 5e-4);
});

test('every limit state is plotted, each 0.5 at its own median; the marks follow the out-of-service one', () => {
  // Two limit states with medians 0.2 g and 0.4 g (β 0.6), out of service at the second: at its median each reaches 0.5.
  const [plot] = curvePlots(
    [
      {
        asset_type: 'substation',
        quantity: 'pga',
        curve_set: 'mine',
        definition: {
          quantity: 'pga',
          units: 'standard_gravity',
          applies_to: 'asset',
          limit_states: [
            { name: 'moderate', form: 'lognormal', parameters: { median: 0.2, beta: 0.6 } },
            { name: 'extensive', form: 'lognormal', parameters: { median: 0.4, beta: 0.6 } },
          ],
          out_of_service: 'extensive',
        },
      },
    ],
    ['substation'],
    new Map([['pga', Float64Array.of(0.4 * 9.80665)]]),
  );
  assert.equal(
    plot.limitStates.map((limitState) => limitState.name),
    ['moderate', 'extensive'],
  );
  assert.is(plot.outOfService, 'extensive');
  assert.equal(plot.limitStates[1].probability, plot.failure);
  assert.equal(plot.seen, [[Number((0.4 * 9.80665).toPrecision(4)), 0.5]]);
  // At 0.4 g the moderate state is Φ(ln 2 / 0.6) = Φ(1.1552) = 0.87601 (scipy.stats.norm.cdf): above the extensive one everywhere.
  for (let i = 0; i < plot.x.length; i += 1) assert.ok(plot.limitStates[0].probability[i] >= plot.limitStates[1].probability[i]);
});

test('the page carries a hostile asset name safely and inlines every script and style', () => {
  const payload = twoAssets();
  payload.assets.names[0] = '</script><script>alert(1)</script>';
  const html = renderReportHtml(payload, {
    scripts: ['var a = "</script>";'],
    styles: ['.x { background: url(images/layers.png) } .y { background: url(data:image/png;base64,AAAA) }'],
  });
  assert.not.ok(html.includes('alert(1)'), 'the data is compressed base64: a name cannot open a script');
  assert.is(readReportData(html).assets.names[0], '</script><script>alert(1)</script>');
  assert.equal(readReportData(html).worst, payload.worst);
  assert.ok(html.includes('var a = "<\\/script>";'));
  assert.ok(html.includes('.x { background: none }'), 'a url to a file beside the page is removed');
  assert.ok(html.includes('url(data:image/png;base64,AAAA)'), 'data URLs stay');
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
});

test.run();
