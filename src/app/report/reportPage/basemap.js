// The report map's basemap: county, state and coast outlines from the page's own data
// (src/app/report/basemap.ts chose them), drawn as SVG in a pane under the hazard and the
// feeder. Nothing is fetched. page.js calls drawBasemap(map, data.basemap) once the map exists.
/* exported drawBasemap */
function drawBasemap(map, layers) {
  'use strict';
  // Light to dark: a county line must not read as a coast. Above Leaflet's tile pane (200), under the hazard (400) and the assets (450).
  const STYLE = {
    county: { color: '#b3bcc6', weight: 0.8 },
    state: { color: '#7f8a96', weight: 1.5 },
    coast: { color: '#4d5d6e', weight: 1.8 },
  };
  map.createPane('basemap').style.zIndex = 250;
  map.getPane('basemap').style.pointerEvents = 'none';
  const renderer = L.svg({ pane: 'basemap' });
  for (const layer of layers) {
    const lines = layer.lines.map((line) => {
      const positions = [];
      for (let i = 0; i + 1 < line.length; i += 2) positions.push([line[i], line[i + 1]]);
      return positions;
    });
    // One path per kind of outline, so thousands of county lines stay one SVG element.
    L.polyline(lines, { ...STYLE[layer.kind], pane: 'basemap', renderer, interactive: false, className: `basemap-${layer.kind}` }).addTo(map);
  }
}
