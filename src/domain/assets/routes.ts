/**
 * Where each line runs: the positions of its buses in the order the model lists them, for
 * drawing lines along their route (the report's map). A line with an unlocated bus has no route.
 */
import { componentsOfType, type Component, type DistributionModel } from '../gdm/model.js';
import { LINE_CLASSES } from './lines.js';
import { busPoint, type CoordinateReading } from './locate.js';

/** Route of each line by its uuid: [lon0, lat0, lon1, lat1, ...] in degrees, WGS-84, the buses read as `reading` says. */
export function lineRoutes(model: DistributionModel, reading: CoordinateReading): Map<string, number[]> {
  const routes = new Map<string, number[]>();
  for (const type of LINE_CLASSES) {
    for (const line of componentsOfType(model, type)) {
      const route: number[] = [];
      for (const bus of line.fields.buses as Component[]) {
        const point = busPoint(bus, reading);
        if ('reason' in point) {
          route.length = 0;
          break;
        }
        route.push(point.longitude, point.latitude);
      }
      if (route.length >= 4) routes.set(line.uuid, route);
    }
  }
  return routes;
}
