/**
 * The top level of a distribution model file in each form: GDM's system object
 * (docs/input-distribution.md; gdm requires components, supplemental_attributes and time_series)
 * and the specification's (docs/specification.md) `{name, components, properties}`.
 */
import * as v from 'valibot';
import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import type { InputForm } from './schemas.js';

const nullableString = v.optional(v.nullable(v.string('must be a string or null')));
/** A list whose entries are checked elsewhere (one by one, by the component reader), not copied here. */
const list = (message: string) => v.custom<unknown[]>(Array.isArray, message);
const systemUuid = v.optional(v.pipe(v.string('must be a UUID'), v.uuid('must be a UUID')));

const GdmSystem = v.object(
  {
    name: nullableString,
    description: nullableString,
    uuid: systemUuid,
    data_format_version: nullableString,
    components: list('must be a list of components'),
    supplemental_attributes: list('must be a list'),
    time_series: v.looseObject(
      { directory: v.string('must be a string'), time_series_storage_type: v.optional(v.string('must be a string')) },
      'must be an object {directory, time_series_storage_type}',
    ),
  },
  (issue) => (issue.input === undefined ? 'required key is missing (gdm needs it to load the file)' : 'must be an object'),
);

const NestedSystem = v.object(
  {
    name: v.pipe(v.string('must be a string'), v.trim()),
    description: nullableString,
    uuid: systemUuid,
    components: list('must be a list of components'),
    properties: v.optional(v.record(v.string(), v.unknown(), 'must be an object'), {}),
  },
  (issue) => (issue.input === undefined ? 'required key is missing' : 'must be an object'),
);

const SCHEMAS = { gdm: GdmSystem, nested: NestedSystem } as const;

/** gdm versions this reader implements: 2.0 to 2.4. */
const SUPPORTED_MAJOR = 2;

/** Parses "2.3.5" (a fourth part is dropped, as gdm's fix_version does); null when absent or unreadable. */
export function parseVersion(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(value.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : null;
}

/** Checks the top-level keys of a model file; every problem goes to `issues`. */
export function checkSystem(content: Record<string, unknown>, form: InputForm, issues: Issue[]): void {
  const schema = SCHEMAS[form];
  const result = v.safeParse(schema, content, { abortEarly: false });
  if (!result.success) {
    for (const issue of result.issues) issues.push({ path: formatPath((issue.path ?? []).map((item) => item.key as string | number)), message: issue.message });
  }
  for (const key of Object.keys(content)) {
    if (!Object.hasOwn(schema.entries, key)) {
      issues.push({
        path: formatPath([key]),
        message: form === 'gdm' ? 'unknown top-level key in a GDM DistributionSystem file' : 'unknown top-level key; free metadata belongs in "properties"',
      });
    }
  }
  if (form === 'gdm' && typeof content.data_format_version === 'string') {
    const version = parseVersion(content.data_format_version);
    if (!version || version[0] !== SUPPORTED_MAJOR) {
      issues.push({ path: 'data_format_version', message: `"${content.data_format_version}": hazsim reads files written by gdm 2.0 to 2.4` });
    }
  }
}
