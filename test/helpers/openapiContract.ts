/**
 * A small Schemathesis-style contract checker over hazsim's own OpenAPI document: it derives
 * request cases from each operation's parameters and body schema (valid examples, every
 * property of the wrong type, bounds crossed, scalars, unknown fields, malformed bodies),
 * sends them over real HTTP and checks that every answer's status is documented for the
 * operation and its JSON body validates (ajv, JSON Schema 2020-12) against the documented schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

type Json = Record<string, any>;

export interface Case {
  label: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | FormData;
}

export interface Operation {
  method: string;
  template: string;
  spec: Json;
}

export interface Violation {
  operation: string;
  label: string;
  problem: string;
}

export function operationsOf(document: Json): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), template, spec })),
  );
}

/** Compiles the documented response schemas; `$ref`s point into the document's components. */
export function responseValidator(document: Json): (schema: Json) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'https://hazsim.invalid/openapi.json', components: document.components });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"https://hazsim.invalid/openapi.json#/components/');
    let validate = cache.get(text);
    if (!validate) {
      validate = ajv.compile(JSON.parse(text));
      cache.set(text, validate);
    }
    return validate;
  };
}

function resolve(document: Json, schema: Json): Json {
  let current = schema;
  while (current?.$ref)
    current = current.$ref
      .split('/')
      .slice(1)
      .reduce((node: Json, key: string) => node[key], document);
  return current;
}

/** A value of another JSON type than the schema allows. */
function wrongTypes(schema: Json): unknown[] {
  const type = schema.type ?? (schema.enum ? typeof schema.enum[0] : undefined);
  if (type === 'string') return [123, null, ['x']];
  if (type === 'integer' || type === 'number') return ['7', true, null];
  if (type === 'boolean') return ['true', 0];
  return [[], 'x'];
}

/** Values that cross the schema's bounds. */
function outOfBounds(schema: Json): unknown[] {
  const values: unknown[] = [];
  if (schema.type === 'integer') values.push(1.5);
  if (typeof schema.minimum === 'number') values.push(schema.minimum - 1);
  if (typeof schema.maximum === 'number') values.push(schema.maximum + 1);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push('');
  if (typeof schema.maxLength === 'number') values.push('x'.repeat(schema.maxLength + 1));
  if (Array.isArray(schema.enum)) values.push(`${String(schema.enum[0])}-not-a-member`);
  return values;
}

/** Bodies for an operation with a JSON request body. */
export function jsonBodyCases(document: Json, operation: Operation, path: string): Case[] {
  const media = operation.spec.requestBody.content['application/json'];
  const schema = resolve(document, media.schema);
  const example = media.example as Json;
  const json = (label: string, body: unknown): Case => ({ label, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const cases: Case[] = [json('the documented example', example), json('an empty object', {})];
  for (const scalar of [null, 'AAA', 1, true, []]) cases.push(json(`the scalar ${JSON.stringify(scalar)}`, scalar));
  cases.push(json('an unknown field', { ...example, unknown_field: 1 }));
  // A body of several shapes (oneOf) gets the cases of every property any shape has.
  const variants: Json[] = schema.properties ? [schema] : (schema.oneOf ?? schema.anyOf).map((variant: Json) => resolve(document, variant));
  const properties: Record<string, Json> = Object.assign({}, ...variants.map((variant) => variant.properties));
  for (const [name, property] of Object.entries(properties)) {
    for (const value of wrongTypes(property)) cases.push(json(`${name} = ${JSON.stringify(value)}`, { ...example, [name]: value }));
    for (const value of outOfBounds(property)) cases.push(json(`${name} = ${JSON.stringify(value).slice(0, 40)}`, { ...example, [name]: value }));
    const { [name]: _left, ...without } = example;
    cases.push(json(`without ${name}`, without));
  }
  cases.push({ label: 'malformed JSON', path, headers: { 'content-type': 'application/json' }, body: '{"distribution_system_name": ' });
  cases.push({ label: 'a text/plain body', path, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(example) });
  cases.push({
    label: 'a body over 1 MB',
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...example, pad: 'x'.repeat(1_100_000) }),
  });
  cases.push({ label: 'no body at all', path });
  return cases;
}

