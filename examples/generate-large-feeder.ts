// A large synthetic feeder for scale tests and benchmarks: the bundled example feeder plus a
// grid of 12.47 kV overhead spans over Charleston, cloned from the example's own `trunk_1`
// span and its bus, so every added component is exactly what gdm writes.
//   node --import tsx examples/generate-large-feeder.ts <assets> <output.json>
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'feeder', 'example_feeder.json');

/** Deterministic uuid (version-5 layout) from a name, so the same size gives the same bytes. */
function uuidFor(name: string): string {
  const hex = crypto.createHash('sha1').update(`hazsim-large-feeder:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Json = Record<string, any>;

/**
 * The example feeder with about `assetCount` more assets: a serpentine chain of spans over a
 * grid of buses; each span is an overhead line asset and each bus a pole asset.
 */
export function largeFeeder(assetCount: number): Json {
  const feeder = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as Json;
  const components = feeder.components as Json[];
  const byUuid = new Map(components.map((component) => [component.uuid as string, component]));
  const lineTemplate = components.find((component) => component.name === 'trunk_1')!;
  const busTemplate = byUuid.get(lineTemplate.buses[0].__metadata__.uuid)!;
  const locationTemplate = byUuid.get(busTemplate.coordinate.__metadata__.uuid)!;
  const busCount = Math.max(2, Math.ceil(assetCount / 2));
  const columns = Math.ceil(Math.sqrt(busCount));
  const rows = Math.ceil(busCount / columns);
  // Spread over the example's area: lon -79.99..-79.91, lat 32.76..32.83.
  const lonStep = 0.08 / Math.max(1, columns - 1);
  const latStep = 0.07 / Math.max(1, rows - 1);
  const busRefs: Json[] = [];
  for (let index = 0; index < busCount; index += 1) {
    const row = Math.floor(index / columns);
    const column = row % 2 === 0 ? index % columns : columns - 1 - (index % columns);
    const locationUuid = uuidFor(`location_${index}`);
    components.push({
      ...locationTemplate,
      uuid: locationUuid,
      x: Number((-79.99 + column * lonStep).toFixed(7)),
      y: Number((32.76 + row * latStep).toFixed(7)),
    });
    const busUuid = uuidFor(`bus_${index}`);
    components.push({
      ...busTemplate,
      uuid: busUuid,
      name: `grid_bus_${index}`,
      coordinate: { __metadata__: { ...locationTemplate.__metadata__, serialized_type: 'composed_component', uuid: locationUuid } },
    });
    busRefs.push({ __metadata__: { ...lineTemplate.buses[0].__metadata__, uuid: busUuid } });
  }
  for (let index = 1; index < busCount; index += 1) {
    components.push({ ...lineTemplate, uuid: uuidFor(`span_${index}`), name: `grid_span_${index}`, buses: [busRefs[index - 1], busRefs[index]] });
  }
  feeder.name = `large_feeder_${assetCount}`;
  return feeder;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [countText, output] = process.argv.slice(2);
  if (!countText || !output || !/^\d+$/.test(countText)) {
    console.error('usage: node --import tsx examples/generate-large-feeder.ts <assets> <output.json>');
    process.exit(2);
  }
  fs.writeFileSync(output, JSON.stringify(largeFeeder(Number(countText))));
  console.log(`wrote ${output}`);
}
