/**
 * hazsim's MCP resources (docs/specification.md §4.2): two fixed ones, and the full JSON and a summary of
 * every cached model under `hazsim://models/{model_name}` and `hazsim://hazards/{model_name}`.
 * Listings are read from the cache on every request, so models stored by the CLI or the
 * REST server appear at once.
 */
import {
  McpError,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import type { ModelKindId } from '../../app/models/kinds.js';
import type { HazsimService } from '../../app/service.js';
import { RESOURCE_NOT_FOUND } from './errors.js';

const JSON_TYPE = 'application/json';

/** URI word of each model kind: hazsim://models/... and hazsim://hazards/... */
const KIND_SEGMENT: Readonly<Record<ModelKindId, string>> = { distribution: 'models', hazard: 'hazards' };
const KIND_TITLE: Readonly<Record<ModelKindId, string>> = { distribution: 'Distribution model', hazard: 'Hazard model' };

const FIXED: readonly (Resource & { read(service: HazsimService): unknown })[] = [
  {
    uri: 'hazsim://cache/info',
    name: 'cache-info',
    title: 'Cache information',
    description: 'Where the model cache is, its metadata file and how many models it holds',
    mimeType: JSON_TYPE,
    read: (service) => {
      const { cache_directory, metadata_file, total_models } = service.cache.info();
      return { cache_directory, metadata_file, total_models };
    },
  },
  {
    uri: 'hazsim://hazards/types',
    name: 'hazard-types',
    title: 'Supported hazard types',
    description: 'The hazard types hazsim simulates, with their model class',
    mimeType: JSON_TYPE,
    read: (service) => service.models.hazardTypes(),
  },
];

/**
 * A model's full JSON larger than this many characters is not sent in one read: the read
 * answers its summary and the URIs of its pages, each this long (the pages joined are the
 * file). A 92 MB model in one message stalls clients for a minute and floods an agent's context.
 */
export const MAX_RESOURCE_CHARS = 1_000_000;

const TEMPLATES: ListResourceTemplatesResult['resourceTemplates'] = (['distribution', 'hazard'] as const).flatMap((kind) => [
  {
    uriTemplate: `hazsim://${KIND_SEGMENT[kind]}/{model_name}`,
    name: `${KIND_SEGMENT[kind]}-content`,
    title: `${KIND_TITLE[kind]} (full JSON)`,
    description: `The full JSON of a cached ${KIND_TITLE[kind].toLowerCase()}, as stored; over ${MAX_RESOURCE_CHARS} characters, its summary and the URIs of its pages instead`,
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: `hazsim://${KIND_SEGMENT[kind]}/{model_name}/pages/{page}`,
    name: `${KIND_SEGMENT[kind]}-page`,
    title: `${KIND_TITLE[kind]} (one page of its JSON text)`,
    description: `Characters (page-1)*${MAX_RESOURCE_CHARS} to page*${MAX_RESOURCE_CHARS} of the stored JSON text; the pages joined in order are the file`,
    mimeType: 'text/plain',
  },
  {
    uriTemplate: `hazsim://${KIND_SEGMENT[kind]}/{model_name}/summary`,
    name: `${KIND_SEGMENT[kind]}-summary`,
    title: `${KIND_TITLE[kind]} summary`,
    description:
      kind === 'distribution'
        ? 'Record, file size and top-level keys of a cached distribution model, with its component and asset counts by type, buses, bounding box, voltage levels and phases'
        : 'Record, file size and top-level keys of a cached hazard model, with its hazard counts by type, timestamps and bounding box',
    mimeType: JSON_TYPE,
  },
]);

/** The URI of a model's full JSON; a hazard model named like a fixed resource is reached through its summary. */
function modelUri(kind: ModelKindId, name: string): string {
  const uri = `hazsim://${KIND_SEGMENT[kind]}/${encodeURIComponent(name)}`;
  return FIXED.some((fixed) => fixed.uri === uri) ? `${uri}/summary` : uri;
}

/** The fixed resources and one entry per cached model. */
export async function listResources(service: HazsimService): Promise<ListResourcesResult> {
  const resources: Resource[] = FIXED.map(({ read: _read, ...resource }) => resource);
  for (const kind of ['distribution', 'hazard'] as const) {
    for (const record of await service.models.list(kind)) {
      resources.push({
        uri: modelUri(kind, record.name),
        name: record.name,
        title: `${KIND_TITLE[kind]}: ${record.name}`,
        description: record.description || `${KIND_TITLE[kind]} '${record.name}'`,
        mimeType: JSON_TYPE,
      });
    }
  }
  return { resources };
}

export function listResourceTemplates(): ListResourceTemplatesResult {
  return { resourceTemplates: TEMPLATES };
}

const MODEL_URI = /^hazsim:\/\/(models|hazards)\/([^/]+)(\/summary|\/pages\/(\d+))?$/;

/** Reads one resource; an unknown URI or model is a protocol error naming it. */
export function readResource(service: HazsimService, uri: string): ReadResourceResult {
  const fixed = FIXED.find((resource) => resource.uri === uri);
  if (fixed) return jsonContents(uri, fixed.read(service));
  const match = MODEL_URI.exec(uri);
  const name = match ? decodeName(match[2]) : null;
  if (!match || name === null) {
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `Unknown resource URI: ${uri} (expected ${FIXED.map((resource) => resource.uri).join(', ')} or one of ${TEMPLATES.map((template) => template.uriTemplate).join(', ')})`,
    );
  }
  const kind: ModelKindId = match[1] === 'models' ? 'distribution' : 'hazard';
  if (match[3] === '/summary') return jsonContents(uri, service.models.summary(kind, name));
  const text = service.models.text(kind, name);
  const pageCount = Math.ceil(text.length / MAX_RESOURCE_CHARS);
  const base = `hazsim://${match[1]}/${match[2]}`;
  if (match[4] !== undefined) {
    const page = Number(match[4]);
    if (page < 1 || page > pageCount) throw new McpError(RESOURCE_NOT_FOUND, `Unknown page ${match[4]} of ${name}: it has pages 1 to ${pageCount}`);
    return { contents: [{ uri, mimeType: 'text/plain', text: text.slice((page - 1) * MAX_RESOURCE_CHARS, page * MAX_RESOURCE_CHARS) }] };
  }
  if (text.length <= MAX_RESOURCE_CHARS) return { contents: [{ uri, mimeType: JSON_TYPE, text }] };
  return jsonContents(uri, {
    truncated: true,
    message: `${name} is ${text.length} characters of JSON, more than one read returns (${MAX_RESOURCE_CHARS}): here is its summary; read the pages in order and join their text for the full JSON`,
    total_chars: text.length,
    page_count: pageCount,
    pages: Array.from({ length: pageCount }, (_, index) => `${base}/pages/${index + 1}`),
    summary: service.models.summary(kind, name),
  });
}

function decodeName(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function jsonContents(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(value, null, 2) }] };
}
