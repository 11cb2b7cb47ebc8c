import seedrandom from 'seedrandom';

/**
 * Feeder-like sites for the shaking benchmarks: poles every ~50 m along gently curving lines
 * of 200 poles (10 km) starting at random points of a 0.7° × 0.55° (~60 km × 60 km) area
 * around 37.5° N, drawn from `seed`.
 */
export function feederSites(count: number, seed: string): { lons: Float64Array; lats: Float64Array } {
  const random = seedrandom.alea(seed);
  const lons = new Float64Array(count);
  const lats = new Float64Array(count);
  const lonPerMetre = 1 / (111_195 * Math.cos((37.5 * Math.PI) / 180));
  const latPerMetre = 1 / 111_195;
  let site = 0;
  while (site < count) {
    let lon = -122.3 + random() * 0.7;
    let lat = 37.2 + random() * 0.55;
    let heading = random() * 2 * Math.PI;
    for (let pole = 0; pole < 200 && site < count; pole++, site++) {
      heading += (random() - 0.5) * 0.3;
      lon += Math.cos(heading) * 50 * lonPerMetre;
      lat += Math.sin(heading) * 50 * latPerMetre;
      lons[site] = lon;
      lats[site] = lat;
    }
  }
  return { lons, lats };
}
