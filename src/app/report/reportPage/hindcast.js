// The hindcast page's own script: reads the JSON in #report-data (src/domain/report/hindcastPayload.ts
// built it, every number already formatted) and draws three county maps and the
// predicted-vs-observed scatter as SVG, then the tables. Runs from file:// with no network and
// no library. Every text from the data goes in as a text node: county names in a hindcast's
// answer saved as JSON are whatever the file says.
/* global element, pageNotes, svgElement, table */
(async function () {
  'use strict';
  const packed = document.getElementById('report-data');
  const compressed = Uint8Array.from(atob(packed.textContent), (char) => char.charCodeAt(0));
  const data = JSON.parse(await new Response(new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'))).text());

  // A hover tooltip that is text: an SVG <title> holding a text node.
  const tooltip = (text) => svgElement('title', {}, [text]);
  const main = element('main', { id: 'report' });
  document.body.append(main);
  function section(id, title, children) {
    main.append(element('section', { id }, [element('h2', {}, [title]), ...children]));
  }
  main.append(element('h1', {}, [`hazsim report: ${data.title}`]), element('p', { class: 'hint' }, [data.summary]));

  // ---- Three county maps: the same outlines, filled by class -------------------------------
  const { width, height } = data.map;
  const maps = data.choropleths.map((choropleth) => {
    const counties = data.map.counties.map((county, index) =>
      svgElement(
        'path',
        {
          d: county.path,
          class: `county county-class-${choropleth.classes[index]}`,
          fill: choropleth.fills[index],
          'data-fips': county.fips,
        },
        [tooltip(county.tooltip)],
      ),
    );
    const picture = svgElement('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'county-map' }, [
      ...counties,
      svgElement('path', { d: data.map.state, class: 'state-outline' }),
    ]);
    const legend = element(
      'ul',
      { class: 'classes' },
      choropleth.legend.map((entry) => element('li', {}, [element('span', { class: 'swatch', style: `background:${entry.colour}` }), entry.label])),
    );
    return element('figure', { class: 'choropleth', id: `map-${choropleth.id}` }, [element('h3', {}, [choropleth.title]), picture, legend]);
  });
  section('maps', 'Peak fraction of customers out, by county', [
    element('p', { class: 'hint' }, ['Hover a county for its name and values. Grey: the observed table has no value for it.']),
    element('div', { class: 'choropleths' }, maps),
  ]);

  // ---- Predicted against observed ----------------------------------------------------------
  const SIZE = 420;
  const MARGIN = { left: 56, right: 24, top: 14, bottom: 46 };
  const plot = SIZE - MARGIN.left - MARGIN.right;
  const x = (fraction) => MARGIN.left + fraction * plot;
  const y = (fraction) => MARGIN.top + (1 - fraction) * plot;
  const parts = [svgElement('rect', { x: x(0), y: y(1), width: plot, height: plot, class: 'plot-area' })];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      svgElement('line', { x1: x(tick), y1: y(0), x2: x(tick), y2: y(0) + 5, class: 'tick' }),
      svgElement('text', { x: x(tick), y: y(0) + 18, class: 'tick-label x' }, [`${tick * 100} %`]),
      svgElement('line', { x1: x(0) - 5, y1: y(tick), x2: x(0), y2: y(tick), class: 'tick' }),
      svgElement('text', { x: x(0) - 8, y: y(tick) + 4, class: 'tick-label y' }, [`${tick * 100} %`]),
    );
  }
  parts.push(
    // The hard-hit threshold on both axes: the upper-right quarter holds the hits.
    svgElement('line', { x1: x(0.5), y1: y(0), x2: x(0.5), y2: y(1), class: 'threshold' }),
    svgElement('line', { x1: x(0), y1: y(0.5), x2: x(1), y2: y(0.5), class: 'threshold' }),
    svgElement('line', { x1: x(0), y1: y(0), x2: x(1), y2: y(1), class: 'one-to-one' }, [tooltip('1:1, predicted = observed')]),
    svgElement('text', { x: x(0.5), y: SIZE - 8, class: 'axis-label x' }, ['observed peak fraction out']),
    svgElement('text', { x: 14, y: y(0.5), class: 'axis-label y', transform: `rotate(-90 14 ${y(0.5)})` }, ['predicted peak fraction out']),
  );
  for (const point of data.scatter)
    parts.push(
      svgElement('circle', { cx: x(point.observed), cy: y(point.predicted), r: 4, class: 'scatter-point', 'data-fips': point.fips }, [tooltip(point.tooltip)]),
    );
  const scatter = svgElement('svg', { viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, role: 'img', id: 'scatter-plot' }, parts);
  section('scatter', 'Predicted against observed peak fraction', [
    element('div', { class: 'scatter-row' }, [
      element('figure', {}, [
        scatter,
        element('figcaption', {}, [
          `One point per county with an observed value (${data.scatter.length}). Dashed: 1:1 (a point above it was over-predicted). Dotted: the 50 % hard-hit threshold on each axis.`,
        ]),
      ]),
      table(['measure', 'value'], data.metrics),
    ]),
  ]);

  section('counties', 'Counties', [table(data.table.headers, data.table.rows)]);
  section('provenance', 'Inputs and provenance', [table(['setting', 'value'], data.provenance), ...pageNotes(data.notes)]);
  document.body.dataset.ready = 'true';
})();
