/**
 * Writes the example hazard files in examples/hazards/ (run: node --import tsx
 * examples/generate-hazards.ts). Every hazard is placed over the bundled example feeder
 * in Charleston, SC (assets within lon −79.99…−79.91, lat 32.76…32.83; substation near
 * −79.95, 32.79) so that it damages some assets but not all. Deterministic: no randomness,
 * coordinates rounded, so regenerating gives the same bytes. Each file is checked with
 * hazsim's own reader before it is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readHazardModel } from '../src/domain/hazards/index.js';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hazards');

/** Metres per degree at Charleston (32.8° N): north and east. */
const M_PER_DEG_LAT = 110_930;
const M_PER_DEG_LON = 93_310;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** A closed counter-clockwise ring around a centre: radius (m) wobbling with the angle, `corners` corners. */
function blob(lon: number, lat: number, radiusM: number, corners = 24, phase = 0): number[][] {
  const ring: number[][] = [];
  for (let k = 0; k < corners; k++) {
    const angle = (2 * Math.PI * k) / corners;
    const r = radiusM * (1 + 0.15 * Math.sin(3 * angle + phase) + 0.08 * Math.cos(5 * angle));
    ring.push([round(lon + (r * Math.cos(angle)) / M_PER_DEG_LON), round(lat + (r * Math.sin(angle)) / M_PER_DEG_LAT)]);
  }
  ring.push(ring[0]);
  return ring;
}

/** A closed ring through the given corners. */
const ring = (...corners: [number, number][]) => [...corners, corners[0]];

/** An hourly ISO timestamp on the day of the example storm. */
const at = (hour: number, day = 21) => `2024-09-${String(day + Math.floor(hour / 24)).padStart(2, '0')}T${String(hour % 24).padStart(2, '0')}:00:00`;

/**
 * Earthquake: a repeat of the 1886 Charleston earthquake in the Middleton Place–Summerville
 * seismic zone, 20–30 km north-west of the feeder. A stable continental region, so AB06
 * (docs/gmpe.md); Vs30 270 m/s, NEHRP class D, for the coastal-plain soils under the feeder.
 * docs/input-hazard.md says what it gives and against which reference.
 */
function earthquake() {
  return {
    name: 'charleston-1886-repeat',
    description: 'A repeat of the 1886 Charleston earthquake (M7.0) in the Middleton Place-Summerville seismic zone, north-west of the feeder',
    models: [
      {
        type: 'earthquake',
        name: 'summerville',
        timestamp: at(3),
        origin: { longitude: -80.17, latitude: 32.95 },
        depth: '10 kilometer',
        magnitude: 7.0,
        ground_motion_model: 'AB06',
        vs30: '270 meter / second',
      },
    ],
  };
}

/**
 * A 24-hour hurricane track, one wind model per hour: it strengthens offshore, makes
 * landfall 20 km north-east of the feeder at noon at 105 mph (like Hugo in 1989) and
 * weakens inland moving north-west at about 22 km/h.
 */
function hurricane() {
  const models = [];
  for (let hour = 0; hour < 24; hour++) {
    const fromLandfall = hour - 12;
    const maxWindMph = fromLandfall <= 0 ? 105 - 1.5 * Math.abs(fromLandfall) : 105 - 4 * fromLandfall;
    const pressureMb = fromLandfall <= 0 ? 948 + 0.8 * Math.abs(fromLandfall) : 948 + 3 * fromLandfall;
    models.push({
      type: 'wind',
      name: `hugo-like-${String(hour).padStart(2, '0')}`,
      timestamp: at(hour),
      center: { longitude: round(-79.78 - 0.167 * fromLandfall), latitude: round(32.86 + 0.14 * fromLandfall) },
      max_wind_speed: `${maxWindMph} mile / hour`,
      radius_of_max_wind: '25 mile',
      radius_of_closest_isobar: '200 mile',
      air_pressure: `${pressureMb} millibar`,
    });
  }
  return { name: 'hurricane-24h', description: 'A Hugo-like hurricane: 24 hourly wind fields, landfall north-east of the feeder at noon', models };
}

/**
 * Storm surge over the south-east of the feeder (the harbour side), deepest at the tip,
 * with a patch of high ground left dry (a hole); six hours later a standing flood area of
 * receding water. The substation (−79.95, 32.79) stays dry.
 */
function flood() {
  const surge = ring([-79.945, 32.75], [-79.9, 32.75], [-79.9, 32.79], [-79.93, 32.79], [-79.945, 32.781]);
  const highGround = ring([-79.938, 32.772], [-79.938, 32.776], [-79.934, 32.776], [-79.934, 32.772]);
  const core = ring([-79.926, 32.75], [-79.9, 32.75], [-79.9, 32.772], [-79.926, 32.772]);
  return {
    name: 'harbour-surge',
    description: 'Storm surge over the south-east of the feeder at landfall, receding six hours later',
    models: [
      {
        type: 'flood',
        name: 'surge-peak',
        timestamp: at(12),
        affected_areas: [
          {
            type: 'flood_area',
            name: 'surge',
            affected_area: { type: 'Polygon', coordinates: [surge, highGround] },
            water_depth: '1.0 meter',
            water_velocity: '0.8 meter / second',
          },
          {
            type: 'flood_area',
            name: 'battery-tip',
            affected_area: { type: 'Polygon', coordinates: [core] },
            water_depth: '6 foot',
            water_velocity: '1.5 meter / second',
          },
        ],
      },
      {
        type: 'flood_area',
        name: 'receding',
        timestamp: at(18),
        affected_area: { type: 'Polygon', coordinates: [surge, highGround] },
        water_depth: '0.4 meter',
        water_velocity: '0.3 meter / second',
      },
    ],
  };
}

