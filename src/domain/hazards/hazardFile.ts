import * as v from 'valibot';
import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import { readableIssues } from '../../base/readableIssues.js';
import { parseTimestamp } from './_timestamps.js';
import { Timestamp } from './_schema.js';
import { ExposureSchema } from './wind/exposure.js';
import { MAX_WIND_SOURCES } from './wind/stormSize.js';
import { TerrainSchema } from './wind/terrain.js';
import { applyInlandDecay, InlandDecaySchema } from './windInlandDecay.js';
import { hazardFileEntry, hazardFileTypes } from './registry.js';
import type { HazardEntry, HazardModel, WindHazard } from './types.js';

/**
 * The hazsim hazard file (docs/input-hazard.md): `{name?, description?, notes?, timestamps?, terrain?,
 * exposure?, max_wind_source?, inland_decay?, models}`. Each model is read by the schema of its `type`;
 * `timestamps`, when given, must be the set of the models' timestamps. `max_wind_source` is the
 * hazard's choice for every wind model that does not make its own (wind/stormSize.ts).
 */

const HazardFileShape = v.strictObject(
  {
    name: v.optional(v.string('name must be a string')),
    description: v.optional(v.string('description must be a string')),
    notes: v.optional(v.array(v.string('each note must be a string'), 'notes must be a list of strings')),
    timestamps: v.optional(v.array(Timestamp, 'timestamps must be a list of ISO 8601 date-times')),
    terrain: v.optional(TerrainSchema),
    exposure: v.optional(ExposureSchema),
    max_wind_source: v.optional(v.picklist(MAX_WIND_SOURCES, `max_wind_source must be one of ${MAX_WIND_SOURCES.join(', ')}`)),
    inland_decay: v.optional(InlandDecaySchema),
    models: v.pipe(v.array(v.unknown(), 'models must be a list of hazard models'), v.minLength(1, 'a hazard model needs at least one model in models')),
  },
  'expected a hazard file object {name, description, notes, timestamps, terrain, exposure, max_wind_source, inland_decay, models}',
);

export interface HazardFileResult {
  model: HazardModel | null;
  issues: Issue[];
}

/** Reads a hazsim hazard file: the normalized model, or every problem with its path. */
export function readHazardFile(content: unknown): HazardFileResult {
  const shape = v.safeParse(HazardFileShape, content, { abortEarly: false });
  if (!shape.success) {
    // Models are still checked when only the envelope is wrong, so one pass reports everything.
    const rawModels = (content as { models?: unknown })?.models;
    const issues = readableIssues(shape.issues);
    if (Array.isArray(rawModels)) issues.push(...readModels(rawModels).issues);
    return { model: null, issues };
  }
  const read = readModels(shape.output.models);
  const issues = read.issues;
  const maxWindSource = shape.output.max_wind_source;
  let models = maxWindSource
    ? read.models.map((model) => (model.type === 'wind' && !(model as WindHazard).maxWindSource ? { ...model, maxWindSource } : model))
    : read.models;
  if (shape.output.inland_decay && issues.length === 0) {
    const decayed = applyInlandDecay(models, shape.output.inland_decay);
    models = decayed.models;
    issues.push(...decayed.issues);
  }
  const timestamps = [...new Set(models.map((model) => model.timestamp))].sort();
  if (shape.output.timestamps) issues.push(...timestampsDisagreement(shape.output.timestamps, shape.output.models, timestamps));
  if (issues.length > 0) return { model: null, issues };
  const { terrain, exposure, notes } = shape.output;
  return {
    model: {
      name: shape.output.name ?? '',
      ...(terrain ? { terrain } : {}),
      ...(exposure ? { exposure } : {}),
      ...(notes?.length ? { notes } : {}),
      timestamps,
      models,
    },
    issues: [],
  };
}

function readModels(rawModels: unknown[]): { models: HazardEntry[]; issues: Issue[] } {
  const models: HazardEntry[] = [];
  const issues: Issue[] = [];
  rawModels.forEach((raw, index) => {
    const type = (raw as { type?: unknown } | null)?.type;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      issues.push({ path: formatPath(['models', index]), message: `expected a hazard model object with a "type" (${hazardFileTypes().join(', ')})` });
      return;
    }
    const entry = typeof type === 'string' ? hazardFileEntry(type) : undefined;
    if (!entry) {
      const problem = type === undefined ? 'missing "type"' : `unknown hazard type ${JSON.stringify(type)}`;
      issues.push({ path: formatPath(['models', index, 'type']), message: `${problem}; expected one of ${hazardFileTypes().join(', ')}` });
    } else {
      const result = v.safeParse(entry.schema, raw, { abortEarly: false });
      if (result.success) models.push(result.output);
      else issues.push(...readableIssues(result.issues, ['models', index]));
    }
  });
  return { models, issues };
}

/** Problems when the declared timestamps are not the set of the models' timestamps. */
function timestampsDisagreement(declared: string[], rawModels: unknown[], readTimestamps: string[]): Issue[] {
  // Timestamps of models that failed other checks still count, so one bad field does not also fake a mismatch.
  const actual = new Set(readTimestamps);
  for (const raw of rawModels) {
    const parsed = parseTimestamp((raw as { timestamp?: unknown } | null)?.timestamp);
    if (parsed.ok) actual.add(parsed.value);
  }
  const issues: Issue[] = [];
  const seen = new Set<string>();
  declared.forEach((timestamp, index) => {
    if (seen.has(timestamp)) issues.push({ path: formatPath(['timestamps', index]), message: `${timestamp} is listed twice` });
    else if (!actual.has(timestamp)) issues.push({ path: formatPath(['timestamps', index]), message: `${timestamp} is not the timestamp of any model` });
    seen.add(timestamp);
  });
  const missing = [...actual].filter((timestamp) => !seen.has(timestamp)).sort();
  if (missing.length > 0) {
    issues.push({
      path: 'timestamps',
      message: `must list every model's timestamp; missing ${missing.join(', ')} (leave timestamps out to have them derived)`,
    });
  }
  return issues;
}
