// Vs30 -> depth-to-1.0 km/s (z1) models that the NGA-West2 equations use as their "no basin
// information" reference. All return kilometres.

/**
 * BSSA14 eq. 11 (California): mean z1 for a Vs30, ln(mu_z1 [km]) = -7.15/4 ln((Vs30^4 + 570.94^4) /
 * (1360^4 + 570.94^4)) - ln(1000).
 */
export function bssa14CaliforniaMeanZ1Km(vs30: number): number {
  const cornerToTheFourth = 570.94 ** 4;
  return Math.exp((-7.15 / 4) * Math.log((vs30 ** 4 + cornerToTheFourth) / (1360 ** 4 + cornerToTheFourth))) / 1000;
}

/** BSSA14 eq. 12 (Japan): ln(mu_z1 [km]) = -5.23/2 ln((Vs30^2 + 412.39^2) / (1360^2 + 412.39^2)) - ln(1000). */
export function bssa14JapanMeanZ1Km(vs30: number): number {
  const cornerSquared = 412.39 ** 2;
  return Math.exp((-5.23 / 2) * Math.log((vs30 ** 2 + cornerSquared) / (1360 ** 2 + cornerSquared))) / 1000;
}

/** ASK14 eq. 18 (California reference): z1ref [km] = exp(-7.67/4 ln((Vs30^4 + 610^4) / (1360^4 + 610^4))) / 1000. */
export function ask14CaliforniaReferenceZ1Km(vs30: number): number {
  const cornerToTheFourth = 610 ** 4;
  return Math.exp((-7.67 / 4) * Math.log((vs30 ** 4 + cornerToTheFourth) / (1360 ** 4 + cornerToTheFourth))) / 1000;
}
