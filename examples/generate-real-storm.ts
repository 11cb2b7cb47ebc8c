/**
 * Writes the demo's real hurricane and the feeder it passes over:
 *
 * - examples/hazards/hurricane_oscar_2018.json: Hurricane Oscar (AL162018) from the NHC HURDAT2
 *   best track, 2018-10-29 00:00 to 2018-10-31 00:00 UTC (its hurricane stage, peak 95 kt), turned
 *   into hourly wind models by hazsim's own best-track upload (`trackToHazardFile`, the code
 *   behind `hazsim upload <hurdat2> --storm AL162018 --from … --to …`), so the file is the bytes
 *   that upload stores.
 * - examples/feeder/example_feeder_under_oscar.json: a copy of the Charleston example feeder with
 *   every location moved by one constant offset so that its substation stands at 27.5° N, 57.5° W,
 *   about 100 km east of (to the right of) Oscar's track where the storm was strongest. Oscar never
 *   reached land: the placement is hypothetical, chosen so that the demo shows a real storm's wind
 *   field damaging some assets but not all (docs/input-hazard.md, "Examples").
 *
 *   node --import tsx examples/generate-real-storm.ts <hurdat2.txt>
 *
 * <hurdat2.txt> is NHC's Atlantic HURDAT2 file (hurdat2-1851-<year>-<date>.txt from
 * nhc.noaa.gov/data/), or any excerpt holding Oscar's block unchanged.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readHazardModel, trackToHazardFile } from '../src/domain/hazards/index.js';

const EXAMPLES = path.dirname(fileURLToPath(import.meta.url));

/** The storm and window, as `hazsim upload` options. */
export const OSCAR_UPLOAD = { storm: 'AL162018', from: '2018-10-29T00:00:00Z', to: '2018-10-31T00:00:00Z' } as const;

/** Where the example feeder's substation bus (sub_hv, −79.95, 32.79 in Charleston) is moved to. */
const SUBSTATION_FROM = { longitude: -79.95, latitude: 32.79 };
const SUBSTATION_TO = { longitude: -57.5, latitude: 27.5 };
export const FEEDER_OFFSET = {
  longitude: SUBSTATION_TO.longitude - SUBSTATION_FROM.longitude,
  latitude: SUBSTATION_TO.latitude - SUBSTATION_FROM.latitude,
};

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The example feeder moved by FEEDER_OFFSET: only Location x (longitude) and y (latitude), name, description and system uuid change. */
export function feederUnderOscar(feeder: { name: string; description?: string; uuid: string; components: Record<string, unknown>[] }) {
  const name = 'example_feeder_under_oscar';
  const digest = createHash('sha1').update(name).digest('hex');
  return {
    ...feeder,
    name,
    description:
      "hazsim's Charleston example feeder moved to 27.5° N, 57.5° W, about 100 km east of Hurricane Oscar's 2018 best track (a hypothetical placement: Oscar stayed at sea)",
    uuid: `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`,
    components: feeder.components.map((component) => {
      const metadata = component.__metadata__ as { type?: string } | undefined;
      if (metadata?.type !== 'Location') return component;
      return { ...component, x: round((component.x as number) + FEEDER_OFFSET.longitude), y: round((component.y as number) + FEEDER_OFFSET.latitude) };
    }),
  };
}

function main(hurdat2Path: string | undefined) {
  if (!hurdat2Path) {
    console.error('usage: node --import tsx examples/generate-real-storm.ts <hurdat2.txt> (NHC Atlantic HURDAT2, holding AL162018 OSCAR)');
    process.exitCode = 2;
    return;
  }
  const storm = trackToHazardFile(fs.readFileSync(hurdat2Path, 'utf8'), OSCAR_UPLOAD);
  readHazardModel(storm.content);
  fs.writeFileSync(path.join(EXAMPLES, 'hazards/hurricane_oscar_2018.json'), `${JSON.stringify(storm.content, null, 2)}\n`);
  console.log(`hurricane_oscar_2018.json: ${storm.summary.fix_count} fixes, ${storm.summary.model_count} wind models`);
  for (const warning of storm.warnings) console.log(`  warning: ${warning}`);

  const feeder = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8'));
  fs.writeFileSync(path.join(EXAMPLES, 'feeder/example_feeder_under_oscar.json'), JSON.stringify(feederUnderOscar(feeder)));
  console.log('example_feeder_under_oscar.json: the example feeder moved under the track');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv[2]);
