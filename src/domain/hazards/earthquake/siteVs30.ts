/**
 * Vs30 at each site: the model's per-site grid, bilinear between its nodes, and the model's single
 * Vs30 where the grid does not reach (reported, never silent).
 */
import { BilinearStencil } from './shakemap/index.js';
import type { EarthquakeSourceHazard } from '../types.js';

/** Vs30 (m/s) at every site; `outsideCount` sites lie outside the model's grid and took its `vs30`. */
export function siteVs30(model: EarthquakeSourceHazard, latitude: Float64Array, longitude: Float64Array): { vs30: Float64Array; outsideCount: number } {
  const vs30 = new Float64Array(latitude.length).fill(model.vs30Ms);
  if (!model.vs30Grid) return { vs30, outsideCount: 0 };
  const stencil = new BilinearStencil(latitude.length);
  stencil.locate(model.vs30Grid, longitude, latitude);
  const gridded = new Float64Array(latitude.length);
  stencil.interpolate(model.vs30Grid.values, gridded);
  for (let i = 0; i < gridded.length; i++) if (gridded[i] === gridded[i]) vs30[i] = gridded[i];
  return { vs30, outsideCount: stencil.outsideCount };
}
