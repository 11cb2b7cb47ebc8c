import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import type { HazardFileEntry } from './descriptor.js';
import { eradClasses, infrasysTypeOf } from './detect.js';
import { isObject } from '../../base/json.js';
import { metadataFields } from '../../base/infrasys.js';

/**
 * ERAD's hazard files: an infrasys System JSON (docs/input-hazard.md) whose components are
 * EarthQuakeModel, WindModel, FloodModel/FloodModelArea and FireModel/FireModelArea, with
 * quantities as {value, units}, points as GeoJSON-like {type: "Point", coordinates}, and
 * areas referenced by uuid. They are converted to the hazsim form and then checked like
 * any hazsim file; problems are reported at the ERAD component's path. Other components
 * (ERAD's fragility curves among them) are ignored: curves come from curve sets.
 */

type Json = Record<string, unknown>;

/** ERAD's base unit for a bare number in a quantity field (ERAD's models declare SI base units; docs/input-hazard.md). */
const ERAD_BASE_UNITS: Readonly<Record<string, string>> = {
  depth: 'meter',
  radius_of_max_wind: 'meter',
  radius_of_closest_isobar: 'meter',
  water_elevation: 'meter',
  water_depth: 'meter',
  ground_elevation: 'meter',
  max_wind_speed: 'meter / second',
  water_velocity: 'meter / second',
  wind_speed: 'meter / second',
  air_pressure: 'millibar',
  wind_direction: 'degree',
};

export interface EradConversion {
  /** The hazsim hazard file built from the ERAD components. */
  content: { name: string; models: Json[] };
  /** Problems only the conversion can see (dangling references, malformed points). */
  issues: Issue[];
  /** Turns a path in `content` ("models[2].affected_areas[0].water_velocity") into the ERAD file's path. */
  sourcePath(path: string): string;
}

/** The uuid a composed-component reference points to, in either `__metadata__` dialect. */
function referencedUuid(reference: unknown): string | undefined {
  if (!isObject(reference) || !isObject(reference.__metadata__)) return undefined;
  const fields = metadataFields(reference.__metadata__);
  return typeof fields.uuid === 'string' ? fields.uuid : undefined;
}

/** An infrasys quantity {value, units} as a quantity string; a bare number gets ERAD's base unit. */
function quantityText(field: string, value: unknown): unknown {
  if (isObject(value) && typeof value.value === 'number' && typeof value.units === 'string') return `${value.value} ${value.units}`;
  if (typeof value === 'number' && Object.hasOwn(ERAD_BASE_UNITS, field)) return `${value} ${ERAD_BASE_UNITS[field]}`;
  return value;
}

/** Converts an ERAD infrasys hazard system to the hazsim hazard file form. */
export function eradToHazsim(system: Json): EradConversion {
  const components = Array.isArray(system.components) ? system.components : [];
  const indexByUuid = new Map<string, number>();
  components.forEach((component, index) => {
    if (isObject(component) && typeof component.uuid === 'string') indexByUuid.set(component.uuid, index);
  });
  const issues: Issue[] = [];
  const models: Json[] = [];
  const modelSources: string[] = [];
  const areaSources: string[][] = [];

  const classes = eradClasses();
  const convert = (component: Json, index: number, fileEntry: HazardFileEntry, nested: boolean): Json => {
    const spec = fileEntry.erad!;
    const entry: Json = nested ? {} : { type: fileEntry.type };
    if (component.name !== undefined && component.name !== null) entry.name = component.name;
    if (!nested) entry.timestamp = component.timestamp;
    for (const field of spec.fields) {
      if (component[field] !== undefined && component[field] !== null) entry[field] = quantityText(field, component[field]);
    }
    for (const field of spec.points ?? []) {
      const point = component[field];
      const coordinates = isObject(point) ? point.coordinates : undefined;
      if (Array.isArray(coordinates) && coordinates.length === 2) entry[field] = { longitude: coordinates[0], latitude: coordinates[1] };
      else issues.push({ path: formatPath(['components', index, field]), message: 'expected a point {"type": "Point", "coordinates": [longitude, latitude]}' });
    }
    return entry;
  };

  components.forEach((component, index) => {
    if (!isObject(component)) return;
    const fileEntry = classes.get(infrasysTypeOf(component) ?? '');
    // Areas have no timestamp in ERAD: they exist only through the model that references them.
    if (!fileEntry || fileEntry.eradPartOnly) return;
    const spec = fileEntry.erad!;
    const entry = convert(component, index, fileEntry, false);
    const sources: string[] = [];
    if (spec.areas) {
      const references = component[spec.areas];
      const areas: Json[] = [];
      if (!Array.isArray(references)) {
        issues.push({ path: formatPath(['components', index, spec.areas]), message: 'expected a list of references to area components' });
      } else {
        references.forEach((reference, position) => {
          const uuid = referencedUuid(reference);
          const target = uuid === undefined ? undefined : indexByUuid.get(uuid);
          const area = target === undefined ? undefined : components[target];
          const areaEntry = isObject(area) ? classes.get(infrasysTypeOf(area) ?? '') : undefined;
          if (target === undefined || !isObject(area) || !areaEntry?.eradPartOnly) {
            const what = uuid === undefined ? 'is not a component reference' : `refers to component ${uuid}, which is not an area in components`;
            issues.push({ path: formatPath(['components', index, spec.areas!, position]), message: what });
            return;
          }
          areas.push(convert(area, target, areaEntry, true));
          sources.push(formatPath(['components', target]));
        });
      }
      entry[spec.areas] = areas;
    }
    models.push(entry);
    modelSources.push(formatPath(['components', index]));
    areaSources.push(sources);
  });

  const sourcePath = (path: string): string => {
    const match = /^models\[(\d+)\](?:\.affected_areas\[(\d+)\])?(.*)$/.exec(path);
    if (!match) return path;
    const model = Number(match[1]);
    const base = match[2] !== undefined ? (areaSources[model]?.[Number(match[2])] ?? modelSources[model]) : modelSources[model];
    const rest = match[3].replace(/^\.(origin|center)\.longitude/, '.$1.coordinates[0]').replace(/^\.(origin|center)\.latitude/, '.$1.coordinates[1]');
    return `${base}${rest}`;
  };

  const name = typeof system.name === 'string' ? system.name : '';
  return { content: { name, models }, issues, sourcePath };
}
