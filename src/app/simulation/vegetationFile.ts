import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { HazsimError, type Issue } from '../../base/errors.js';
import { issuesFromValibot } from '../../base/validation.js';
import { VegetationProfile } from '../../domain/simulation/vegetation.js';
import { vegetationFromCsv } from '../../domain/simulation/vegetationCsv.js';

/**
 * A vegetation file named to the CLI's `--vegetation` (docs/vegetation.md): JSON (the request's
 * profile object) or CSV (one row per line), told by the extension, else by a leading `{`. Every
 * problem names the file, the row (CSV: its row number, the header being row 1; JSON: its
 * `lines[i]`) and the field. The profile's `name` becomes the file's name when it has none.
 */
export function readVegetationFile(filePath: string): VegetationProfile {
  const label = `vegetation file ${filePath}`;
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    throw new HazsimError('not_found', `Cannot read the ${label}: ${(error as Error).message}`);
  }
  const extension = path.extname(filePath).toLowerCase();
  const isJson = extension === '.json' || (extension !== '.csv' && text.trimStart().startsWith('{'));
  const name = path.basename(filePath);
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new HazsimError('invalid_input', `${label}: not valid JSON (${(error as Error).message})`);
    }
    const result = v.safeParse(VegetationProfile, parsed, { abortEarly: false });
    if (!result.success) throw invalid(label, issuesFromValibot(result.issues));
    return { ...result.output, name: result.output.name ?? name };
  }
  const { profile, rowOf, otherRow } = vegetationFromCsv(text, label);
  const result = v.safeParse(VegetationProfile, profile, { abortEarly: false });
  if (result.success) return { ...result.output, name };
  const lines = profile.lines as { line?: unknown }[];
  // lines[i].field → "row N (line "x"), field f"; other_overhead_lines.field → the "*" row.
  const issues = result.issues.map((issue) => {
    const keys = (issue.path ?? []).map((item) => item.key as string | number);
    const field = keys[keys.length - 1];
    const where =
      keys[0] === 'lines' && typeof keys[1] === 'number'
        ? `row ${rowOf(keys[1])} (line ${JSON.stringify(lines[keys[1]].line)})`
        : keys[0] === 'other_overhead_lines'
          ? `row ${otherRow} (line "*")`
          : 'the file';
    return { path: `${where}, field ${typeof field === 'string' ? field : 'line'}`, message: issuesFromValibot([issue])[0].message };
  });
  throw invalid(label, issues);
}

function invalid(label: string, issues: Issue[]): HazsimError {
  return new HazsimError(
    'invalid_input',
    `Invalid ${label}: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}`,
    issues,
  );
}
