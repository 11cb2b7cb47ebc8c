/**
 * The data of a hindcast's page (docs/report.md, "Hindcast page"): three county maps
 * (predicted, observed, predicted − observed), the predicted-vs-observed scatter, the skill
 * measures and the per-county table, built from a hindcast's answer and the outlines of its
 * counties and states. Every number is formatted here, so the page only draws.
 */
import type { CountyComparison, HindcastMetrics } from '../territory/hindcastMetrics.js';
import {
  DIFFERENCE_CLASSES,
  differenceClass,
  NO_DATA_COLOUR,
  PEAK_FRACTION_CLASSES,
  peakFractionClass,
  projectOutlines,
  type ColourClass,
  type LonLatRing,
} from './hindcastMap.js';

/** The fields of a hindcast's answer the page shows (HindcastResponse, src/app/territory/territorySchemas.ts). */
export interface HindcastAnswer {
  message: string;
  territory_name: string;
  hazard_system_name: string;
  curve_set: string;
  number_of_samples: number;
  seed: number;
  observed_format: string;
  counties: readonly CountyComparison[];
  metrics: HindcastMetrics;
}

export interface HindcastPageInput {
  answer: HindcastAnswer;
  /** Rings of each county's outline, by FIPS; a county without one is listed in a note and left off the maps. */
  countyOutlines: ReadonlyMap<string, readonly LonLatRing[]>;
  /** Rings of the outline of every state a county lies in. */
  stateOutline: readonly LonLatRing[];
  /** Where the outlines come from, for the provenance table. */
  outlineSource: string;
}

export type ChoroplethId = 'predicted' | 'observed' | 'difference';

export interface HindcastPayload {
  /** Tells this page's data from a run report's. */
  page: 'hindcast';
  title: string;
  summary: string;
  provenance: [string, string][];
  metrics: [string, string][];
  map: {
    width: number;
    height: number;
    /** SVG path data of the states' outline. */
    state: string;
    counties: { fips: string; name: string; path: string; tooltip: string }[];
  };
  /** Per map, the class index (-1: no value) and fill of each county of `map.counties`, in that order. */
  choropleths: { id: ChoroplethId; title: string; legend: ColourClass[]; classes: number[]; fills: string[] }[];
  /** One point per county with an observed value: x observed, y predicted peak fraction. */
  scatter: { fips: string; name: string; observed: number; predicted: number; tooltip: string }[];
  table: { headers: string[]; rows: string[][] };
  notes: string[];
}

const percent = (fraction: number | null) => (fraction === null ? '–' : `${(fraction * 100).toFixed(1)} %`);
const points = (difference: number | null) =>
  difference === null ? '–' : `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${Math.abs(difference * 100).toFixed(1)} points`;
const magnitude = (difference: number | null) => (difference === null ? '–' : `${(difference * 100).toFixed(1)} points`);
const whole = (value: number | null) => (value === null ? '–' : Math.round(value).toLocaleString('en-US'));
const hours = (value: number | null) => (value === null ? '–' : String(Number(value.toPrecision(3))));
/** ISO 8601 UTC to minutes, as the run report shows times. */
const time = (value: string | null) => (value === null ? '–' : `${value.replace('T', ' ').slice(0, 16)} UTC`);

function tooltipOf(county: CountyComparison): string {
  return `${county.name} (${county.fips}): predicted ${percent(county.predicted_peak_fraction)}, observed ${percent(county.observed_peak_fraction)}, difference ${points(county.peak_fraction_difference)}`;
}

function metricRows(answer: HindcastAnswer): [string, string][] {
  const { metrics } = answer;
  const hard = metrics.hard_hit;
  const territory = metrics.territory;
  return [
    ['counties compared (predicted and observed)', `${metrics.counties_compared} of ${answer.counties.length}`],
    ['bias (mean of predicted − observed peak fraction)', points(metrics.bias)],
    ['median absolute error of peak fraction', magnitude(metrics.median_absolute_error)],
    ["Spearman's rank correlation", metrics.spearman === null ? '– (fewer than 2 counties, or no spread)' : metrics.spearman.toFixed(3)],
    [
      `counties above ${hard.threshold * 100} % out`,
      `observed ${hard.observed}, predicted ${hard.predicted}, hits ${hard.hits}, false alarms ${hard.false_alarms}`,
    ],
    ['hit rate (hits / observed above the threshold)', hard.hit_rate === null ? '– (none observed above it)' : percent(hard.hit_rate)],
    [
      'territory peak customers out, predicted',
      `${whole(territory.predicted_peak_customers)} of ${whole(territory.customers)}${territory.predicted_peak_time === null ? '' : ` at ${time(territory.predicted_peak_time)}`}`,
    ],
    [
      'territory peak customers out, observed',
      territory.observed_peak_customers === null
        ? '– (a county table has no common time)'
        : `${whole(territory.observed_peak_customers)}${territory.observed_peak_time === null ? '' : ` at ${time(territory.observed_peak_time)}`}`,
    ],
    ['customer-hours, predicted', whole(territory.predicted_customer_hours)],
    ['customer-hours, observed', whole(territory.observed_customer_hours)],
  ];
}

