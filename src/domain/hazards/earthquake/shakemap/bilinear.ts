/**
 * Bilinear interpolation of ShakeMap grid fields at arbitrary sites.
 *
 * Work is split in two so that a Monte Carlo run over many fields (PGA, PSA03, STDPGA, ...) at
 * the same 100,000 sites locates each site once: `BilinearStencil.locate` finds each site's cell
 * and weights, `interpolate` then costs four reads per site and field. Both are allocation-free
 * hot loops over typed arrays; the stencil's arrays are allocated once by its constructor.
 *
 * Sites outside the grid get NaN and are listed (`outsideIndices`, `outsideCount`): ShakeMap
 * grids cover only where shaking was estimated, and returning 0 there would silently mean
 * "no shaking".
 */
import { ShakeMapGridError } from './errors.js';
import type { GridSpecification, ShakeMapGrid } from './types.js';

/** Node positions of a complete grid: node (i, j) is at (lonMin + i·lonStep, latMax − j·latStep). */
export interface GridGeometry {
  readonly lonMin: number;
  readonly latMax: number;
  readonly lonStep: number;
  readonly latStep: number;
  readonly nlon: number;
  readonly nlat: number;
}

/**
 * Geometry of a grid for interpolation. The printed nominal spacings are rounded (0.0167 for
 * 1/60°), so the step is recomputed from the extent and node count.
 */
export function gridGeometry(specification: GridSpecification): GridGeometry {
  const { lonMin, lonMax, latMin, latMax, nlon, nlat } = specification;
  if (nlon < 2 || nlat < 2) throw new ShakeMapGridError(`bilinear interpolation needs at least 2 × 2 nodes, grid_specification has ${nlon} × ${nlat}`);
  return { lonMin, latMax, lonStep: (lonMax - lonMin) / (nlon - 1), latStep: (latMax - latMin) / (nlat - 1), nlon, nlat };
}

/**
 * Snapping distance in cells: a site within 1e-9 cell (≈ 2 mm on a 1/60° grid) of a node line is
 * put on it, so that node coordinates computed in floating point give the node value exactly.
 */
const SNAP_CELLS = 1e-9;

function snapToNode(position: number): number {
  const nearest = Math.round(position);
  return Math.abs(position - nearest) < SNAP_CELLS ? nearest : position;
}

export class BilinearStencil {
  readonly siteCount: number;
  /** Row-major index of the cell's north-west node, or −1 for a site outside the grid. */
  readonly cornerIndex: Int32Array;
  /** Weight of the east nodes (0 at the west node line, 1 at the east one). */
  readonly eastWeight: Float64Array;
  /** Weight of the south nodes (0 at the north node line, 1 at the south one). */
  readonly southWeight: Float64Array;
  /** Sites outside the grid; the first `outsideCount` entries are valid. */
  readonly outsideIndices: Int32Array;
  outsideCount = 0;
  /** nlon of the geometry last located on (the row stride of node arrays). */
  private rowStride = 0;

  constructor(siteCount: number) {
    this.siteCount = siteCount;
    this.cornerIndex = new Int32Array(siteCount);
    this.eastWeight = new Float64Array(siteCount);
    this.southWeight = new Float64Array(siteCount);
    this.outsideIndices = new Int32Array(siteCount);
  }

  /** Finds the cell and weights of every site; returns the number of sites outside the grid. */
  locate(geometry: GridGeometry, lons: Float64Array, lats: Float64Array): number {
    if (lons.length !== this.siteCount || lats.length !== this.siteCount) {
      throw new RangeError(`stencil is for ${this.siteCount} sites, got ${lons.length} longitudes and ${lats.length} latitudes`);
    }
    const { lonMin, latMax, lonStep, latStep, nlon, nlat } = geometry;
    const lastColumn = nlon - 1;
    const lastRow = nlat - 1;
    const lonSpan = lastColumn * lonStep;
    let outside = 0;
    for (let site = 0; site < this.siteCount; site++) {
      let east = lons[site] - lonMin;
      // A grid may extend past ±180° (lon_max > 180); bring the site into the grid's 360° window.
      if (east < 0 || east > lonSpan) east = ((east % 360) + 360) % 360;
      const column = snapToNode(east / lonStep);
      const row = snapToNode((latMax - lats[site]) / latStep);
      if (!(column >= 0 && column <= lastColumn && row >= 0 && row <= lastRow)) {
        this.cornerIndex[site] = -1;
        this.outsideIndices[outside++] = site;
        continue;
      }
      const west = column < lastColumn ? Math.floor(column) : lastColumn - 1;
      const north = row < lastRow ? Math.floor(row) : lastRow - 1;
      this.cornerIndex[site] = north * nlon + west;
      this.eastWeight[site] = column - west;
      this.southWeight[site] = row - north;
    }
    this.rowStride = nlon;
    this.outsideCount = outside;
    return outside;
  }

  /** Interpolates node values (row-major, file order) at the located sites into `out`; NaN outside. */
  interpolate(nodeValues: Float64Array, out: Float64Array): void {
    if (this.rowStride === 0) throw new Error('BilinearStencil.interpolate called before locate');
    if (out.length !== this.siteCount) throw new RangeError(`output has ${out.length} entries for ${this.siteCount} sites`);
    const stride = this.rowStride;
    for (let site = 0; site < this.siteCount; site++) {
      const corner = this.cornerIndex[site];
      if (corner < 0) {
        out[site] = NaN;
        continue;
      }
      const tx = this.eastWeight[site];
      const ty = this.southWeight[site];
      // Skipping a zero-weight node keeps node values exact even when a neighbour is NaN.
      const north = tx === 0 ? nodeValues[corner] : (1 - tx) * nodeValues[corner] + tx * nodeValues[corner + 1];
      if (ty === 0) {
        out[site] = north;
        continue;
      }
      const south = tx === 0 ? nodeValues[corner + stride] : (1 - tx) * nodeValues[corner + stride] + tx * nodeValues[corner + stride + 1];
      out[site] = (1 - ty) * north + ty * south;
    }
  }
}

/**
 * One-call interpolation of field `fieldName` of a complete grid at the sites; returns the number
 * of sites outside the grid (listed in `stencil.outsideIndices`). Pass a stencil to reuse its
 * arrays across calls.
 */
export function interpolateField(
  grid: ShakeMapGrid,
  fieldName: string,
  lons: Float64Array,
  lats: Float64Array,
  out: Float64Array,
  stencil = new BilinearStencil(lons.length),
): number {
  const field = grid.fields.get(fieldName);
  if (field === undefined) throw new ShakeMapGridError(`grid has no field ${fieldName}; it has ${[...grid.fields.keys()].join(', ')}`);
  if (!grid.isComplete) {
    throw new ShakeMapGridError(
      `grid has ${grid.rowCount} of ${grid.specification.nlon * grid.specification.nlat} data rows (truncated); interpolation needs the complete raster`,
    );
  }
  const outside = stencil.locate(gridGeometry(grid.specification), lons, lats);
  stencil.interpolate(field.values, out);
  return outside;
}
