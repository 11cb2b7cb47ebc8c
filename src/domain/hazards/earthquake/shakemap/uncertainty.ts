/**
 * Attaching a ShakeMap uncertainty.xml (STDPGA, STDPSA03, GMPE_INTRA_STDPGA, ... in natural-log
 * units; STDMMI in intensity units) to its grid.xml. As in OpenQuake's ShakeMap reader, the two
 * files must describe the same event and exactly the same nodes, and the uncertainty file's
 * standard deviations replace same-named columns of grid.xml (ShakeMap 3.5 grids carry their own
 * STDPGA).
 */
import { ShakeMapGridError } from './errors.js';
import type { GridField, GridSpecification, ShakeMapGrid } from './types.js';

const SPECIFICATION_KEYS: readonly (keyof GridSpecification)[] = ['lonMin', 'latMin', 'lonMax', 'latMax', 'nlon', 'nlat'];

function requireSameNodes(grid: ShakeMapGrid, uncertainty: ShakeMapGrid): void {
  if (grid.eventId !== uncertainty.eventId) throw new ShakeMapGridError(`uncertainty grid is for event ${uncertainty.eventId}, not ${grid.eventId}`);
  for (const key of SPECIFICATION_KEYS) {
    if (grid.specification[key] !== uncertainty.specification[key]) {
      throw new ShakeMapGridError(
        `uncertainty grid_specification ${key} = ${uncertainty.specification[key]} differs from the grid's ${grid.specification[key]}`,
      );
    }
  }
  if (grid.rowCount !== uncertainty.rowCount) throw new ShakeMapGridError(`uncertainty grid has ${uncertainty.rowCount} data rows, the grid ${grid.rowCount}`);
  for (const name of ['LON', 'LAT']) {
    const a = grid.fields.get(name)!.values;
    const b = uncertainty.fields.get(name)!.values;
    for (let row = 0; row < a.length; row++) {
      if (a[row] !== b[row]) throw new ShakeMapGridError(`uncertainty grid row ${row + 1} has ${name} ${b[row]}, the grid ${a[row]}`);
    }
  }
}

/** A copy of `grid` whose fields include the standard-deviation fields of `uncertainty`. */
export function attachUncertainty(grid: ShakeMapGrid, uncertainty: ShakeMapGrid): ShakeMapGrid {
  requireSameNodes(grid, uncertainty);
  const fields = new Map<string, GridField>(grid.fields);
  for (const [name, field] of uncertainty.fields) {
    if (name !== 'LON' && name !== 'LAT') fields.set(name, field);
  }
  return { ...grid, fields };
}
