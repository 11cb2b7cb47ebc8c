// hazsim's Florence 2018 wind per North Carolina census tract against the published model in
// ../shared/reference/hindcast/modeled/florence2018_nc_windmodel_tr10.csv (hurricaneexposuredata,
// R package stormwindmodel: a Willoughby-type profile on the same HURDAT2 track, 1-min sustained
// wind at 10 m at each tract's 2010 centre of population). Prints the median ratio and its spread
// for the profiles and peak-wind sources (docs/wind.md §11).
//
//   node --import tsx scripts/tractWindComparison.ts <tract centres CSV: geoid,latitude,longitude>
//
// The tract centres are the US Census Bureau's 2010 centers of population
// (CenPop2010_Mean_TR37.txt, public domain; also the `tract2010` table of the R package
// USpopcenters), which the shared reference folder does not hold.
import fs from 'node:fs';
import path from 'node:path';
import { computeIntensities, convertWind, MARINE_SUSTAINED_WIND, readHazardModel, trackToHazardFile, type Sites } from '../src/domain/hazards/index.js';

const SHARED = path.resolve('../shared/reference/hindcast');
const centresFile = process.argv[2];
if (!centresFile) throw new Error('usage: tractWindComparison.ts <tract centres CSV: geoid,latitude,longitude>');

const rows = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
const centres = new Map(rows(centresFile).map(([geoid, latitude, longitude]) => [geoid, { latitude: Number(latitude), longitude: Number(longitude) }]));
// storm_id, usa_atcf_id, geoid, date, vmax_sust (m/s), vmax_gust, sust_dur, gust_dur
const published = rows(path.join(SHARED, 'modeled/florence2018_nc_windmodel_tr10.csv')).filter((row) => centres.has(row[2]));
const count = published.length;
const sites: Sites = {
  count,
  longitude: Float64Array.from(published, (row) => centres.get(row[2])!.longitude),
  latitude: Float64Array.from(published, (row) => centres.get(row[2])!.latitude),
  heightM: new Float64Array(count),
};
const sustained = published.map((row) => Number(row[4]));

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
};
const summary = (ratios: number[]) =>
  `median ${quantile(ratios, 0.5).toFixed(3)}, IQR ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)}, 10–90 % ${quantile(ratios, 0.1).toFixed(3)}–${quantile(ratios, 0.9).toFixed(3)}`;

// Marine 1-min → 1-min over open terrain (WMO/TD-1555 and the log law, docs/wind.md §6).
const toOpenTerrain = convertWind(1, { from: MARINE_SUSTAINED_WIND, to: { averagingSeconds: 60, heightM: 10, exposure: 'open-terrain' } }).speedMs;
const track = fs.readFileSync(path.join(SHARED, 'tracks/hurdat2_2017_2022.txt'), 'utf8');
console.log(`${count} tracts; marine 1-min → open-terrain 1-min ×${toOpenTerrain.toFixed(4)}`);
for (const profile of ['HOLLAND_2010', 'HOLLAND_2008'] as const) {
  for (const source of [undefined, 'pressure', 'best_track'] as const) {
    const file = trackToHazardFile(track, { storm: 'AL062018', from: '2018-09-12T00:00:00Z', to: '2018-09-19T00:00:00Z', windProfile: profile });
    const grid = computeIntensities(readHazardModel({ ...file.content, ...(source ? { max_wind_source: source } : {}) }), sites);
    const wind = grid.quantities.wind_speed!;
    const peaks = sustained.map((_, site) => {
      let peak = 0;
      for (let t = 0; t < grid.timestamps.length; t++) peak = Math.max(peak, wind[t * count + site] || 0);
      return peak * toOpenTerrain;
    });
    const all = peaks.map((peak, site) => peak / sustained[site]);
    const strong = all.filter((_, site) => sustained[site] >= 20);
    console.log(
      `${profile} max_wind_source ${source ?? 'default'}: all ${summary(all)}; where the published wind ≥ 20 m/s (${strong.length}) ${summary(strong)}`,
    );
  }
}
