import type { HazsimService } from '../../../app/service.js';
import { HindcastRequest, HindcastResponse } from '../../../app/territory/territorySchemas.js';
import type { Route } from '../routeTable.js';
import { HTML_CONTENT_TYPE, runRoute, whileConnected } from './simulation.js';

/** A hindcast's answer of one county, the smallest body POST /hindcast/report takes. */
const ANSWER_EXAMPLE = {
  status: 'success',
  message: 'Hindcast of nc under FLORENCE_AL062018: 1 of 1 counties compared',
  territory_name: 'nc',
  hazard_system_name: 'FLORENCE_AL062018',
  curve_set: 'default',
  number_of_samples: 100,
  seed: 0,
  observed_format: 'county_table',
  counties: [
    {
      fips: '37129',
      name: 'New Hanover',
      customers: 120000,
      predicted_peak_fraction: 0.95,
      observed_peak_fraction: 1,
      peak_fraction_difference: -0.05,
      predicted_peak_time: '2018-09-14T12:00:00Z',
      observed_peak_time: null,
      predicted_customer_hours: 21000000,
      observed_customer_hours: 26628000,
      predicted_hours_per_customer: 175,
      observed_hours_per_customer: 221.9,
    },
  ],
  metrics: {
    counties_compared: 1,
    bias: -0.05,
    median_absolute_error: 0.05,
    spearman: null,
    hard_hit: { threshold: 0.5, observed: 1, predicted: 1, hits: 1, false_alarms: 0, hit_rate: 1 },
    territory: {
      customers: 120000,
      predicted_peak_customers: 114000,
      predicted_peak_time: '2018-09-14T12:00:00Z',
      observed_peak_customers: null,
      observed_peak_time: null,
      predicted_customer_hours: 21000000,
      observed_customer_hours: 26628000,
    },
  },
};

/**
 * POST /hindcast (docs/hindcast.md): the impact analysis over every county model of a territory,
 * compared with the observed outages in the body. Answered when done, as POST /impact is; the
 * run stops when the client goes away. POST /hindcast/report: the HTML page of such an answer.
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
    runRoute({
      path: '/hindcast/report',
      operationId: 'hindcastReport',
      summary: "Download the HTML page of a hindcast's answer",
      description:
        'Takes the answer of POST /hindcast as the body, unchanged, and returns one self-contained HTML page (docs/report.md, "Hindcast page"): county maps of predicted and observed peak fraction out and of their difference, drawn from the us-atlas outlines of the counties and their state, a predicted-vs-observed scatter, the skill metrics and the county table. It opens from disk with no network.',
      schema: HindcastResponse,
      example: ANSWER_EXAMPLE,
      contentType: HTML_CONTENT_TYPE,
      fileName: '{territory_name}_hindcast_report.html',
      run: async (body) => ({ ...(await service.reports.fromHindcast(body)), contentType: HTML_CONTENT_TYPE }),
    }),
  ];
}
