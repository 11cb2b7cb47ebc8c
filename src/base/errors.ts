/**
 * The one error type of hazsim's core, and the one table that turns its kinds into
 * CLI exit codes and HTTP statuses (docs/architecture.md). The kinds are a contract: interfaces
 * and users' scripts depend on them, so they are not renamed casually.
 */

export type HazsimErrorKind = 'usage' | 'not_found' | 'conflict' | 'invalid_input' | 'unreadable' | 'too_large' | 'no_space' | 'internal';

/** One problem found in an input, located by its JSON path (`components[12].buses[0]`). */
export interface Issue {
  path: string;
  message: string;
}

export class HazsimError extends Error {
  readonly kind: HazsimErrorKind;
  readonly issues: Issue[] | undefined;
  /**
   * A suggestion for people ("Did you mean 'feeder'?"), kept out of `message`: REST's `detail`
   * is the message alone, worded as the service specification fixes it.
   */
  readonly hint: string | undefined;

  constructor(kind: HazsimErrorKind, message: string, issues?: Issue[], hint?: string) {
    super(message);
    this.name = 'HazsimError';
    this.kind = kind;
    this.issues = issues && issues.length > 0 ? issues : undefined;
    this.hint = hint;
  }
}

/** Exit code and HTTP status for each kind; no other code picks either. */
export const ERROR_KIND_TABLE: Readonly<Record<HazsimErrorKind, { exitCode: number; httpStatus: number }>> = {
  usage: { exitCode: 2, httpStatus: 400 },
  not_found: { exitCode: 3, httpStatus: 404 },
  conflict: { exitCode: 4, httpStatus: 409 },
  invalid_input: { exitCode: 5, httpStatus: 422 },
  unreadable: { exitCode: 5, httpStatus: 400 },
  too_large: { exitCode: 5, httpStatus: 413 },
  // RFC 4918 §11.5, 507 Insufficient Storage: the server cannot store what the request needs.
  no_space: { exitCode: 6, httpStatus: 507 },
  internal: { exitCode: 1, httpStatus: 500 },
};

/** System and SQLite codes of a full disk or an exhausted quota. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** True for an error of a full disk or quota (docs/hardening.md, "Disk full"). */
export function isNoSpaceError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NO_SPACE_CODES.has(code);
}

export function isHazsimError(error: unknown): error is HazsimError {
  return error instanceof HazsimError;
}

/** Wraps anything thrown that is not a HazsimError as an internal fault (a full disk as no_space), keeping the cause. */
export function toHazsimError(error: unknown): HazsimError {
  if (error instanceof HazsimError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const wrapped = isNoSpaceError(error)
    ? new HazsimError('no_space', `No space left on the device (disk full or quota reached): ${message}; free some space and try again`)
    : new HazsimError('internal', message);
  if (error instanceof Error) wrapped.stack = error.stack;
  return wrapped;
}

/** Renders an error with its issues, one per line, for terminals and logs. */
export function formatError(error: HazsimError): string {
  const lines = [error.message];
  // Short issue lists are already spelled out in the message (see parseOrThrow); print them once.
  if (error.issues && !error.issues.every((issue) => error.message.includes(issue.message))) {
    lines.push(...error.issues.map((issue) => `  ${issue.path ? `${issue.path}: ` : ''}${issue.message}`));
  }
  if (error.hint) lines.push(error.hint);
  return lines.join('\n');
}
