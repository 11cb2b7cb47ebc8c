/**
 * Values of the documentation's request examples: the names the bundled examples get when
 * uploaded with their default names (`examples/feeder/example_feeder.json`,
 * `examples/hazards/earthquake.json`), so "Try it out" in Swagger UI works after those uploads.
 */
import { DEFAULT_CURVE_SET } from '../../app/contract/schemas.js';

export const EXAMPLE_DISTRIBUTION = 'example_feeder';
export const EXAMPLE_HAZARD = 'earthquake';

export const SIMULATION_EXAMPLE = { distribution_system_name: EXAMPLE_DISTRIBUTION, hazard_system_name: EXAMPLE_HAZARD, curve_set: DEFAULT_CURVE_SET };
export const SCENARIO_EXAMPLE = { ...SIMULATION_EXAMPLE, number_of_samples: 10, seed: 42, method: 'peak' };
export const REPORT_EXAMPLE = { ...SIMULATION_EXAMPLE, number_of_samples: 10, seed: 42 };
