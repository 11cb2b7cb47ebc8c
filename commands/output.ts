import type { CommandContext, GlobalOptions } from './context.js';
import { streamsToStdout } from '../src/app/results/resultOutput.js';

/** The help of --overwrite on every command that writes a result file (docs/hardening.md, "Result files"). */
export const OVERWRITE_HELP = 'replace an existing file at the output path even when it is not of the kind this command writes';

/**
 * Writes `value` as JSON (with --json) or `human()` as text to stdout; with `-o -` the result
 * itself is on stdout, so the summary goes to stderr.
 */
export function emit(context: CommandContext, options: GlobalOptions & { output?: string }, value: unknown, human: () => string): void {
  (streamsToStdout(options.output) ? context.stderr : context.stdout).write(options.json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

/** Warnings go to stderr, whatever the output format: stdout stays the result (with --json they are in its object too). */
export function writeWarnings(context: CommandContext, warnings: readonly string[]): void {
  for (const warning of warnings) context.stderr.write(`hazsim: warning: ${warning}\n`);
}

/**
 * A table for stdout: aligned, with long cells cut, on a terminal; otherwise full
 * tab-separated values, header first, so pipes (cut, awk, sort) get every character.
 */
export function formatTable(context: CommandContext, headers: string[], rows: (string | number)[][], maxCellWidth = 60): string {
  if (!context.stdout.isTTY) return [headers, ...rows].map((row) => row.map((cell) => String(cell).replace(/[\t\n]/g, ' ')).join('\t')).join('\n');
  return alignedTable(headers, rows, maxCellWidth);
}

/** A plain aligned text table: header, a rule, then rows; long cells are cut with an ellipsis. */
function alignedTable(headers: string[], rows: (string | number)[][], maxCellWidth: number): string {
  const cells = [headers, ...rows.map((row) => row.map((cell) => clip(String(cell), maxCellWidth)))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Key/value lines with aligned keys. */
export function formatFields(fields: [string, string | number][]): string {
  const width = Math.max(...fields.map(([key]) => key.length));
  return fields.map(([key, value]) => `${`${key}:`.padEnd(width + 2)}${value}`).join('\n');
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * A summary object as key/value rows: nested objects become dotted keys, maps of counts
 * one "key n, key n" line, lists a comma-separated line, null a dash.
 */
export function formatSummary(summary: object, prefix = ''): [string, string | number][] {
  const rows: [string, string | number][] = [];
  for (const [key, value] of Object.entries(summary)) {
    const label = prefix ? `${prefix}.${key}` : key;
    if (value === null || value === undefined) rows.push([label, '-']);
    else if (Array.isArray(value)) rows.push([label, value.join(', ') || '-']);
    else if (typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length > 0 && entries.every(([, item]) => typeof item === 'number') && !/box/.test(key))
        rows.push([label, entries.map(([name, count]) => `${name} ${count}`).join(', ')]);
      else if (entries.length === 0) rows.push([label, '-']);
      else rows.push(...formatSummary(value, label));
    } else rows.push([label, value as string | number]);
  }
  return rows;
}
