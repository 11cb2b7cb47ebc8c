import type { HazsimService } from '../../../app/service.js';
import { HindcastRequest, HindcastResponse } from '../../../app/territory/territorySchemas.js';
import type { Route } from '../routeTable.js';
import { whileConnected } from './simulation.js';

/**
 * POST /hindcast (docs/hindcast.md): the impact analysis over every county model of a territory,
 * compared with the observed outages in the body. Answered when done, as POST /impact is; the
 * run stops when the client goes away.
 */
export function hindcastRoutes(service: HazsimService): Route[] {
  return [
    {
      method: 'POST',
      path: '/hindcast',
      operationId: 'hindcast',
      summary: 'Compare predicted county outages of a territory with observed ones',
      description:
        "Runs the impact analysis (as POST /impact) on every county model of a territory built with `hazsim territory build`, and compares each county's peak fraction of customers out, time of peak and customer-hours with the observed table in `observed_csv` (EAGLE-I records or a county table). Returns the per-county rows and the skill metrics: bias, median absolute error, Spearman rank correlation, hit rate of counties above 50 % out, territory-wide peak and customer-hours. A state-sized territory takes minutes (docs/hindcast.md); the answer comes when it is done.",
      tag: 'Simulation',
      body: {
        kind: 'json',
        schema: HindcastRequest,
        example: {
          territory_name: 'nc',
          hazard_system_name: 'FLORENCE_AL062018',
          observed_csv: 'geoid,max_pct_out,avg_customer_hrs_out\n37129,1,221.9\n37031,0.626,83.4\n',
          number_of_samples: 100,
          seed: 0,
        },
      },
      success: { status: 200, description: 'per-county comparison and skill metrics', json: HindcastResponse },
      errors: [400, 404, 413, 415, 422],
      async handle(ctx, { body }) {
        ctx.body = await whileConnected(ctx, (signal) => service.territories.hindcast(body, { signal }));
      },
    },
  ];
}
