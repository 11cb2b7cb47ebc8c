/* eslint-disable no-loss-of-precision -- Cody's (1969) coefficients are kept exactly as published, more digits than a double holds */
/**
 * The complementary error function by W. J. Cody's rational Chebyshev approximations
 * ("Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969)
 * 631–638; the coefficients of his SPECFUN routine CALERF), accurate to about 1e-16
 * relative, and the standard normal distribution built on it.
 */

const ONE_OVER_SQRT_PI = 0.56418958354775628695;
/** Beyond this erfc(x) underflows to 0 in double precision. */
const ERFC_UNDERFLOW = 26.543;
const SQRT1_2 = Math.SQRT1_2;

// Cody's three rational approximations, written out in Horner form (the loops of CALERF
// unrolled, since this runs for every asset and timestamp).

/** erf(x) for |x| ≤ 0.46875: x·P(x²)/Q(x²) (CALERF coefficients A, B). */
function erfSmall(x: number): number {
  const t = x * x;
  const numerator = (((0.185777706184603153 * t + 3.1611237438705656) * t + 113.864154151050156) * t + 377.485237685302021) * t + 3209.37758913846947;
  const denominator = (((t + 23.6012909523441209) * t + 244.024637934444173) * t + 1282.61652607737228) * t + 2844.23683343917062;
  return (x * numerator) / denominator;
}

/** erfc(y)·exp(y²) for 0.46875 < y ≤ 4 (coefficients C, D). */
function scaledErfcMiddle(y: number): number {
  const numerator =
    (((((((2.15311535474403846e-8 * y + 0.564188496988670089) * y + 8.88314979438837594) * y + 66.1191906371416295) * y + 298.635138197400131) * y +
      881.95222124176909) *
      y +
      1712.04761263407058) *
      y +
      2051.07837782607147) *
      y +
    1230.33935479799725;
  const denominator =
    (((((((y + 15.7449261107098347) * y + 117.693950891312499) * y + 537.181101862009858) * y + 1621.38957456669019) * y + 3290.79923573345963) * y +
      4362.61909014324716) *
      y +
      3439.36767414372164) *
      y +
    1230.33935480374942;
  return numerator / denominator;
}

/** erfc(y)·exp(y²)·y for y > 4, a rational function of 1/y² (coefficients P, Q). */
function scaledErfcTail(y: number): number {
  const t = 1 / (y * y);
  const numerator =
    ((((0.0163153871373020978 * t + 0.305326634961232344) * t + 0.360344899949804439) * t + 0.125781726111229246) * t + 0.0160837851487422766) * t +
    6.58749161529837803e-4;
  const denominator =
    ((((t + 2.56852019228982242) * t + 1.87295284992346047) * t + 0.527905102951428412) * t + 0.0605183413124413191) * t + 0.00233520497626869185;
  return ONE_OVER_SQRT_PI - (t * numerator) / denominator;
}

/**
 * exp(−y²) for the tail, as exp(−⌊16y⌋²/256)·exp(−(y − ⌊16y⌋/16)(y + ⌊16y⌋/16)) so the
 * rounding of y² does not cost relative accuracy (Cody). Below y = 4 that rounding costs
 * under 2e-15 and one exp(−y·y) is used instead.
 */
function expMinusSquare(y: number): number {
  const ySplit = Math.trunc(y * 16) / 16;
  return Math.exp(-ySplit * ySplit) * Math.exp(-(y - ySplit) * (y + ySplit));
}

/** Complementary error function erfc(x) = 1 − erf(x). */
export function erfc(x: number): number {
  const y = Math.abs(x);
  if (y <= 0.46875) return 1 - erfSmall(x);
  let result: number;
  if (y <= 4) result = Math.exp(-y * y) * scaledErfcMiddle(y);
  else if (y >= ERFC_UNDERFLOW) result = 0;
  else result = (expMinusSquare(y) * scaledErfcTail(y)) / y;
  return x < 0 ? 2 - result : result;
}

/** Standard normal distribution function Φ(z). */
export function standardNormalCdf(z: number): number {
  return 0.5 * erfc(-z * SQRT1_2);
}

/** Standard normal survival function 1 − Φ(z) = Φ(−z), accurate in the upper tail. */
export function standardNormalSurvival(z: number): number {
  return 0.5 * erfc(z * SQRT1_2);
}
