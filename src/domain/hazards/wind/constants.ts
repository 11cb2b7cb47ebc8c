/**
 * Physical constants and unit factors shared by the wind modules. Each value names its source;
 * where CLIMADA (Aznar-Siguan & Bresch 2019, climada_python v6.1.0) fixes a value, the same
 * value is used so the published CLIMADA test vectors reproduce.
 */

/** Earth's rotation rate Ω (rad/s) as CLIMADA uses it (sidereal value 7.2921e-5 rounded). */
export const EARTH_ROTATION_RATE = 7.29e-5;

/** Constant air density (kg/m³) suggested by Holland (1980) for the gradient-wind balance. */
export const HOLLAND_1980_AIR_DENSITY = 1.15;

/**
 * Gradient-level to 10 m surface wind reduction factor over the ocean: the "90 % rule" of
 * Franklin, Black & Valde (2003, Wea. Forecasting 18, 32–44), as used by CLIMADA.
 */
export const GRADIENT_TO_SURFACE_FACTOR = 0.9;

/** Offset between °C and K used in the Holland et al. (2010) eq. 9 air density (CLIMADA T_ICE_K). */
export const CELSIUS_TO_KELVIN = 273.16;

/** International knot: 1 nautical mile (1852 m) per hour. */
export const KNOT_MS = 1852 / 3600;
/** International nautical mile (m). */
export const NAUTICAL_MILE_M = 1852;
/** One hectopascal = one millibar (Pa). */
export const HPA_PA = 100;
export const HOUR_S = 3600;

/** Length of one degree of latitude used by CLIMADA's "equirect" distance (ONE_LAT_KM). */
export const CLIMADA_DEGREE_LENGTH_M = 111_120;

/** IUGG mean Earth radius R1 = (2a + b)/3 of WGS-84 (Moritz 2000, Geodetic Reference System 1980). */
export const EARTH_MEAN_RADIUS_M = 6_371_008.8;

/** CLIMADA caps the storm translation speed at 30 kn before it enters the wind field. */
export const MAX_TRANSLATION_SPEED_MS = 30 * KNOT_MS;

/** CLIMADA computes no wind farther than 300 km from the eye (DEF_MAX_DIST_EYE_KM). */
export const MAX_DISTANCE_FROM_EYE_M = 300_000;

/** Default environmental pressure (CLIMADA DEF_ENV_PRESSURE, 1010 hPa). */
export const DEFAULT_ENVIRONMENTAL_PRESSURE_PA = 1010 * HPA_PA;
