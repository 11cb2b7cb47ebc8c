/**
 * The HTML page of a hindcast (docs/report.md, "Hindcast page"): from a hindcast's answer
 * (`hazsim hindcast --json`, POST /hindcast, MCP hindcast), checked against its one schema, and
 * the outlines of its counties and of their states from us-atlas. One self-contained file under
 * the run report's Content-Security-Policy (src/domain/report/html.ts); nothing is fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon } from 'geojson';
import { writeFileAtomic } from '../../base/atomic.js';
import { HazsimError } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { packagedTopology } from '../../base/packagedTopology.js';
import { parseOrThrow } from '../../base/validation.js';
import { buildHindcastPayload, renderReportHtml, type LonLatRing } from '../../domain/report/index.js';
import { deliver, runDestination, type DestinationOptions } from '../results/resultOutput.js';
import { HindcastResponse } from '../territory/territorySchemas.js';
import { pageFile } from './pageAssets.js';

const OUTLINE_SOURCE = 'us-atlas 3.0.1 counties-10m.json (US Census Bureau cartographic boundaries, 1:10,000,000)';

/** What writing a hindcast's page reports (HindcastReportResult without status and file_path). */
export interface HindcastReportSummary {
  filePath: string;
  /** `<territory>_hindcast_report.html`, for downloads and the results folder. */
  fileName: string;
  counties_drawn: number;
  counties_compared: number;
  size_bytes: number;
  notes: string[];
}

type UsAtlas = Topology<{ counties: GeometryCollection; states: GeometryCollection }>;

/** The rings of every polygon of a us-atlas geometry, as [longitude, latitude] pairs. */
function ringsOf(topology: UsAtlas, geometry: GeometryCollection['geometries'][number]): LonLatRing[] {
  const shape = (feature(topology, geometry) as { geometry: Polygon | MultiPolygon | null }).geometry;
  if (shape === null) return [];
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  return polygons.flat().map((ring) => ring.map(([longitude, latitude]) => [longitude, latitude] as const));
}

/** The outlines of the given counties and of every state one of them lies in (a state's FIPS is its counties' first two digits). */
export function hindcastOutlines(countyFips: readonly string[]): { counties: Map<string, LonLatRing[]>; state: LonLatRing[] } {
  const topology = packagedTopology<UsAtlas>('us-atlas/counties-10m.json');
  const wanted = new Set(countyFips);
  const counties = new Map<string, LonLatRing[]>();
  for (const geometry of topology.objects.counties.geometries)
    if (wanted.has(String(geometry.id))) counties.set(String(geometry.id), ringsOf(topology, geometry));
  const states = new Set([...counties.keys()].map((fips) => fips.slice(0, 2)));
  const state = topology.objects.states.geometries.filter((geometry) => states.has(String(geometry.id))).flatMap((geometry) => ringsOf(topology, geometry));
  return { counties, state };
}

/** The page of a validated hindcast's answer, as HTML text, with what it holds. */
function hindcastReportHtml(answer: HindcastResponse): {
  html: string;
  summary: Pick<HindcastReportSummary, 'counties_drawn' | 'counties_compared' | 'notes'>;
} {
  const outlines = hindcastOutlines(answer.counties.map((county) => county.fips));
  const payload = buildHindcastPayload({ answer, countyOutlines: outlines.counties, stateOutline: outlines.state, outlineSource: OUTLINE_SOURCE });
  const html = renderReportHtml(payload, { scripts: [pageFile('dom.js'), pageFile('hindcast.js')], styles: [pageFile('page.css'), pageFile('hindcast.css')] });
  return { html, summary: { counties_drawn: payload.map.counties.length, counties_compared: payload.scatter.length, notes: payload.notes } };
}

export function createHindcastReportOps(dependencies: { cacheRoot: string; resultsDir: string }) {
  /**
   * Writes the page of a hindcast's answer (checked against HindcastResponse): to `outputPath`
   * (checked like every result file before any work: docs/hardening.md, "Result files"; "-" is
   * standard output), into the cache's results folder (`inResultsDir`, MCP), or else to a
   * private temporary file (REST, which sends and removes it).
   */
  async function hindcastReport(
    answerInput: unknown,
    options: { outputPath?: string; inResultsDir?: boolean } & DestinationOptions = {},
  ): Promise<HindcastReportSummary> {
    const answer = parseOrThrow(HindcastResponse, answerInput, 'hindcast answer');
    const fileName = `${answer.territory_name}_hindcast_report.html`;
    const destination = runDestination({ stored: fileName, download: fileName }, options, dependencies);
    return deliver(destination, async () => {
      const { html, summary } = hindcastReportHtml(answer);
      writeFileAtomic(destination.buildPath, html);
      return { filePath: destination.finalPath, fileName, ...summary, size_bytes: Buffer.byteLength(html) };
    });
  }

  /**
   * `hazsim report <hindcast.json>`: the page of an answer saved with `hazsim hindcast --json`;
   * without `-o`, beside it as `<name>_report.html`.
   */
  function hindcastReportFromFile(answerPath: string, options: { outputPath?: string } & DestinationOptions = {}): Promise<HindcastReportSummary> {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(answerPath);
    } catch (error) {
      throw new HazsimError('not_found', `hindcast answer ${answerPath} cannot be read: ${(error as Error).message}`);
    }
    const answer = parseJsonBytes(bytes, answerPath);
    const beside = path.join(path.dirname(answerPath), `${path.basename(answerPath).replace(/\.json$/i, '')}_report.html`);
    return hindcastReport(answer, { ...options, outputPath: options.outputPath ?? beside });
  }

  return { hindcastReport, hindcastReportFromFile };
}
