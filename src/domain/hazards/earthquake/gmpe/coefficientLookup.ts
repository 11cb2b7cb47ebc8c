// Lookup of a model's coefficient row for an intensity measure.
//
// Spectral periods between two tabulated periods get coefficients interpolated linearly in
// ln(period), the rule OpenQuake's CoeffsTable applies (and the one its verification tables
// encode for periods such as BSSA14's 0.21 s, which is not a row of the published table).
// Periods outside the tabulated range are refused rather than extrapolated.

import { intensityMeasureOf, parseIntensityMeasure, type IntensityMeasure } from './intensityMeasure.js';

export interface CoefficientRow {
  readonly imt: 'pga' | 'pgv' | number;
}

export interface CoefficientTable<Row extends CoefficientRow> {
  readonly model: string;
  readonly byImt: ReadonlyMap<IntensityMeasure, Row>;
  /** Tabulated spectral periods, ascending, with their rows. */
  readonly periods: readonly number[];
  readonly periodRows: readonly Row[];
}

export function indexCoefficients<Row extends CoefficientRow>(model: string, rows: readonly Row[]): CoefficientTable<Row> {
  const byImt = new Map<IntensityMeasure, Row>();
  for (const row of rows) byImt.set(intensityMeasureOf(row.imt), row);
  const periodRows = rows.filter((row) => typeof row.imt === 'number').sort((a, b) => (a.imt as number) - (b.imt as number));
  return { model, byImt, periods: periodRows.map((row) => row.imt as number), periodRows };
}

/** Whether `imt` can be evaluated: PGA/PGV present, or a period inside the tabulated range. */
export function supportsIntensityMeasure<Row extends CoefficientRow>(table: CoefficientTable<Row>, imt: IntensityMeasure): boolean {
  const key = parseIntensityMeasure(imt);
  if (typeof key !== 'number') return table.byImt.has(key);
  return table.periods.length > 0 && key >= table.periods[0] && key <= table.periods[table.periods.length - 1];
}

/** The table's row for `imt`, interpolated in ln(period) between tabulated SA periods. */
export function coefficientsFor<Row extends CoefficientRow>(table: CoefficientTable<Row>, imt: IntensityMeasure): Row {
  const key = parseIntensityMeasure(imt);
  const exact = table.byImt.get(intensityMeasureOf(key));
  if (exact) return exact;
  if (typeof key !== 'number' || !supportsIntensityMeasure(table, imt)) {
    throw new RangeError(`${table.model} has no coefficients for '${imt}'`);
  }
  const above = table.periods.findIndex((period) => period > key);
  const lower = table.periodRows[above - 1];
  const upper = table.periodRows[above];
  const fraction = Math.log(key / table.periods[above - 1]) / Math.log(table.periods[above] / table.periods[above - 1]);
  const interpolated: Record<string, number> = { imt: key };
  for (const [name, lowerValue] of Object.entries(lower)) {
    if (name === 'imt') continue;
    const upperValue = (upper as unknown as Record<string, number>)[name];
    interpolated[name] = lowerValue + (upperValue - lowerValue) * fraction;
  }
  return interpolated as unknown as Row;
}
