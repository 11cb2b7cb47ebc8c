import { reportedConfidence } from './confidence.js';
import type { AssetType } from '../assets/types.js';
import { quantityDefinition } from '../hazards/quantities.js';
import { unitFactor } from '../hazards/_units.js';
import { checkGrid, compileFragility } from './limitStates.js';
import { survivalAt } from './survival.js';
import type { CurveSet } from './types.js';

/**
 * SVG plots of a curve set (docs/fragility.md, `hazsim curve-sets plot`): one panel per
 * curve, P(reaching or exceeding each limit state) over the measure's range in the curve's
 * own units, the out-of-service limit state drawn thicker. Pure: text in, text out.
 */

const PANEL_WIDTH = 420;
const PANEL_HEIGHT = 260;
const MARGIN = { left: 52, right: 16, top: 36, bottom: 40 };
const COLOURS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02', '#a6761d', '#666666'];
const POINTS = 200;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round number of axis ticks' spacing for a span. */
function tickStep(span: number): number {
  const raw = span / 5;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const scaled = raw / power;
  return (scaled >= 5 ? 5 : scaled >= 2 ? 2 : 1) * power;
}

function panel(set: CurveSet, hazard: string, assetType: string, index: number, x0: number, y0: number): string {
  const curve = set.curves[hazard][assetType as AssetType]![index];
  const { dimension } = quantityDefinition(curve.quantity);
  const factor = unitFactor(curve.units, dimension)!;
  const fragility = compileFragility(curve, hazard, dimension);
  const xMax = Math.max(...checkGrid(fragility.limitStates)) / 4 / factor;
  const width = PANEL_WIDTH - MARGIN.left - MARGIN.right;
  const height = PANEL_HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => x0 + MARGIN.left + (x / xMax) * width;
  const py = (p: number) => y0 + MARGIN.top + (1 - p) * height;
  const parts: string[] = [];
  parts.push(`<g class="panel" data-hazard="${escapeXml(hazard)}" data-asset-type="${escapeXml(assetType)}" data-quantity="${escapeXml(curve.quantity)}">`);
  parts.push(
    `<text x="${x0 + MARGIN.left}" y="${y0 + 18}" font-size="13" font-weight="bold">${escapeXml(`${hazard} / ${assetType} (confidence: ${reportedConfidence(curve)})`)}</text>`,
  );
  parts.push(`<rect x="${px(0)}" y="${py(1)}" width="${width}" height="${height}" fill="none" stroke="#999"/>`);
  for (const p of [0, 0.25, 0.5, 0.75, 1]) parts.push(`<text x="${px(0) - 6}" y="${py(p) + 4}" font-size="10" text-anchor="end">${p}</text>`);
  const step = tickStep(xMax);
  for (let x = 0; x <= xMax + 1e-9; x += step)
    parts.push(`<text x="${px(x)}" y="${py(0) + 14}" font-size="10" text-anchor="middle">${Number(x.toPrecision(6))}</text>`);
  parts.push(`<text x="${px(xMax / 2)}" y="${py(0) + 30}" font-size="11" text-anchor="middle">${escapeXml(`${curve.quantity} [${curve.units}]`)}</text>`);
  fragility.limitStates.forEach((limitState, k) => {
    const points: string[] = [];
    for (let i = 0; i <= POINTS; i += 1) {
      const x = (xMax * i) / POINTS;
      const p = 1 - survivalAt(limitState, x * factor);
      points.push(`${px(x).toFixed(2)},${py(p).toFixed(2)}`);
    }
    const colour = COLOURS[k % COLOURS.length];
    const strokeWidth = k === fragility.outOfService ? 2.5 : 1.2;
    const name = fragility.limitStateNames[k];
    parts.push(
      `<polyline class="limit-state" data-limit-state="${escapeXml(name)}" fill="none" stroke="${colour}" stroke-width="${strokeWidth}" points="${points.join(' ')}"/>`,
    );
    const label = k === fragility.outOfService ? `${name} (out of service)` : name;
    parts.push(`<text x="${px(0) + 8}" y="${py(1) + 14 + 12 * k}" font-size="10" fill="${colour}">${escapeXml(label)}</text>`);
  });
  parts.push('</g>');
  return parts.join('\n');
}

/** The SVG document of a set's curves, optionally of one asset type only; null when there is no curve to draw. */
export function plotCurveSetSvg(set: CurveSet, assetType?: string): string | null {
  const panels: { hazard: string; assetType: string; index: number }[] = [];
  for (const [hazard, byType] of Object.entries(set.curves))
    for (const [type, curves] of Object.entries(byType))
      if (assetType === undefined || type === assetType) curves!.forEach((_, index) => panels.push({ hazard, assetType: type, index }));
  if (panels.length === 0) return null;
  const columns = Math.min(3, panels.length);
  const rows = Math.ceil(panels.length / columns);
  const width = columns * PANEL_WIDTH;
  const height = rows * PANEL_HEIGHT + 30;
  const title = `${set.name ?? 'curve set'}${assetType ? ` - ${assetType}` : ''}: P(reaching or exceeding each limit state)`;
  const body = panels.map((item, i) =>
    panel(set, item.hazard, item.assetType, item.index, (i % columns) * PANEL_WIDTH, 30 + Math.floor(i / columns) * PANEL_HEIGHT),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<text x="10" y="20" font-size="15">${escapeXml(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
