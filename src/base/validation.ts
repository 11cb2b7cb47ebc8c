import * as v from 'valibot';
import { HazsimError, type Issue } from './errors.js';

/** Renders a JSON path the way error messages show it: `components[12].buses[0]`, `body.seed`. */
export function formatPath(segments: readonly (string | number)[]): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/**
 * A valibot issue's message in plain words. Valibot's default for a missing key reads
 * `Invalid key: Expected "x" but received undefined` and for an extra key `... Expected
 * never ...`; the path already names the key, so these say "required" and "unknown field".
 */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && (issue.type === 'strict_object' || issue.type === 'object' || issue.type === 'loose_object') && issue.path?.length) {
    if (issue.expected === 'never') return 'unknown field';
    if (issue.received === 'undefined') return 'required';
  }
  return issue.message;
}

/** Turns valibot issues into hazsim issues, one per problem, with the JSON path under `prefix`. */
export function issuesFromValibot(issues: readonly v.BaseIssue<unknown>[], prefix: readonly (string | number)[] = []): Issue[] {
  return issues.map((issue) => ({
    path: formatPath([...prefix, ...(issue.path ?? []).map((item) => item.key as string | number)]),
    message: issueMessage(issue),
  }));
}

/**
 * Validates `input` against `schema` and returns its output, or throws invalid_input
 * listing every issue. `what` names the input in the message ("request body", "curve set").
 */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  what: string,
  prefix: readonly (string | number)[] = [],
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortEarly: false });
  if (result.success) return result.output;
  const issues = issuesFromValibot(result.issues, prefix);
  throw new HazsimError(
    'invalid_input',
    `Invalid ${what}: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}`,
    issues,
  );
}
