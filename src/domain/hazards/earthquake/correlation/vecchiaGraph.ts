/**
 * The b-independent part of a Vecchia approximation for a set of sites: which sites are sampled
 * in which order, and on which earlier sites each one is conditioned.
 *
 * Vecchia (1988, "Estimation and model identification for continuous spatial processes", JRSS-B
 * 50:297–312) writes the joint density as the product of conditionals p(z_i | z_1..z_{i−1}) and
 * replaces each conditioning set by the k nearest earlier sites. Sampling in that order then costs
 * O(N k) per field instead of the O(N²) of a dense Cholesky factor (plus its O(N³) setup).
 *
 * Steps: (1) sites with identical coordinates share one location (their correlation is 1, and
 * duplicate conditioning sites would make the small systems singular); (2) locations are
 * max-min ordered; (3) each location gets its k nearest earlier locations from a k-d tree. The
 * graph depends only on the coordinates, so it can be reused for every intensity measure (range b).
 */
import { maxMinOrdering } from './maxMinOrdering.js';
import { PointTree } from './pointTree.js';
import { unitVectors } from './sphere.js';

export interface VecchiaGraph {
  /** Number of input sites. */
  readonly siteCount: number;
  /** Number of distinct site locations (sampling positions). */
  readonly locationCount: number;
  /** Conditioning-set size asked for (position p has min(p, k) neighbours). */
  readonly neighbourCount: number;
  /** Input site → sampling position of its location. */
  readonly positionOfSite: Int32Array;
  /** Unit vector of the location at each sampling position. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** Neighbours of position p are neighbours[neighbourStart[p] .. neighbourStart[p + 1]), as positions < p. */
  readonly neighbourStart: Int32Array;
  readonly neighbours: Int32Array;
}

function validateSites(lons: Float64Array, lats: Float64Array, neighbourCount: number): void {
  if (lons.length !== lats.length) throw new RangeError(`${lons.length} longitudes but ${lats.length} latitudes`);
  if (!Number.isInteger(neighbourCount) || neighbourCount < 1) throw new RangeError(`neighbour count must be a positive integer, got ${neighbourCount}`);
  for (let i = 0; i < lons.length; i++) {
    if (!Number.isFinite(lons[i]) || !(Math.abs(lats[i]) <= 90)) throw new RangeError(`site ${i} has invalid coordinates (${lons[i]}, ${lats[i]})`);
  }
}

/** Distinct locations: returns location index per site and the first site of each location. */
function distinctLocations(lons: Float64Array, lats: Float64Array): { locationOfSite: Int32Array; representative: Int32Array } {
  const locationOfSite = new Int32Array(lons.length);
  const seen = new Map<string, number>();
  const representative: number[] = [];
  for (let site = 0; site < lons.length; site++) {
    const key = `${lons[site]},${lats[site]}`;
    let location = seen.get(key);
    if (location === undefined) {
      location = representative.length;
      seen.set(key, location);
      representative.push(site);
    }
    locationOfSite[site] = location;
  }
  return { locationOfSite, representative: Int32Array.from(representative) };
}

/** Builds the ordering and conditioning sets for sites in degrees, with up to `neighbourCount` neighbours each. */
export function buildVecchiaGraph(lons: Float64Array, lats: Float64Array, neighbourCount: number): VecchiaGraph {
  validateSites(lons, lats, neighbourCount);
  const { locationOfSite, representative } = distinctLocations(lons, lats);
  const locationCount = representative.length;
  const locationLons = new Float64Array(locationCount);
  const locationLats = new Float64Array(locationCount);
  for (let location = 0; location < locationCount; location++) {
    locationLons[location] = lons[representative[location]];
    locationLats[location] = lats[representative[location]];
  }
  const vectors = unitVectors(locationLons, locationLats);
  const tree = new PointTree(vectors.x, vectors.y, vectors.z);
  const { order, rank } = maxMinOrdering(tree);
  tree.setRanks(rank);

  const x = new Float64Array(locationCount);
  const y = new Float64Array(locationCount);
  const z = new Float64Array(locationCount);
  const neighbourStart = new Int32Array(locationCount + 1);
  const neighbours = new Int32Array(locationCount * neighbourCount);
  const foundIds = new Int32Array(neighbourCount);
  const foundDistances = new Float64Array(neighbourCount);
  let edges = 0;
  for (let position = 0; position < locationCount; position++) {
    const location = order[position];
    x[position] = vectors.x[location];
    y[position] = vectors.y[location];
    z[position] = vectors.z[location];
    const found = tree.nearestBefore(location, position, neighbourCount, foundIds, foundDistances);
    for (let n = 0; n < found; n++) neighbours[edges++] = rank[foundIds[n]];
    neighbourStart[position + 1] = edges;
  }
  const positionOfSite = new Int32Array(lons.length);
  for (let site = 0; site < lons.length; site++) positionOfSite[site] = rank[locationOfSite[site]];
  return {
    siteCount: lons.length,
    locationCount,
    neighbourCount,
    positionOfSite,
    x,
    y,
    z,
    neighbourStart,
    neighbours: neighbours.slice(0, edges),
  };
}
