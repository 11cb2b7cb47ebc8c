/**
 * County polygons for territory placement, read from the us-atlas package (counties-10m.json:
 * US Census Bureau cartographic boundaries, 2017 edition, 1:10,000,000, simplified; ids are
 * five-digit FIPS codes). Embedded with hazsim, so a territory builds offline.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon as GeoPolygon } from 'geojson';
import { HazsimError } from '../../base/errors.js';
import { packagedTopology } from '../../base/packagedTopology.js';
import type { CountyShape, Polygon } from '../../domain/territory/countyShape.js';

/** Two-letter postal codes of the states, DC and Puerto Rico, by their two-digit FIPS code (ANSI INCITS 38). */
const STATE_POSTAL: Readonly<Record<string, string>> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL', '13': 'GA', '15': 'HI',
  '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN',
  '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA',
  '54': 'WV', '55': 'WI', '56': 'WY', '72': 'PR',
}; // prettier-ignore

interface CountyAtlas {
  counties: Map<string, CountyShape>;
  /** State name by two-digit FIPS. */
  states: Map<string, string>;
}

let atlas: CountyAtlas | undefined;

function polygonsOf(geometry: GeoPolygon | MultiPolygon | null): Polygon[] {
  if (geometry === null) return [];
  const rings = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return rings.map((polygon) => polygon.map((ring) => ring.map(([longitude, latitude]) => [longitude, latitude] as const)));
}

/** Every county of us-atlas, read once per process (about 0.8 MB of TopoJSON). */
export function countyAtlas(): CountyAtlas {
  if (atlas) return atlas;
  const topology = packagedTopology<Topology<{ counties: GeometryCollection; states: GeometryCollection }>>('us-atlas/counties-10m.json');
  const counties = new Map<string, CountyShape>();
  for (const county of feature(topology, topology.objects.counties).features) {
    const fips = String(county.id);
    const name = String((county.properties as { name?: string } | null)?.name ?? fips);
    counties.set(fips, { fips, name, polygons: polygonsOf(county.geometry as GeoPolygon | MultiPolygon | null) });
  }
  const states = new Map<string, string>();
  for (const state of feature(topology, topology.objects.states).features)
    states.set(String(state.id), String((state.properties as { name?: string } | null)?.name));
  atlas = { counties, states };
  return atlas;
}

/** The two-digit FIPS code of a state given by FIPS ("37"), postal code ("NC") or name ("North Carolina"). */
export function stateFips(state: string): string {
  const { states } = countyAtlas();
  const wanted = state.trim();
  if (/^\d{1,2}$/.test(wanted) && states.has(wanted.padStart(2, '0'))) return wanted.padStart(2, '0');
  const byPostal = Object.entries(STATE_POSTAL).find(([, postal]) => postal === wanted.toUpperCase());
  if (byPostal) return byPostal[0];
  const byName = [...states].find(([, name]) => name.toLowerCase() === wanted.toLowerCase());
  if (byName) return byName[0];
  throw new HazsimError('invalid_input', `Unknown state "${state}": give its two-digit FIPS code (37), postal code (NC) or name (North Carolina)`, [
    { path: 'state', message: 'not a state of us-atlas 3.0.1' },
  ]);
}

/** The county shapes of a state, by FIPS order. */
export function countiesOfState(state: string): CountyShape[] {
  const prefix = stateFips(state);
  return [...countyAtlas().counties.values()].filter((county) => county.fips.startsWith(prefix)).sort((a, b) => a.fips.localeCompare(b.fips));
}

/** The shape of one county; invalid_input naming it when us-atlas has no such county. */
export function countyShape(fips: string): CountyShape {
  const shape = countyAtlas().counties.get(fips);
  if (!shape)
    throw new HazsimError('invalid_input', `No county ${fips} in us-atlas 3.0.1 (2017 Census geography)`, [
      { path: 'counties', message: `unknown county ${fips}` },
    ]);
  return shape;
}
