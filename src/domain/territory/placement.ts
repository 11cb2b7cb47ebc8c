/**
 * How many template copies serve a county, how its customers are shared among them and where
 * they stand (docs/hindcast.md, "Placement").
 */
import seedrandom from 'seedrandom';
import { uniformPointsIn, type CountyShape } from './countyShape.js';

/** Customers one template copy serves unless the user says otherwise: a typical distribution feeder serves 1,000 to 3,000 (hazsim's judgement, docs/hindcast.md). */
export const DEFAULT_CUSTOMERS_PER_COPY = 2000;

export interface PlacedCopy {
  /** 0-based, in draw order. */
  index: number;
  customers: number;
  longitude: number;
  latitude: number;
}

/** Copies needed so that none serves more than `customersPerCopy`: ceil(customers / customersPerCopy), none for a county without customers. */
export function copiesFor(customers: number, customersPerCopy: number): number {
  return customers > 0 ? Math.ceil(customers / customersPerCopy) : 0;
}

/** `total` shared over `parts` as evenly as whole numbers allow: the first `total mod parts` get one more. */
export function evenShares(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < extra ? 1 : 0));
}

/**
 * The copies of one county: their number and customer shares as above, their anchors drawn
 * uniformly over the county (rejection sampling) from the stream `alea("<seed>:<fips>")`, so
 * a county's placement depends only on the seed and itself, not on the other counties built with it.
 */
export function placeCopies(shape: CountyShape, customers: number, customersPerCopy: number, seed: number): PlacedCopy[] {
  const count = copiesFor(customers, customersPerCopy);
  const shares = evenShares(customers, count);
  const anchors = uniformPointsIn(shape, count, seedrandom.alea(`${seed}:${shape.fips}`));
  return anchors.map(([longitude, latitude], index) => ({ index, customers: shares[index], longitude, latitude }));
}
