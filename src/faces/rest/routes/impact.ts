import type { HazsimService } from '../../../app/service.js';
import { ImpactRequest } from '../../../app/impact/impactSchemas.js';
import type { Route } from '../routeTable.js';
import { SCENARIO_EXAMPLE } from '../examples.js';
import { runRoute, SQLITE_CONTENT_TYPE } from './simulation.js';

/** POST /impact (docs/output-impact.md): scenarios drawn in a worker, their network impact returned as a SQLite file. */
export function impactRoutes(service: HazsimService): Route[] {
  return [
    runRoute({
      path: '/impact',
      operationId: 'estimateImpact',
      summary: 'Estimate who loses power and for how long, and download the impact database',
      description:
        'Draws the outage scenarios of the request (as POST /generate-scenarios), finds for every sample which loads lose power and when repairs bring them back, and returns a SQLite file: metrics per sample and their mean, P10, P50 and P90, customers and kW out over time, per-load outage probability and expected duration, and every repair. The same inputs and seed give the same bytes as `hazsim impact` and the MCP tool estimate_impact.',
      schema: ImpactRequest,
      example: { ...SCENARIO_EXAMPLE, number_of_samples: 100 },
      contentType: SQLITE_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_impact_{number_of_samples}samples.sqlite',
      run: async (body, signal) => ({ ...(await service.runs.estimateImpact(body, { signal })), contentType: SQLITE_CONTENT_TYPE }),
    }),
  ];
}
