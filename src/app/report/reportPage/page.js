// The report page's own script: reads the JSON in #report-data and draws the map (Leaflet,
// with one canvas layer for the assets so 100,000 of them pan smoothly), the charts (uPlot)
// and the tables. Runs from file:// with no network: every library is inlined before it.
/* global drawBasemap, element, pageNotes, table */
(async function () {
  'use strict';
  // The data is gzip-compressed JSON in base64; the browser inflates it itself (no request is made).
  const packed = document.getElementById('report-data');
  const compressed = Uint8Array.from(atob(packed.textContent), (char) => char.charCodeAt(0));
  const data = JSON.parse(await new Response(new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'))).text());

  function decode(text, Type) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new Type(bytes.buffer);
  }
  // Leaflet puts a string tooltip in as HTML: names from the hazard file would be markup. A text node never is.
  function tooltipText(text) {
    return element('span', {}, [text]);
  }
  function formatNumber(value) {
    if (!Number.isFinite(value)) return '–';
    return Math.abs(value) >= 1000 || (Math.abs(value) < 0.01 && value !== 0) ? value.toPrecision(3) : String(Number(value.toPrecision(4)));
  }
  function section(id, title, children) {
    const node = element('section', { id }, [element('h2', {}, [title]), ...children]);
    document.getElementById('report').append(node);
    return node;
  }

  // Every time in the results is UTC (ISO 8601 without zone): shown as such, never in the viewer's zone.
  const utcLabel = (timestamp) => (timestamp ? `${timestamp.replace('T', ' ').slice(0, 16)} UTC` : '');
  const utcDate = (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');
  // Legends name the series only (no value boxes that read "--"), each marker filled with its line's colour.
  const LEGEND = { live: false, markers: { fill: (chart, index) => chart.series[index].stroke(chart, index) } };

  // Failure probability 0..1 to a colour: green, yellow, red (ColorBrewer RdYlGn, reversed).
  const STOPS = [
    [0, [26, 152, 80]],
    [0.25, [145, 207, 96]],
    [0.5, [254, 224, 139]],
    [0.75, [252, 141, 89]],
    [1, [215, 48, 39]],
  ];
  function colourOf(probability) {
    for (let i = 1; i < STOPS.length; i += 1) {
      const [upper, high] = STOPS[i];
      const [lower, low] = STOPS[i - 1];
      if (probability <= upper) {
        const f = (probability - lower) / (upper - lower);
        return `rgb(${low.map((channel, k) => Math.round(channel + f * (high[k] - channel))).join(',')})`;
      }
    }
    return 'rgb(215,48,39)';
  }
  const PALETTE = Array.from({ length: 251 }, (_, step) => colourOf(step / 250));

  document.body.append(element('main', { id: 'report' }));
  document.getElementById('report').append(element('h1', {}, [`hazsim report: ${data.title}`]));

  // ---- Map -------------------------------------------------------------------------------
  const count = data.assets.count;
  const coordinates = decode(data.assets.coordinates, Float32Array);
  const typeIndex = decode(data.assets.typeIndex, Uint8Array);
  const routeCoordinates = decode(data.assets.routeCoordinates, Float32Array);
  const routeIndex = decode(data.assets.routeIndex, Int32Array);
  const failure = decode(data.failure, Uint8Array);
  const peaks = data.peaks.map((peak) => ({ ...peak, values: decode(peak.values, Float32Array) }));
  const routed = new Uint8Array(count);
  for (let i = 0; i < routeIndex.length; i += 3) routed[routeIndex[i]] = 1;

  const slider = element('input', {
    type: 'range',
    min: '0',
    max: String(Math.max(0, data.timestamps.length - 1)),
    value: String(Math.max(0, data.timestamps.length - 1)),
    id: 'time',
  });
  const timeLabel = element('output', { id: 'time-label' });
  const legend = element('div', { class: 'legend' }, [
    element('span', {}, ['failure probability 0']),
    element('span', { class: 'ramp' }),
    element('span', {}, ['1']),
  ]);
  const hover = element('div', { id: 'hover', hidden: '' });
  const showFeeder = element('button', { type: 'button', id: 'view-feeder' }, ['feeder']);
  const showHazard = element('button', { type: 'button', id: 'view-hazard' }, ['feeder and hazard']);
  const mapNode = element('div', { id: 'map' });
  section('map-section', 'Map', [
    element('div', { class: 'controls' }, [
      element('label', { for: 'time' }, ['Time (UTC) ']),
      slider,
      timeLabel,
      legend,
      element('span', {}, ['View: ', showFeeder, ' ', showHazard]),
    ]),
    element('div', { class: 'map-wrap' }, [mapNode, hover]),
    element('p', { class: 'hint' }, [
      "Lines are drawn along their route, point assets as dots, coloured by failure probability at the chosen time. A line is judged over its structures and spans, each curve once per what it stands for (a circuit, a span, a structure, a kilometre). A dashed line is the hazard's track (a storm centre over time); markers, circles and areas show its models at the chosen time. Grey lines are county and state borders (US Census Bureau) and the coast and national borders (US Census Bureau in the USA, Natural Earth elsewhere), carried in the file: it makes no request.",
    ]),
  ]);

  const map = L.map(mapNode, { zoomAnimation: false, attributionControl: false, preferCanvas: true });
  map.createPane('assets').style.zIndex = 450;
  map.getPane('assets').style.pointerEvents = 'none';
  L.control.scale({ position: 'bottomleft', maxWidth: 160 }).addTo(map);
  drawBasemap(map, data.basemap || []);
  let timeSlot = Number(slider.value);

  const screenX = new Float32Array(count);
  const screenY = new Float32Array(count);
  const routeScreen = new Float32Array(routeCoordinates.length);
  const visible = new Uint8Array(count);
  let grid = new Map();
  const CELL = 16;
  const cellKey = (cellX, cellY) => cellX * 100003 + cellY;

  // Projection happens when the view changes; a slider step only repaints. Assets are painted
  // one colour at a time (one path per colour), the likeliest failures last, on top.
  const AssetLayer = L.Layer.extend({
    onAdd(target) {
      this.canvas = L.DomUtil.create('canvas', 'asset-canvas');
      target.getPane('assets').append(this.canvas);
      target.on('moveend zoomend resize viewreset', this.project, this);
      this.project();
    },
    onRemove(target) {
      this.canvas.remove();
      target.off('moveend zoomend resize viewreset', this.project, this);
    },
    project() {
      const size = map.getSize();
      this.size = size;
      grid = new Map();
      for (let a = 0; a < count; a += 1) {
        const point = map.latLngToContainerPoint([coordinates[2 * a], coordinates[2 * a + 1]]);
        screenX[a] = point.x;
        screenY[a] = point.y;
        visible[a] = point.x >= -CELL && point.y >= -CELL && point.x <= size.x + CELL && point.y <= size.y + CELL ? 1 : 0;
        if (!visible[a]) continue;
        const key = cellKey(Math.floor(point.x / CELL), Math.floor(point.y / CELL));
        const cell = grid.get(key);
        if (cell) cell.push(a);
        else grid.set(key, [a]);
      }
      for (let i = 0; i < routeCoordinates.length; i += 2) {
        const point = map.latLngToContainerPoint([routeCoordinates[i], routeCoordinates[i + 1]]);
        routeScreen[i] = point.x;
        routeScreen[i + 1] = point.y;
      }
      this.paint();
    },
    paint() {
      const size = this.size;
      const ratio = window.devicePixelRatio || 1;
      const canvas = this.canvas;
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
      const context = canvas.getContext('2d');
      context.scale(ratio, ratio);
      const offset = timeSlot * count;
      const routesByColour = Array.from({ length: PALETTE.length }, () => []);
      for (let i = 0; i < routeIndex.length; i += 3) routesByColour[failure[offset + routeIndex[i]]].push(i);
      const pointsByColour = Array.from({ length: PALETTE.length }, () => []);
      for (let a = 0; a < count; a += 1) if (!routed[a] && visible[a]) pointsByColour[failure[offset + a]].push(a);
      context.lineWidth = 2;
      routesByColour.forEach((routes, colour) => {
        if (routes.length === 0) return;
        context.strokeStyle = PALETTE[colour];
        context.beginPath();
        for (const i of routes) {
          const first = routeIndex[i + 1];
          for (let k = 0; k < routeIndex[i + 2]; k += 1) {
            const x = routeScreen[2 * (first + k)];
            const y = routeScreen[2 * (first + k) + 1];
            if (k === 0) context.moveTo(x, y);
            else context.lineTo(x, y);
          }
        }
        context.stroke();
      });
      pointsByColour.forEach((points, colour) => {
        if (points.length === 0) return;
        context.fillStyle = PALETTE[colour];
        context.beginPath();
        for (const a of points) {
          context.moveTo(screenX[a] + 3, screenY[a]);
          context.arc(screenX[a], screenY[a], 3, 0, 2 * Math.PI);
        }
        context.fill();
      });
    },
  });
  const assetLayer = new AssetLayer();
  assetLayer.addTo(map);

  // Hazard footprint: tracks always; points, circles and polygons of the latest model time at or before the chosen time.
  const overlayLayer = L.layerGroup().addTo(map);
  const overlayTimes = [...new Set(data.overlays.filter((overlay) => overlay.timestamp).map((overlay) => overlay.timestamp))].sort();
  function drawOverlays() {
    overlayLayer.clearLayers();
    const now = data.timestamps[timeSlot];
    const eligible = overlayTimes.filter((time) => time <= now);
    const active = eligible.length > 0 ? eligible[eligible.length - 1] : overlayTimes[0];
    const style = { color: '#3b4cc0', weight: 2, fillOpacity: 0.12 };
    for (const overlay of data.overlays) {
      if (overlay.kind === 'track')
        L.polyline(overlay.positions, { color: '#333', weight: 2.5, dashArray: '6 4' }).bindTooltip(tooltipText(overlay.label)).addTo(overlayLayer);
      else if (overlay.timestamp !== active) continue;
      else if (overlay.kind === 'polygon') L.polygon(overlay.rings, style).bindTooltip(tooltipText(overlay.label)).addTo(overlayLayer);
      else if (overlay.kind === 'circle')
        L.circle(overlay.position, { ...style, radius: overlay.radiusM, fill: false })
          .bindTooltip(tooltipText(overlay.label))
          .addTo(overlayLayer);
      else
        L.circleMarker(overlay.position, { ...style, radius: 6, fillOpacity: 0.8 })
          .bindTooltip(tooltipText(overlay.label))
          .addTo(overlayLayer);
    }
  }

  // The hazard's extent: every overlay position, circles by their radius.
  const hazardBounds = L.latLngBounds(data.bounds);
  for (const overlay of data.overlays) {
    if (overlay.kind === 'track') overlay.positions.forEach((position) => hazardBounds.extend(position));
    else if (overlay.kind === 'polygon') overlay.rings.forEach((ring) => ring.forEach((position) => hazardBounds.extend(position)));
    else if (overlay.kind === 'circle') hazardBounds.extend(L.latLng(overlay.position).toBounds(2 * overlay.radiusM));
    else hazardBounds.extend(overlay.position);
  }
  // The first view is the feeder and, when the hazard has a track, the track's point nearest to
  // it, so a storm's path shows beside the feeder rather than off screen.
  const firstView = L.latLngBounds(data.bounds);
  const middle = firstView.getCenter();
  for (const overlay of data.overlays) {
    if (overlay.kind !== 'track') continue;
    const nearest = overlay.positions.reduce((best, position) => (middle.distanceTo(position) < middle.distanceTo(best) ? position : best));
    firstView.extend(nearest);
  }
  map.fitBounds(firstView, { padding: [20, 20] });
  showFeeder.addEventListener('click', () => map.fitBounds(data.bounds, { padding: [20, 20] }));
  showHazard.addEventListener('click', () => map.fitBounds(hazardBounds, { padding: [20, 20] }));

  function showTime() {
    timeSlot = Number(slider.value);
    timeLabel.textContent = utcLabel(data.timestamps[timeSlot]);
    assetLayer.paint();
    drawOverlays();
  }
  slider.addEventListener('input', showTime);
  showTime();

  map.on('mousemove', (event) => {
    const { x, y } = event.containerPoint;
    let best = -1;
    let bestDistance = 64;
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const a of grid.get(cellKey(Math.floor(x / CELL) + dx, Math.floor(y / CELL) + dy)) || []) {
          const distance = (screenX[a] - x) ** 2 + (screenY[a] - y) ** 2;
          if (distance < bestDistance) {
            bestDistance = distance;
            best = a;
          }
        }
      }
    }
    if (best === -1) {
      hover.hidden = true;
      return;
    }
    const lines = [
      `${data.assets.names[best]}`,
      `${data.assets.types[typeIndex[best]]}`,
      `failure probability ${formatNumber(failure[timeSlot * count + best] / 250)} at ${utcLabel(data.timestamps[timeSlot])}`,
      ...peaks.filter((peak) => Number.isFinite(peak.values[best])).map((peak) => `peak ${peak.quantity} ${formatNumber(peak.values[best])} ${peak.unit}`),
    ];
    hover.replaceChildren(...lines.map((line, index) => element(index === 0 ? 'strong' : 'div', {}, [line])));
    hover.style.left = `${x + 14}px`;
    hover.style.top = `${y + 14}px`;
    hover.hidden = false;
  });
  map.on('mouseout', () => (hover.hidden = true));

  // ---- Charts ----------------------------------------------------------------------------
  const chartWidth = () => Math.min(900, document.getElementById('report').clientWidth - 20);
  const seconds = (timestamp) => Date.parse(`${timestamp}Z`) / 1000;

  const outage = element('div', { id: 'outage-chart' });
  section('outage', 'Expected failed assets over time', [outage]);
  new uPlot(
    {
      width: chartWidth(),
      height: 260,
      tzDate: utcDate,
      scales: { x: { time: true } },
      series: [{}, { label: 'expected failed assets', stroke: '#d73027', width: 2 }],
      axes: [{ label: 'time (UTC)' }, { label: 'expected failed assets', size: 60 }],
      legend: { show: false },
    },
    [data.expectedFailures.timestamps.map(seconds), data.expectedFailures.values],
    outage,
  );

  if (data.impact) {
    const impactNode = element('div', { id: 'impact-chart' });
    const settings = Object.entries(data.impact.metadata);
    section('impact', 'Customers and kW out over time', [
      element('p', {}, ['Mean over the scenario samples (bold line), with the band from the 10th to the 90th percentile (thin lines, shaded).']),
      impactNode,
      table(['impact setting', 'value'], settings),
    ]);
    const times = data.impact.timestamps.map(seconds);
    for (const [label, values, unit] of [
      ['customers out', data.impact.customers, 'customers'],
      ['kW out', data.impact.kw, 'kW'],
    ]) {
      new uPlot(
        {
          width: chartWidth(),
          height: 220,
          tzDate: utcDate,
          scales: { x: { time: true } },
          series: [
            {},
            { label: `${label} P10`, stroke: 'rgba(215,48,39,0.4)', width: 1 },
            { label: `${label} P90`, stroke: 'rgba(215,48,39,0.4)', width: 1 },
            { label: `${label} mean`, stroke: '#d73027', width: 2 },
          ],
          bands: [{ series: [2, 1], fill: 'rgba(215,48,39,0.15)' }],
          axes: [{ label: 'time (UTC)' }, { label: unit, size: 60 }],
          legend: LEGEND,
        },
        [times, values.p10, values.p90, values.mean],
        impactNode,
      );
    }
  }

  if (data.scenarios) {
    const scenarioChart = element('div', { id: 'scenario-chart' });
    const { mean, percentiles } = data.scenarios;
    section('scenarios', 'Failures per scenario sample', [
      element('p', {}, [
        `${data.scenarios.samples} samples: mean ${formatNumber(mean)} failed assets, P10 ${formatNumber(percentiles.p10)}, median ${formatNumber(percentiles.p50)}, P90 ${formatNumber(percentiles.p90)}.`,
      ]),
      scenarioChart,
      table(['scenario setting', 'value'], data.scenarios.metadata),
    ]);
    new uPlot(
      {
        width: chartWidth(),
        height: 240,
        scales: { x: { time: false } },
        series: [
          { label: 'failed assets' },
          { label: 'samples', stroke: '#3b4cc0', fill: 'rgba(59,76,192,0.4)', paths: uPlot.paths.bars({ size: [0.9, 40] }), points: { show: false } },
        ],
        axes: [{ label: 'failed assets in the sample' }, { label: 'samples', size: 60 }],
        legend: { show: false },
      },
      [data.scenarios.histogram.failures, data.scenarios.histogram.samples],
      scenarioChart,
    );
  }

  const curvesNode = element('div', { class: 'curves' });
  section('curves', 'Fragility curves used', [
    element('p', {}, [
      'Every limit state of each curve over the intensity measure: the probability of reaching it at that intensity (the out-of-service one bold: survival is computed from it, or for a curve per circuit from the expected share of circuits failed). A red dot marks the peak intensity an asset of the type saw, on the out-of-service curve (up to 200 per curve). For a line the dot is at the peak of its most exposed span; as the line fails when any of its spans or structures does, its own failure probability can be higher than the dot.',
    ]),
    curvesNode,
  ]);
  for (const plot of data.curves) {
    const holder = element('figure', {}, [
      element('figcaption', {}, [
        `${plot.assetType} · ${plot.quantity} (${plot.curveSet}; confidence: ${plot.confidence})${plot.definition.source ? ` — ${plot.definition.source}` : ''}`,
      ]),
    ]);
    curvesNode.append(holder);
    const xs = [...new Set([...plot.x, ...plot.seen.map((mark) => mark[0])])].sort((a, b) => a - b);
    const seenAt = new Map(plot.seen.map((mark) => [mark[0], mark[1]]));
    new uPlot(
      {
        width: 420,
        height: 220,
        scales: { x: { time: false }, y: { range: [0, 1] } },
        series: [
          { label: `${plot.quantity} (${plot.unit})` },
          // Every limit state thin; the out-of-service one (what survival is computed from) bold.
          ...plot.limitStates.map((limitState) => ({
            label: limitState.name,
            stroke: limitState.name === plot.outOfService ? '#3b4cc0' : 'rgba(59,76,192,0.45)',
            width: limitState.name === plot.outOfService ? 2.5 : 1,
            spanGaps: true,
            points: { show: false },
          })),
          { label: 'assets', stroke: '#d73027', paths: () => null, points: { show: true, size: 5, fill: '#d73027' } },
        ],
        axes: [{ label: plot.unit }, { label: 'probability', size: 50 }],
        legend: LEGEND,
      },
      [
        xs,
        ...plot.limitStates.map((limitState) => {
          const at = new Map(plot.x.map((x, i) => [x, limitState.probability[i]]));
          return xs.map((x) => (at.has(x) ? at.get(x) : null));
        }),
        xs.map((x) => (seenAt.has(x) ? seenAt.get(x) : null)),
      ],
      holder,
    );
  }

  section('worst', 'Assets most likely to fail', [
    table(
      ['asset', 'type', 'lowest survival', 'peak intensities'],
      data.worst.map((row) => [
        row.name,
        row.assetType,
        formatNumber(row.lowestSurvival),
        Object.entries(row.peaks)
          .map(([quantity, value]) => `${quantity} ${formatNumber(value)}`)
          .join(', '),
      ]),
    ),
  ]);

  const sources = data.curves.map((plot) => [
    `${plot.assetType} · ${plot.quantity}`,
    plot.curveSet,
    plot.confidence,
    plot.definition.source || 'the curve set gives no source',
  ]);
  section('provenance', 'Inputs and provenance', [
    table(['run setting', 'value'], data.provenance),
    element('h3', {}, ['Curve sources']),
    table(['curve', 'set', 'confidence', 'source'], sources),
    element('h3', {}, ['Warnings']),
    data.warnings.length
      ? element(
          'ul',
          {},
          data.warnings.map((warning) => element('li', {}, [warning])),
        )
      : element('p', {}, ['none']),
    ...pageNotes(data.notes),
  ]);
  document.body.dataset.ready = 'true';
})();
