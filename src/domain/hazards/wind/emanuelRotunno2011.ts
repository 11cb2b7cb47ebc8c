/**
 * Emanuel & Rotunno (2011) inner-core profile, as CLIMADA implements it ("ER11").
 *
 * Emanuel, K. & Rotunno, R. (2011). Self-stratification of tropical cyclone outflow. Part I:
 * Implications for storm structure. J. Atmos. Sci. 68, 2236–2249. doi:10.1175/JAS-D-10-05024.1
 *
 * Absolute angular momentum at the radius of maximum wind M_m = R v_m + f R²/2, and their
 * angular-momentum profile with C_k/C_d = 1: M(r) = M_m · 2 (r/R)² / (1 + (r/R)²); CLIMADA takes V = M/r (clipped at 0).
 */
export interface EmanuelRotunno2011Parameters {
  rmaxM: number;
  maxWindMs: number;
  coriolis: number;
  cyclostrophic?: boolean;
}

export function emanuelRotunno2011Speed(distanceM: number, p: EmanuelRotunno2011Parameters): number {
  const f = p.cyclostrophic ? 0 : p.coriolis;
  const momentumAtRmax = p.rmaxM * p.maxWindMs + 0.5 * f * p.rmaxM * p.rmaxM;
  const ratio2 = (distanceM / p.rmaxM) ** 2;
  const momentum = (momentumAtRmax * 2 * ratio2) / (1 + ratio2);
  // 1e-11 m keeps r = 0 finite, as in CLIMADA.
  return Math.max(0, momentum / (distanceM + 1e-11));
}
