/**
 * The Markdown table of DEFAULT_CURVES in docs/fragility.md: every curve with its limit
 * states, repair times and source, built from the set itself so the docs list exactly what
 * ships (`npm run docs:tables` writes it between two marker comments; a test checks it is
 * current).
 */
import { DEFAULT_CURVES, notVulnerableNote } from './defaultCurves.js';
import { reportedConfidence } from './confidence.js';
import type { CurveSet, FragilityCurveSpec, LimitStateSpec } from './types.js';

const SOURCES_TABLE_BEGIN = '<!-- BEGIN DEFAULT_CURVES table: generated from src/domain/fragility/defaultCurves.ts by `npm run docs:tables`; do not edit. -->';
const SOURCES_TABLE_END = '<!-- END DEFAULT_CURVES table -->';

/** Five significant digits: enough to recognise a published value, short enough to read. */
const shortNumber = (value: number) => String(Number(value.toPrecision(5)));

function limitState(state: LimitStateSpec): string {
  switch (state.form) {
    case 'lognormal':
      return `${state.name} ${shortNumber(state.parameters.median)}, ${shortNumber(state.parameters.beta)}`;
    case 'normal':
      return `${state.name} mean ${shortNumber(state.parameters.mean)}, sd ${shortNumber(state.parameters.std)}`;
    case 'exponential_decay':
      return `${state.name} inside ${shortNumber(state.parameters.probability_inside ?? 1)}, edge ${shortNumber(state.parameters.max_probability)}, length ${shortNumber(state.parameters.length)}`;
    case 'scipy':
      return `${state.name} scipy ${state.parameters.name}(${state.parameters.args.map(shortNumber).join(', ')})`;
  }
}

function curveRow(hazard: string, assetType: string, curve: FragilityCurveSpec): string[] {
  const wind = curve.averaging_time_s === undefined ? '' : `, ${shortNumber(curve.averaging_time_s)}-s gust at ${shortNumber(curve.height_m ?? 10)} m`;
  const repair = curve.repair_time
    ? curve.limit_states
        .map((state) => curve.repair_time![state.name])
        .map((time) => (time ? `${shortNumber(time.mean_hours)}±${shortNumber(time.sd_hours)}` : '-'))
        .join('; ') + (curve.repair_time_confidence ? ` (${curve.repair_time_confidence})` : '')
    : '-';
  return [
    hazard,
    assetType,
    `${curve.quantity} [${curve.units}], per ${curve.applies_to}${wind}`,
    curve.limit_states.map(limitState).join('; '),
    curve.out_of_service,
    repair,
    reportedConfidence(curve),
    curve.source ?? '-',
  ];
}

function notVulnerableRow(hazard: string, assetType: string): string[] {
  const note = notVulnerableNote(hazard, assetType);
  return [hazard, assetType, '-', 'does not fail under this hazard (empty list)', '-', '-', note?.confidence ?? '-', note?.source ?? '-'];
}

const row = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;

/** The table: one row per curve (an asset type with an empty list gets one row saying it does not fail, and why). */
function curveSetSourcesTable(set: CurveSet): string {
  const header = [
    'hazard',
    'asset type',
    'quantity [units], per',
    'limit states (median, β or parameters)',
    'out of service',
    'repair (mean ± sd, h)',
    'confidence',
    'source',
  ];
  const rows = Object.entries(set.curves).flatMap(([hazard, byType]) =>
    Object.entries(byType).flatMap(([assetType, curves]) =>
      curves!.length === 0 ? [notVulnerableRow(hazard, assetType)] : curves!.map((curve) => curveRow(hazard, assetType, curve)),
    ),
  );
  return [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');
}

/** A Markdown page with the DEFAULT_CURVES table between the markers replaced by the current one. */
export function withDefaultCurvesTable(page: string): string {
  const begin = page.indexOf(SOURCES_TABLE_BEGIN);
  const end = page.indexOf(SOURCES_TABLE_END);
  if (begin < 0 || end < begin) throw new Error('the page has no DEFAULT_CURVES table markers');
  return `${page.slice(0, begin)}${SOURCES_TABLE_BEGIN}\n\n${curveSetSourcesTable(DEFAULT_CURVES)}\n\n${page.slice(end)}`;
}