/** The page's data: outlines projected once and shared by the three maps. */
export function buildHindcastPayload(input: HindcastPageInput): HindcastPayload {
  const { answer } = input;
  const drawn = answer.counties.filter((county) => input.countyOutlines.has(county.fips));
  const projected = projectOutlines([input.stateOutline, ...drawn.map((county) => input.countyOutlines.get(county.fips)!)]);
  const choropleth = (id: ChoroplethId, title: string, classes: readonly ColourClass[], classOf: (county: CountyComparison) => number) => {
    const indices = drawn.map(classOf);
    const legend = indices.includes(-1) ? [...classes, { label: 'no observed value', colour: NO_DATA_COLOUR }] : [...classes];
    return { id, title, legend, classes: indices, fills: indices.map((index) => (index === -1 ? NO_DATA_COLOUR : classes[index].colour)) };
  };
  const missing = answer.counties.filter((county) => !input.countyOutlines.has(county.fips));
  return {
    page: 'hindcast',
    title: `hindcast of ${answer.territory_name} under ${answer.hazard_system_name}`,
    summary: answer.message,
    provenance: [
      ['territory', answer.territory_name],
      ['hazard model', answer.hazard_system_name],
      ['curve set', answer.curve_set],
      ['samples per county', String(answer.number_of_samples)],
      ['seed', String(answer.seed)],
      ['observed table read as', answer.observed_format === 'eaglei_records' ? 'EAGLE-I records' : 'county table'],
      ['county and state outlines', input.outlineSource],
    ],
    metrics: metricRows(answer),
    map: {
      width: projected.width,
      height: projected.height,
      state: projected.paths[0],
      counties: drawn.map((county, index) => ({ fips: county.fips, name: county.name, path: projected.paths[index + 1], tooltip: tooltipOf(county) })),
    },
    choropleths: [
      choropleth('predicted', 'Predicted peak fraction of customers out', PEAK_FRACTION_CLASSES, (county) => peakFractionClass(county.predicted_peak_fraction)),
      choropleth('observed', 'Observed peak fraction of customers out', PEAK_FRACTION_CLASSES, (county) => peakFractionClass(county.observed_peak_fraction)),
      choropleth('difference', 'Predicted − observed peak fraction', DIFFERENCE_CLASSES, (county) => differenceClass(county.peak_fraction_difference)),
    ],
    scatter: answer.counties
      .filter((county) => county.observed_peak_fraction !== null)
      .map((county) => ({
        fips: county.fips,
        name: county.name,
        observed: county.observed_peak_fraction!,
        predicted: county.predicted_peak_fraction,
        tooltip: tooltipOf(county),
      })),
    table: {
      headers: [
        'FIPS',
        'county',
        'customers',
        'predicted peak',
        'observed peak',
        'difference',
        'predicted peak time',
        'observed peak time',
        'predicted h per customer',
        'observed h per customer',
      ],
      rows: answer.counties.map((county) => [
        county.fips,
        county.name,
        whole(county.customers),
        percent(county.predicted_peak_fraction),
        percent(county.observed_peak_fraction),
        points(county.peak_fraction_difference),
        time(county.predicted_peak_time),
        time(county.observed_peak_time),
        hours(county.predicted_hours_per_customer),
        hours(county.observed_hours_per_customer),
      ]),
    },
    notes: missing.length
      ? [
          `No outline for ${missing.map((county) => `${county.name} (${county.fips})`).join(', ')} in the atlas: left off the maps, kept in the scatter and the table.`,
        ]
      : [],
  };
}
