/** The WGS-84 ellipsoid (NIMA TR8350.2): semi-major axis a [m] and flattening f. */
export const WGS84_A_M = 6378137;
export const WGS84_F = 1 / 298.257223563;
/** Semi-minor axis b = a·(1 − f), metres. */
export const WGS84_B_M = WGS84_A_M * (1 - WGS84_F);
/** First eccentricity squared e² = f·(2 − f). */
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);
/** Second eccentricity squared e'² = (a² − b²)/b², used by Vincenty's series. */
export const WGS84_EP2 = (WGS84_A_M * WGS84_A_M - WGS84_B_M * WGS84_B_M) / (WGS84_B_M * WGS84_B_M);

export const DEG_TO_RAD = Math.PI / 180;
