import { EARTH_ROTATION_RATE } from './constants.js';

/**
 * Coriolis parameter f = 2Ω·sin|φ| (s⁻¹). CLIMADA takes the absolute latitude so f ≥ 0 in both
 * hemispheres; the hemisphere only decides the sense of rotation of the wind vector.
 */
export function coriolisParameter(latitudeDeg: number): number {
  return 2 * EARTH_ROTATION_RATE * Math.sin(Math.abs(latitudeDeg) * (Math.PI / 180));
}
