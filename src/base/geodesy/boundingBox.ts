/** A longitude/latitude box in degrees (WGS-84), as the model summaries report it. */
export interface BoundingBox {
  min_longitude: number;
  min_latitude: number;
  max_longitude: number;
  max_latitude: number;
}

/**
 * The smallest box holding `box` (null: nothing yet) and the box from (minLongitude,
 * minLatitude) to (maxLongitude, maxLatitude), degrees; a point when the maxima are left out.
 * No antimeridian handling: feeders and hazard footprints do not cross it.
 */
export function extendBox(
  box: BoundingBox | null,
  minLongitude: number,
  minLatitude: number,
  maxLongitude = minLongitude,
  maxLatitude = minLatitude,
): BoundingBox {
  if (!box) return { min_longitude: minLongitude, min_latitude: minLatitude, max_longitude: maxLongitude, max_latitude: maxLatitude };
  return {
    min_longitude: Math.min(box.min_longitude, minLongitude),
    min_latitude: Math.min(box.min_latitude, minLatitude),
    max_longitude: Math.max(box.max_longitude, maxLongitude),
    max_latitude: Math.max(box.max_latitude, maxLatitude),
  };
}
