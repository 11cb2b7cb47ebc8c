// Uploading an OpenDSS feeder against uploading the same feeder as GDM JSON (issue: within 3x).
// A synthetic feeder of 100,000 OpenDSS elements (50,000 lines, 25,000 service transformers,
// 25,000 loads; 75,000 buses with lon/lat coordinates) is written as scripts, converted once by
// hazsim's own reader, and that model is written as GDM JSON as gdm writes it (infrasys
// `__metadata__`, quantity objects, references). Each is then uploaded through the service (as
// `hazsim upload` does, worker thread included) into a fresh cache, three times; the median counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createService } from '../src/app/service.js';
import { folderFiles } from '../src/app/models/openDssFiles.js';
import { readOpenDssModel } from '../src/domain/opendss/index.js';
import { CLASS_SPECS } from '../src/domain/gdm/index.js';

const LINES = 50_000;
const TRANSFORMERS = 25_000;
const RUNS = 3;

/** The synthetic feeder's scripts: a 12.47 kV serpentine trunk with a 240 V service transformer and a load on every other bus. */
function writeFeeder(dir: string): void {
  const lines: string[] = [];
  const transformers: string[] = [];
  const loads: string[] = [];
  const coordinates: string[] = ['sourcebus, -79.99, 32.76'];
  const columns = 250;
  for (let index = 0; index < LINES; index += 1) {
    const from = index === 0 ? 'sourcebus' : `n${index - 1}`;
    lines.push(`New Line.l${index} bus1=${from} bus2=n${index} linecode=ohx length=120 units=ft`);
    const row = Math.floor(index / columns);
    const column = row % 2 === 0 ? index % columns : columns - 1 - (index % columns);
    coordinates.push(`n${index}, ${(-79.99 + column * 0.0003).toFixed(6)}, ${(32.76 + row * 0.0003).toFixed(6)}`);
  }
  for (let index = 0; index < TRANSFORMERS; index += 1) {
    const bus = `n${index * 2}`;
    transformers.push(
      `New Transformer.t${index} phases=1 windings=3 buses=[${bus}.1 s${index}.1.0 s${index}.0.2] kvs=[7.2 0.12 0.12] kvas=[25 25 25] xhl=2.04 xht=2.04 xlt=1.36`,
    );
    loads.push(`New Load.d${index} phases=1 bus1=s${index}.1.2 kv=0.24 kw=4 kvar=1.5 numcust=1`);
    coordinates.push(`s${index}, ${coordinates[index * 2 + 1].split(', ').slice(1).join(', ')}`);
  }
  fs.writeFileSync(
    path.join(dir, 'Master.dss'),
    [
      'Clear',
      'New Circuit.bench basekv=12.47 bus1=sourcebus pu=1.02',
      'New LineCode.ohx nphases=3 r1=0.306 x1=0.627 r0=0.775 x0=1.953 c1=9.6 c0=4.3 units=mi normamps=400',
      'Redirect lines.dss',
      'Redirect transformers.dss',
      'Redirect loads.dss',
      'Set VoltageBases=[12.47, 0.24]',
      'Buscoords buscoords.csv',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'lines.dss'), lines.join('\n'));
  fs.writeFileSync(path.join(dir, 'transformers.dss'), transformers.join('\n'));
  fs.writeFileSync(path.join(dir, 'loads.dss'), loads.join('\n'));
  fs.writeFileSync(path.join(dir, 'buscoords.csv'), coordinates.join('\n'));
}

type Json = Record<string, unknown>;

/** The nested-form model as gdm writes GDM JSON: `__metadata__` on components, quantity objects, references by uuid. */
function toGdmJson(nested: { name: string; components: Json[] }): Json {
  const typeOf = new Map(nested.components.map((component) => [component.uuid as string, component.type as string]));
  const meta = (type: string, serialized: string) => ({ module: `gdm.distribution.${type.toLowerCase()}`, type, serialized_type: serialized });
  const components = nested.components.map(({ type, ...fields }) => {
    const spec = CLASS_SPECS.get(type as string)!;
    const out: Json = { __metadata__: meta(type as string, 'base') };
    for (const [key, value] of Object.entries(fields)) {
      const field = spec.fields[key]?.type;
      const reference = (item: unknown) => {
        const uuid = (item as { uuid: string }).uuid;
        return { __metadata__: { ...meta(typeOf.get(uuid)!, 'composed_component'), uuid } };
      };
      if (field?.kind === 'ref') out[key] = value === null ? null : reference(value);
      else if (field?.kind === 'refs') out[key] = (value as unknown[]).map(reference);
      else if (field?.kind === 'quantity') {
        const split = (text: string) => {
          const space = text.indexOf(' ');
          return { number: Number(text.slice(0, space)), units: text.slice(space + 1) };
        };
        const first = JSON.stringify(value).match(/"[^ "]+ ([^"]+)"/)![1];
        const numbers = JSON.parse(JSON.stringify(value), (_, item) => (typeof item === 'string' ? split(item).number : item));
        out[key] = { value: numbers, units: first, __metadata__: { module: 'infrasys.quantities', type: field.quantityClass, serialized_type: 'quantity' } };
      } else out[key] = value;
    }
    return out;
  });
  return {
    name: nested.name,
    description: '',
    uuid: '0b3f6a52-1c1e-4b7e-9a4e-3d9f0c5e8a10',
    data_format_version: '2.3.6',
    components,
    supplemental_attributes: [],
    time_series: { directory: `${nested.name}_time_series`, time_series_storage_type: 'arrow' },
  };
}

async function medianUploadMs(file: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-cache-'));
    const service = createService({ cacheDir: cache });
    const start = performance.now();
    await service.models.uploadFile(file, { name: 'feeder' });
    times.push(performance.now() - start);
    fs.rmSync(cache, { recursive: true, force: true });
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-opendss-'));
try {
  writeFeeder(work);
  const model = readOpenDssModel(folderFiles(work), 'Master.dss', {}, 'bench');
  const gdmFile = path.join(work, 'bench.json');
  fs.writeFileSync(gdmFile, JSON.stringify(toGdmJson(model.content)));
  const elements = LINES + 2 * TRANSFORMERS;
  console.log(
    `synthetic feeder: ${elements} OpenDSS elements, ${model.content.components.length} GDM components, GDM JSON ${(fs.statSync(gdmFile).size / 1e6).toFixed(1)} MB`,
  );
  const opendssMs = await medianUploadMs(path.join(work, 'Master.dss'));
  const gdmMs = await medianUploadMs(gdmFile);
  console.log(`BENCH opendss_upload_ms=${opendssMs.toFixed(0)} elements=${elements}`);
  console.log(`BENCH gdm_upload_ms=${gdmMs.toFixed(0)} components=${model.content.components.length}`);
  console.log(`BENCH opendss_over_gdm=${(opendssMs / gdmMs).toFixed(2)} (target <= 3)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