/**
 * A wildfire at the north-west edge of the feeder: its perimeter at 14:00 reaches into the
 * corner; at 17:00 it has grown east around an unburnt island and thrown a spot fire
 * (a stand-alone fire area) into the feeder. Assets beyond a kilometre or two are unhurt.
 */
function wildfire() {
  const early = blob(-80.004, 32.834, 1200, 24, 0.4);
  const late = blob(-79.998, 32.833, 2000, 28, 1.1);
  const island = blob(-79.994, 32.834, 250, 10, 0.2).reverse();
  return {
    name: 'northwest-wildfire',
    description: 'A wildfire spreading into the north-west corner of the feeder, with a spot fire',
    models: [
      {
        type: 'fire',
        name: 'perimeter-1400',
        timestamp: at(14, 22),
        affected_areas: [
          {
            type: 'fire_area',
            name: 'main',
            affected_area: { type: 'Polygon', coordinates: [early] },
            wind_speed: '15 mile / hour',
            wind_direction: '290 degree',
          },
        ],
      },
      {
        type: 'fire',
        name: 'perimeter-1700',
        timestamp: at(17, 22),
        affected_areas: [
          {
            type: 'fire_area',
            name: 'main',
            affected_area: { type: 'Polygon', coordinates: [late, island] },
            wind_speed: '20 mile / hour',
            wind_direction: '290 degree',
          },
        ],
      },
      {
        type: 'fire_area',
        name: 'spot-fire',
        timestamp: at(17, 22),
        affected_area: { type: 'Polygon', coordinates: [blob(-79.972, 32.823, 120, 12)] },
        wind_speed: '20 mile / hour',
        wind_direction: '290 degree',
      },
    ],
  };
}

/**
 * The flood and earthquake in ERAD's own format (infrasys System JSON, docs/migrating-from-erad.md),
 * which hazsim imports: an absolute water elevation in feet on a flat ring, without ground
 * elevation (hazsim warns and takes 0 m).
 */
function eradInfrasys() {
  const fields = (module: string, type: string, extra: object = {}) => ({ fields: { module, type, serialized_type: 'base', ...extra } });
  const quantity = (value: number, units: string, type: string) => ({
    value,
    units,
    __metadata__: { fields: { module: 'infrasys.quantities', type, serialized_type: 'quantity' } },
  });
  return {
    name: 'erad-example',
    description: 'ERAD infrasys hazard JSON: an earthquake and a flood with an absolute water elevation',
    uuid: '6f1b6a52-3a51-4f3e-9a5e-2d7f5c1e0a01',
    data_format_version: null,
    components: [
      {
        uuid: '6f1b6a52-3a51-4f3e-9a5e-2d7f5c1e0a02',
        name: 'summerville',
        timestamp: at(3),
        origin: { type: 'Point', coordinates: [-80.17, 32.95] },
        depth: quantity(12, 'kilometer', 'Distance'),
        magnitude: 3.7,
        __metadata__: fields('erad.models.hazard.earthquake', 'EarthQuakeModel'),
      },
      {
        uuid: '6f1b6a52-3a51-4f3e-9a5e-2d7f5c1e0a03',
        name: 'surge',
        timestamp: at(12),
        affected_areas: [
          {
            __metadata__: fields('erad.models.hazard.flood', 'FloodModelArea', {
              serialized_type: 'composed_component',
              uuid: '6f1b6a52-3a51-4f3e-9a5e-2d7f5c1e0a04',
            }),
          },
        ],
        __metadata__: fields('erad.models.hazard.flood', 'FloodModel'),
      },
      {
        uuid: '6f1b6a52-3a51-4f3e-9a5e-2d7f5c1e0a04',
        name: 'harbour',
        affected_area: { type: 'Polygon', coordinates: ring([-79.945, 32.75], [-79.9, 32.75], [-79.9, 32.79], [-79.93, 32.79], [-79.945, 32.781]) },
        water_velocity: quantity(0.8, 'meter / second', 'Speed'),
        water_elevation: quantity(4, 'foot', 'Distance'),
        __metadata__: fields('erad.models.hazard.flood', 'FloodModelArea'),
      },
    ],
    time_series: { directory: 'erad-example_time_series' },
  };
}

const FILES: Record<string, object> = {
  'earthquake.json': earthquake(),
  'hurricane.json': hurricane(),
  'flood.json': flood(),
  'wildfire.json': wildfire(),
  'erad_infrasys.json': eradInfrasys(),
};

fs.mkdirSync(OUT_DIR, { recursive: true });
for (const [fileName, content] of Object.entries(FILES)) {
  const model = readHazardModel(content);
  // Positions stay on one line each: [lon, lat].
  const text = JSON.stringify(content, null, 2).replace(/\[\s+(-?[\d.e+-]+),\s+(-?[\d.e+-]+)\s+\]/g, '[$1, $2]');
  fs.writeFileSync(path.join(OUT_DIR, fileName), `${text}\n`);
  console.log(`${fileName}: ${model.models.length} models, ${model.timestamps.length} timestamps`);
}
