import type * as v from 'valibot';
import { HazsimError, type Issue } from './errors.js';
import { issuesFromValibot } from './validation.js';

/**
 * Valibot issues as hazsim issues, with strict objects' unknown and missing keys named
 * plainly ("unknown field "magnitud"", "missing required field "timestamp"") instead of
 * valibot's generic "Invalid key" wording.
 */
export function readableIssues(issues: readonly v.BaseIssue<unknown>[], prefix: readonly (string | number)[] = []): Issue[] {
  return issuesFromValibot(issues, prefix).map((issue, index) => {
    const { type, expected, received } = issues[index];
    if (type !== 'strict_object' && type !== 'object') return issue;
    if (expected === 'never') return { path: issue.path, message: `unknown field ${received}` };
    if (received === 'undefined' && expected?.startsWith('"')) return { path: issue.path, message: `missing required field ${expected}` };
    return issue;
  });
}

/** The invalid_input error for content with problems: "Invalid <what>: N problems found", carrying them all. */
export function invalidContent(what: string, issues: Issue[]): HazsimError {
  return new HazsimError('invalid_input', `Invalid ${what}: ${issues.length} problem${issues.length === 1 ? '' : 's'} found`, issues);
}
