/** USGS ShakeMap grid.xml reader and bilinear interpolation (public API of this folder). */
export { ShakeMapGridError } from './errors.js';
export type { FieldQuantity, GridField, GridSpecification, ShakeMapEvent, ShakeMapGrid } from './types.js';
export { STANDARD_GRAVITY } from './units.js';
export { parseShakeMapGrid } from './parseGrid.js';
export { attachUncertainty } from './uncertainty.js';
export { BilinearStencil, gridGeometry, interpolateField, type GridGeometry } from './bilinear.js';
