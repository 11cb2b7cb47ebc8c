import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES } from './cli.js';

/** The example hazard files (examples/hazards/) whose models go together into one hazard file. */
export type ExampleHazard = 'hurricane' | 'earthquake' | 'flood' | 'wildfire';

/** One hazsim hazard file holding the models of several example hazard files. */
export function combinedExampleHazard(name: string, parts: readonly ExampleHazard[]): { name: string; models: unknown[] } {
  const models = parts.flatMap((part) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'hazards', `${part}.json`), 'utf8')).models as unknown[]);
  return { name, models };
}

/** Writes combinedExampleHazard(name, parts) as `<dir>/<name>.json` and returns the path. */
export function writeCombinedExampleHazard(dir: string, name: string, parts: readonly ExampleHazard[]): string {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(combinedExampleHazard(name, parts)));
  return file;
}
