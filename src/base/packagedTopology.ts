import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);

/** A TopoJSON file shipped in an installed package (us-atlas, world-atlas), parsed. */
export function packagedTopology<T extends Topology = Topology>(specifier: string): T {
  return JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')) as T;
}
