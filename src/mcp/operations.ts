import type * as v from 'valibot';
import { HazsimError } from '../core/errors.js';
import type { HazsimService } from '../core/service.js';
import type { ScenarioRecordsResult, ScenarioRequest, SimulationRequest, SimulationSummary } from '../core/schemas.js';

/**
 * The simulation and scenario operations of the core that the MCP tools run_simulation and
 * generate_scenarios call. Declared here so the MCP layer names exactly what it needs; a
 * service that has them satisfies this interface structurally.
 */
export interface SimulationOperations {
  /** Runs a simulation, writes its SQLite database and returns a summary of it (spec §4.2 run_simulation). */
  runSimulationSummary(request: SimulationRequest): Promise<Omit<v.InferOutput<typeof SimulationSummary>, 'survival_statistics'> & { survival_statistics: object }>;
  /** Generates scenarios, writes their ZIP and returns every scenario record (spec §4.2 generate_scenarios). */
  generateScenarioRecords(request: ScenarioRequest): Promise<v.InferOutput<typeof ScenarioRecordsResult>>;
}

/** What the MCP tools call: the service, and the simulation operations when they are available. */
export type McpService = HazsimService & Partial<SimulationOperations>;

/** The named operation of `service`; an internal error when this build does not provide it. */
export function operation<K extends keyof SimulationOperations>(service: McpService, name: K): SimulationOperations[K] {
  const found = service[name];
  if (!found) throw new HazsimError('internal', `This hazsim build has no ${name} operation`);
  return found.bind(service) as SimulationOperations[K];
}
