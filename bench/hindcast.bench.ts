// The Florence 2018 hindcast over North Carolina (docs/hindcast.md): territory build from
// EAGLE-I's MCC.csv, then the hindcast against the county table, timed, with peak RSS. The
// issue's target is 100 samples within 15 minutes and under 4 GB on a 2-core machine.
//   node --import tsx bench/run.ts hindcast          (HINDCAST_SAMPLES=20 for a shorter run)
// Reads ../shared/reference/hindcast; prints a notice and nothing else when it is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService } from '../src/app/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const data = path.resolve(here, '../../shared/reference/hindcast');
const samples = Number(process.env.HINDCAST_SAMPLES ?? 100);

if (!fs.existsSync(data)) {
  console.log(`BENCH hindcast skipped: ${data} is absent`);
} else {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-hindcast-'));
  try {
    const service = createService({ cacheDir });
    await service.models.uploadFile(path.join(data, 'tracks/hurdat2_2017_2022.txt'), {
      name: 'florence',
      track: { storm: 'AL062018', from: '2018-09-13T00:00:00Z', to: '2018-09-18T00:00:00Z' },
    });
    let started = performance.now();
    const built = await service.territories.build({
      territory_name: 'nc',
      state: 'NC',
      customers_csv: fs.readFileSync(path.join(data, 'eaglei/MCC.csv'), 'utf8'),
    });
    console.log(
      `BENCH territory build NC: ${built.counties.length} counties, ${built.total_copies} copies, ${built.total_customers} customers, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    const result = await service.territories.hindcast({
      territory_name: 'nc',
      hazard_system_name: 'florence',
      observed_csv: fs.readFileSync(path.join(data, 'observed/florence2018_nc_outages_cnty.csv'), 'utf8'),
      number_of_samples: samples,
    });
    const m = result.metrics;
    console.log(`BENCH hindcast Florence NC, ${samples} samples: ${((performance.now() - started) / 1000).toFixed(1)} s wall`);
    console.log(
      `BENCH   bias ${m.bias?.toFixed(3)}, median abs. error ${m.median_absolute_error?.toFixed(3)}, Spearman ${m.spearman?.toFixed(3)}, hard hit ${JSON.stringify(m.hard_hit)}`,
    );
    console.log(`BENCH peak RSS of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (worker threads included)`);
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}
