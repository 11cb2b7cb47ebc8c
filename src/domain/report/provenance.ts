/**
 * The run's settings (`run_info`) as the report's provenance table shows them: values that
 * the result keeps as JSON (the coordinate reading, the wind conversion, lists) written as
 * sentences a reader of the page can follow; everything else as it is.
 */
import { isReadingRecord, readingLabel, readingOfRecord } from '../assets/index.js';

interface WindConversion {
  asset_types: string[];
  terrain: string;
  averaging_time_s: number;
  height_m: number;
  declared_by_curve: boolean;
  factor: number;
  steps: string[];
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function coordinatesText(value: unknown): string | null {
  if (!isReadingRecord(value)) return null;
  const reading = readingOfRecord(value);
  return `${readingLabel(reading)}${reading.order === 'lon,lat' && !reading.placeAt ? " (GDM's reading)" : ''}`;
}

function windConversionText(value: unknown): string | null {
  const record = value as { physics?: string; source?: string; conversions?: WindConversion[] } | null;
  if (typeof record !== 'object' || record === null || !Array.isArray(record.conversions)) return null;
  const lines = [`The wind profiles give ${record.source ?? 'a wind speed'}; the curves read it converted as follows.`];
  for (const conversion of record.conversions) {
    const measure = `${conversion.averaging_time_s}-s gust at ${conversion.height_m} m over ${conversion.terrain.replaceAll('_', ' ')}`;
    lines.push(
      `${conversion.asset_types.join(', ')}: ${measure} (${conversion.declared_by_curve ? 'as the curve declares' : "the curve declares no measure: hazsim's default"}), factor ×${conversion.factor.toFixed(3)}: ${conversion.steps.join('; ')}.`,
    );
  }
  return lines.join('\n');
}

/** run_info.assets_by_curve_confidence as "judgement: 12 % of assets (30); code-transcription: 88 % (220)". */
function curveConfidenceText(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const entries = value as { confidence: string; assets: number; share: number }[];
  return entries
    .map(
      (entry, index) =>
        `${entry.confidence === 'none' ? 'judged by no curve' : entry.confidence}: ${(100 * entry.share).toFixed(1)} %${index === 0 ? ' of assets' : ''} (${entry.assets})`,
    )
    .join('; ');
}

function listText(value: unknown): string | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number') ? value.join(', ') : null;
}

/** Any other JSON setting (e.g. max_wind_source's counts per source) as `name: value` phrases, nested ones in parentheses. */
function plainText(value: unknown): string {
  if (Array.isArray(value)) return value.map(plainText).join(', ');
  if (typeof value === 'object' && value !== null) {
    const parts = Object.entries(value).map(([key, item]) => {
      const text = plainText(item);
      return `${key.replaceAll('_', ' ')}: ${typeof item === 'object' && item !== null ? `(${text})` : text}`;
    });
    return parts.join('; ');
  }
  return String(value);
}

/** The provenance rows: run_info's keys with readable values, warnings and unlocated assets left out (the page lists them itself). */
export function provenanceRows(runInfo: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(runInfo)
    .filter(([key]) => key !== 'warnings' && key !== 'unlocated_assets')
    .map(([key, text]) => {
      const value = parsed(text);
      const readable =
        key === 'distribution_coordinates'
          ? coordinatesText(value)
          : key === 'wind_conversion'
            ? windConversionText(value)
            : key === 'assets_by_curve_confidence'
              ? curveConfidenceText(value)
              : listText(value);
      return [key, readable ?? (typeof value === 'object' && value !== null ? plainText(value) : text)];
    });
}