/** Forms for an operation with a multipart upload. */
export function uploadCases(path: string, validFile: { name: string; content: string }): Case[] {
  const form = (fields: [string, string | Blob, string?][]) => {
    const data = new FormData();
    for (const [name, value, fileName] of fields) {
      if (fileName !== undefined) data.append(name, value as Blob, fileName);
      else data.append(name, value as string);
    }
    return data;
  };
  const file = (content: string, name = validFile.name): [string, Blob, string] => ['file', new Blob([content]), name];
  return [
    {
      label: 'a valid upload under a new name',
      path,
      body: form([file(validFile.content), ['name', 'contract_copy'], ['description', 'from the contract test']]),
    },
    { label: 'the same name again', path, body: form([file(validFile.content), ['name', 'contract_copy']]) },
    { label: 'the same name with overwrite', path, body: form([file(validFile.content), ['name', 'contract_copy'], ['overwrite', 'true']]) },
    { label: 'overwrite = maybe', path, body: form([file(validFile.content), ['overwrite', 'maybe']]) },
    { label: 'an empty file', path, body: form([file('')]) },
    { label: 'a file that is not JSON', path, body: form([file('not json at all')]) },
    { label: 'JSON that is not a model', path, body: form([file('{"a": 1}')]) },
    { label: 'an unknown field', path, body: form([file(validFile.content), ['colour', 'red']]) },
    { label: 'no file part', path, body: form([['name', 'x']]) },
    { label: 'a JSON body instead of a form', path, headers: { 'content-type': 'application/json' }, body: '{}' },
  ];
}

/** Path and query variations of an operation without a body. */
export function parameterCases(operation: Operation, fillPath: (value?: string) => string): Case[] {
  const cases: Case[] = [{ label: 'the documented example', path: fillPath() }];
  if (operation.template.includes('{')) {
    for (const value of ['no_such_entry', 'ünï cødé', 'x'.repeat(300), '%E0%A4%A', '.hidden', 'a\'b"c']) {
      cases.push({ label: `path parameter ${JSON.stringify(value.slice(0, 20))}`, path: fillPath(value === '%E0%A4%A' ? value : encodeURIComponent(value)) });
    }
  }
  const query = (operation.spec.parameters ?? []).filter((parameter: Json) => parameter.in === 'query');
  for (const parameter of query) {
    const schema = parameter.schema as Json;
    const valid = schema.enum ?? (schema.type === 'integer' ? [schema.minimum ?? 1, schema.maximum ?? 5] : []);
    for (const value of valid) cases.push({ label: `${parameter.name}=${value}`, path: fillPath(), query: { [parameter.name]: String(value) } });
    const invalid =
      schema.type === 'integer' ? ['abc', '1.5', String((schema.minimum ?? 1) - 1), String((schema.maximum ?? 0) + 1), ''] : ['not-a-cursor', '%%%'];
    for (const value of schema.enum ? ['maybe'] : invalid)
      cases.push({ label: `${parameter.name}=${value}`, path: fillPath(), query: { [parameter.name]: value } });
  }
  return cases;
}

/**
 * Sends one case and returns what breaks the contract: an undocumented status, a 5xx, a
 * body that is not the documented media type or does not validate against its schema, a
 * response without X-Request-Id.
 */
export async function checkCase(
  base: string,
  operation: Operation,
  request: Case,
  validatorFor: (schema: Json) => ValidateFunction,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const url = new URL(request.path, base);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: operation.method,
    headers: { ...headers, ...request.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  const problems: string[] = [];
  const documented = operation.spec.responses[String(response.status)];
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status >= 500) problems.push(`server error ${response.status}: ${bytes.toString('utf8').slice(0, 200)}`);
  if (!response.headers.get('x-request-id')) problems.push('no X-Request-Id');
  if (!documented) {
    problems.push(
      `status ${response.status} is not documented (documented: ${Object.keys(operation.spec.responses).join(', ')}): ${bytes.toString('utf8').slice(0, 200)}`,
    );
    return problems;
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0];
  if (!documented.content) {
    if (bytes.length > 0) problems.push(`status ${response.status} is documented without a body but has ${bytes.length} bytes`);
    return problems;
  }
  const mediaKey = Object.keys(documented.content).find((key) => key.split(';')[0].trim() === type);
  const media = mediaKey ? documented.content[mediaKey] : undefined;
  if (!media) {
    problems.push(`content type ${JSON.stringify(type)} is not documented for ${response.status} (documented: ${Object.keys(documented.content).join(', ')})`);
    return problems;
  }
  if (type === 'application/json') {
    const validate = validatorFor(media.schema);
    if (!validate(JSON.parse(bytes.toString('utf8'))))
      problems.push(`body does not match the ${response.status} schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
  return problems;
}
