/**
 * Counts what a model's content holds, for the summaries agents read before running
 * anything. Pure functions over parsed content; the service adds the stored record.
 */
import { ERAD_HAZARD_CLASSES, infrasysTypeOf } from '../hazards/detect.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Number of entries of each type, keys sorted; entries without a type count as "unknown". */
function countByType(entries: unknown[], typeOf: (entry: unknown) => string | undefined): Record<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const type = typeOf(entry) ?? 'unknown';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** The type of a component: its infrasys class (GDM JSON) or its `type` field (hazsim's nested form). */
function componentType(component: unknown): string | undefined {
  if (!isObject(component)) return undefined;
  return infrasysTypeOf(component) ?? (typeof component.type === 'string' ? component.type : undefined);
}

const HAZARD_TYPE_BY_CLASS: Record<string, string> = Object.fromEntries(Object.entries(ERAD_HAZARD_CLASSES).map(([type, className]) => [className, type]));

/** The hazard type of a hazard model entry: `type` (hazsim form) or the hazard type of its ERAD class. */
function hazardType(model: unknown): string | undefined {
  if (!isObject(model)) return undefined;
  const className = infrasysTypeOf(model);
  if (className !== undefined) return HAZARD_TYPE_BY_CLASS[className];
  return typeof model.type === 'string' ? model.type : undefined;
}

function arrayAt(content: unknown, key: string): unknown[] {
  return isObject(content) && Array.isArray(content[key]) ? content[key] : [];
}

/** Components of a distribution model's content, counted by type. */
export function summarizeDistributionContent(content: unknown) {
  const components = arrayAt(content, 'components');
  const name = isObject(content) && typeof content.name === 'string' ? content.name : null;
  return { system_name: name, component_count: components.length, components_by_type: countByType(components, componentType) };
}

/**
 * Hazard models of a hazard model's content, counted by hazard type, and its timestamps:
 * the `timestamps` array of hazsim's form, else the distinct `timestamp` fields of ERAD's
 * hazard components in file order.
 */
export function summarizeHazardContent(content: unknown) {
  const models = isObject(content) && Array.isArray(content.models) ? content.models : arrayAt(content, 'components').filter((entry) => hazardType(entry) !== undefined);
  const listed = arrayAt(content, 'timestamps');
  const timestamps = (listed.length > 0 ? listed : [...new Set(models.map((model) => (isObject(model) ? model.timestamp : undefined)))]).filter(
    (value): value is string => typeof value === 'string',
  );
  return { hazard_model_count: models.length, hazard_models_by_type: countByType(models, hazardType), timestamp_count: timestamps.length, timestamps };
}

/** Top-level keys of a model's content, in file order. */
export function contentKeys(content: unknown): string[] {
  return isObject(content) ? Object.keys(content) : [];
}
