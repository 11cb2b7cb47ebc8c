/**
 * A uniform lon/lat grid over the sites, built once per run, so an area is tested only
 * against the sites in the cells its bounding box overlaps (not against every site).
 */
export interface SiteGrid {
  minLon: number;
  minLat: number;
  cellLon: number;
  cellLat: number;
  columns: number;
  rows: number;
  /** Sites of cell k are siteOrder[cellStart[k] .. cellStart[k + 1]). */
  cellStart: Int32Array;
  siteOrder: Int32Array;
}

/** About this many sites per cell on average, unless the caller asks for coarser cells. */
const SITES_PER_CELL = 4;

/** Builds the grid over the sites' longitudes and latitudes (degrees). */
export function buildSiteGrid(longitude: Float64Array, latitude: Float64Array, count: number, sitesPerCell = SITES_PER_CELL): SiteGrid {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (let i = 0; i < count; i++) {
    if (longitude[i] < minLon) minLon = longitude[i];
    if (longitude[i] > maxLon) maxLon = longitude[i];
    if (latitude[i] < minLat) minLat = latitude[i];
    if (latitude[i] > maxLat) maxLat = latitude[i];
  }
  if (count === 0) minLon = minLat = maxLon = maxLat = 0;
  const spanLon = Math.max(maxLon - minLon, 1e-9);
  const spanLat = Math.max(maxLat - minLat, 1e-9);
  const cells = Math.max(1, Math.ceil(count / sitesPerCell));
  const columns = Math.max(1, Math.min(4096, Math.round(Math.sqrt((cells * spanLon) / spanLat))));
  const rows = Math.max(1, Math.min(4096, Math.ceil(cells / columns)));
  const grid: SiteGrid = {
    minLon,
    minLat,
    cellLon: spanLon / columns,
    cellLat: spanLat / rows,
    columns,
    rows,
    cellStart: new Int32Array(columns * rows + 1),
    siteOrder: new Int32Array(count),
  };
  const cellOf = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    cellOf[i] = column(grid, longitude[i]) + row(grid, latitude[i]) * columns;
    grid.cellStart[cellOf[i] + 1]++;
  }
  for (let k = 0; k < columns * rows; k++) grid.cellStart[k + 1] += grid.cellStart[k];
  const fill = grid.cellStart.slice(0, columns * rows);
  for (let i = 0; i < count; i++) grid.siteOrder[fill[cellOf[i]]++] = i;
  return grid;
}

function column(grid: SiteGrid, lon: number): number {
  return Math.min(grid.columns - 1, Math.max(0, Math.floor((lon - grid.minLon) / grid.cellLon)));
}

function row(grid: SiteGrid, lat: number): number {
  return Math.min(grid.rows - 1, Math.max(0, Math.floor((lat - grid.minLat) / grid.cellLat)));
}

/** Calls `visit(site)` for every site in the cells overlapping the box [minLon, minLat, maxLon, maxLat] (a superset of the sites inside it). */
export function forEachSiteNear(grid: SiteGrid, box: readonly [number, number, number, number], visit: (site: number) => void): void {
  const [minLon, minLat, maxLon, maxLat] = box;
  if (maxLon < grid.minLon || maxLat < grid.minLat || minLon > grid.minLon + grid.cellLon * grid.columns || minLat > grid.minLat + grid.cellLat * grid.rows)
    return;
  const c0 = column(grid, minLon);
  const c1 = column(grid, maxLon);
  const r0 = row(grid, minLat);
  const r1 = row(grid, maxLat);
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const k = c + r * grid.columns;
      for (let j = grid.cellStart[k]; j < grid.cellStart[k + 1]; j++) visit(grid.siteOrder[j]);
    }
  }
}

/**
 * A grid's cells as blocks of nearby sites, each with the box its own sites span (not the
 * cell's nominal box, so rounding at a cell edge cannot leave a site outside its box): a
 * field bounded over a block's box is bounded at every one of its sites.
 */
export interface SiteBlocks {
  grid: SiteGrid;
  /** Box of the sites of cell k (degrees); empty cells have min > max. */
  minLon: Float64Array;
  maxLon: Float64Array;
  minLat: Float64Array;
  maxLat: Float64Array;
}

export function buildSiteBlocks(longitude: Float64Array, latitude: Float64Array, count: number, sitesPerBlock: number): SiteBlocks {
  const grid = buildSiteGrid(longitude, latitude, count, sitesPerBlock);
  const cells = grid.columns * grid.rows;
  const blocks: SiteBlocks = {
    grid,
    minLon: new Float64Array(cells).fill(Infinity),
    maxLon: new Float64Array(cells).fill(-Infinity),
    minLat: new Float64Array(cells).fill(Infinity),
    maxLat: new Float64Array(cells).fill(-Infinity),
  };
  for (let k = 0; k < cells; k++) {
    for (let j = grid.cellStart[k]; j < grid.cellStart[k + 1]; j++) {
      const site = grid.siteOrder[j];
      blocks.minLon[k] = Math.min(blocks.minLon[k], longitude[site]);
      blocks.maxLon[k] = Math.max(blocks.maxLon[k], longitude[site]);
      blocks.minLat[k] = Math.min(blocks.minLat[k], latitude[site]);
      blocks.maxLat[k] = Math.max(blocks.maxLat[k], latitude[site]);
    }
  }
  return blocks;
}
