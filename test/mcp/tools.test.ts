import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { createService, type HazsimService } from '../../src/core/service.js';
import { HazsimError } from '../../src/core/errors.js';
import type { ScenarioRequest, SimulationRequest } from '../../src/core/schemas.js';
import type { SimulationOperations } from '../../src/mcp/index.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { connectInMemory, toolError, toolOutput } from '../helpers/mcp.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');

/**
 * TEST DOUBLE for the simulator and scenario generator, which are not merged yet: a small
 * real implementation over the real service (it loads both models by name, so unknown
 * names fail as the real ones will) that writes its result file and returns the payload
 * shapes the MCP tools pass on. Every component "survives" with probability 1; scenario i
 * takes the first component out of service when (seed + i) is even.
 */
function simulationTestDouble(service: HazsimService, outputDir: string): SimulationOperations {
  function load(request: SimulationRequest) {
    const distribution = service.getModel('distribution', request.distribution_system_name).content as { components: { uuid: string }[] };
    const hazard = service.getModel('hazard', request.hazard_system_name).content as { models: unknown[]; timestamps: string[] };
    if (request.curve_set !== 'DEFAULT_CURVES') throw new HazsimError('not_found', `Curve set '${request.curve_set}' not found`);
    return { distribution, hazard };
  }
  return {
    async runSimulationSummary(request) {
      const { distribution, hazard } = load(request);
      const filePath = path.join(outputDir, `${request.distribution_system_name}_${request.hazard_system_name}_results.json`);
      fs.writeFileSync(filePath, JSON.stringify(distribution.components.map((component) => ({ uuid: component.uuid, survival: 1 }))));
      return {
        status: 'success',
        message: 'Simulation completed successfully',
        distribution_system_name: request.distribution_system_name,
        hazard_system_name: request.hazard_system_name,
        asset_count: distribution.components.length,
        hazard_count: hazard.models.length,
        timestamps: hazard.timestamps,
        curve_set: request.curve_set,
        file_path: filePath,
        survival_statistics: { minimum: 1, mean: 1 },
      };
    },
    async generateScenarioRecords(request: ScenarioRequest) {
      const { distribution, hazard } = load(request);
      const samples = request.number_of_samples ?? 1;
      const seed = request.seed ?? 0;
      const scenarios = Array.from({ length: samples }, (_, index) => ({
        scenario_name: `sample_${index}`,
        timestamp: hazard.timestamps[0],
        edits: (seed + index) % 2 === 0 ? [{ component_uuid: distribution.components[0].uuid, name: 'in_service', value: false }] : [],
      }));
      const filePath = path.join(outputDir, `${request.distribution_system_name}_scenarios_${samples}samples.json`);
      fs.writeFileSync(filePath, JSON.stringify(scenarios));
      return {
        status: 'success',
        message: 'Scenarios generated successfully',
        distribution_system_name: request.distribution_system_name,
        hazard_system_name: request.hazard_system_name,
        number_of_samples: samples,
        seed,
        total_scenarios: scenarios.length,
        scenarios,
        file_path: filePath,
      };
    },
  };
}

async function setUp(operations?: (service: HazsimService, outputDir: string) => SimulationOperations, log?: (line: string) => void) {
  const cacheDir = tempDir();
  const outputDir = tempDir('hazsim-mcp-out-');
  const service = createService({ cacheDir });
  await service.uploadModelFile(FEEDER, { description: 'two buses' });
  await service.uploadModelFile(QUAKE, { name: 'quake' });
  const client = await connectInMemory(service, operations?.(service, outputDir), { log });
  return { client, service, outputDir };
}

const listing = suite('tools/list');

listing('lists the six cache tools, and run_simulation and generate_scenarios when the simulation operations are given', async () => {
  const bare = await setUp();
  const cacheTools = ['list_cached_models', 'get_model_info', 'refresh_cache', 'get_cache_info', 'list_cached_hazard_models', 'get_hazard_model_info'];
  assert.equal((await bare.client.listTools()).tools.map((tool) => tool.name), cacheTools);
  const full = await setUp(simulationTestDouble);
  const { tools } = await full.client.listTools();
  assert.equal(tools.map((tool) => tool.name), ['run_simulation', 'generate_scenarios', ...cacheTools]);
  for (const tool of tools) {
    assert.ok(tool.title && tool.description, `${tool.name} has a title and description`);
    assert.is(tool.inputSchema.type, 'object');
    assert.is(tool.outputSchema?.type, 'object', `${tool.name} declares an output schema`);
    assert.is(tool.annotations?.openWorldHint, false);
  }
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  assert.equal(byName.run_simulation.inputSchema.required, ['distribution_system_name', 'hazard_system_name']);
  assert.is((byName.run_simulation.inputSchema.properties as any).curve_set.default, 'DEFAULT_CURVES');
  assert.equal(byName.generate_scenarios.inputSchema.required, ['distribution_system_name', 'hazard_system_name']);
  assert.equal(Object.keys(byName.generate_scenarios.inputSchema.properties ?? {}).slice(0, 5), ['distribution_system_name', 'hazard_system_name', 'curve_set', 'number_of_samples', 'seed']);
  assert.equal(byName.get_model_info.inputSchema.required, ['model_name']);
  assert.is(byName.get_cache_info.annotations?.readOnlyHint, true);
  assert.is(byName.run_simulation.annotations?.readOnlyHint, false);
});

listing.run();

const simulation = suite('run_simulation');

simulation('returns the spec fields, the result file path and survival statistics; curve_set defaults to DEFAULT_CURVES', async () => {
  const { client } = await setUp(simulationTestDouble);
  const output = toolOutput(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake' } }));
  assert.equal(Object.keys(output).sort(), [
    'asset_count', 'curve_set', 'distribution_system_name', 'file_path', 'hazard_count', 'hazard_system_name', 'message', 'status', 'survival_statistics', 'timestamps',
  ]);
  assert.is(output.status, 'success');
  assert.is(output.curve_set, 'DEFAULT_CURVES');
  assert.is(output.asset_count, 2);
  assert.is(output.hazard_count, 1);
  assert.equal(output.timestamps, ['2024-01-01T00:00:00']);
  assert.ok(fs.existsSync(output.file_path));
  assert.equal(output.survival_statistics, { minimum: 1, mean: 1 });
});

simulation('unknown models, invalid arguments and failed runs come back as isError results naming the problem', async () => {
  const { client } = await setUp(simulationTestDouble);
  const call = (args: Record<string, unknown>) => client.callTool({ name: 'run_simulation', arguments: args });
  assert.is(toolError(await call({ distribution_system_name: 'nope', hazard_system_name: 'quake' })), "Distribution system 'nope' not found");
  assert.is(toolError(await call({ distribution_system_name: 'tiny_feeder', hazard_system_name: 'nope' })), "Hazard model 'nope' not found");
  assert.is(toolError(await call({ distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake', curve_set: 'MINE' })), "Curve set 'MINE' not found");
  const missing = toolError(await call({ distribution_system_name: 'tiny_feeder' }));
  assert.match(missing, /^Invalid arguments for run_simulation:/);
  assert.match(missing, /\n {2}hazard_system_name: /);
  assert.match(toolError(await call({ distribution_system_name: 7, hazard_system_name: 'quake' })), /distribution_system_name: Invalid type: Expected string but received 7/);
  assert.match(toolError(await call({ distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake', colour: 'red' })), /colour: /);
  // The server is still there and correct after every failure.
  assert.is(toolOutput(await call({ distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake' })).asset_count, 2);
});

simulation('an operation that throws an unexpected error or returns a malformed payload gives an isError result, not a crash', async () => {
  const logged: string[] = [];
  const { client } = await setUp((service, outputDir) => {
    const real = simulationTestDouble(service, outputDir);
    return {
      runSimulationSummary: async () => {
        throw new Error('solver diverged');
      },
      generateScenarioRecords: async (request) => ({ ...(await real.generateScenarioRecords(request)), total_scenarios: -1 }),
    };
  }, (line) => logged.push(line));
  assert.is(toolError(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake' } })), 'solver diverged');
  const malformed = toolError(await client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake' } }));
  assert.match(malformed, /^generate_scenarios produced a result that does not match its output schema\n {2}total_scenarios: /);
  assert.is(toolOutput(await client.callTool({ name: 'get_cache_info', arguments: {} })).total_models, 2);
  // Internal faults are logged with their stack for whoever runs the server; client mistakes are not.
  assert.is(logged.length, 2);
  assert.match(logged[0], /^hazsim mcp: tool run_simulation failed: Error: solver diverged\n\s+at /);
  assert.match(logged[1], /^hazsim mcp: tool generate_scenarios failed: HazsimError: generate_scenarios produced a result/);
});

simulation.run();

const scenarios = suite('generate_scenarios');

scenarios('defaults to one sample with seed 0 and returns every record with truncated false', async () => {
  const { client } = await setUp(simulationTestDouble);
  const output = toolOutput(await client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake' } }));
  assert.equal(Object.keys(output).sort(), [
    'distribution_system_name', 'file_path', 'hazard_system_name', 'message', 'number_of_samples', 'scenarios', 'seed', 'status', 'total_scenarios', 'truncated',
  ]);
  assert.is(output.number_of_samples, 1);
  assert.is(output.seed, 0);
  assert.is(output.total_scenarios, 1);
  assert.is(output.truncated, false);
  assert.equal(output.scenarios, [{ scenario_name: 'sample_0', timestamp: '2024-01-01T00:00:00', edits: [{ component_uuid: '7f0f6c4e-0a57-4b8e-9a3e-000000000001', name: 'in_service', value: false }] }]);
  assert.ok(fs.existsSync(output.file_path));
});

scenarios('returns the first 1,000 of more records with truncated true; the file holds them all', async () => {
  const { client } = await setUp(simulationTestDouble);
  const output = toolOutput(await client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake', number_of_samples: 1001, seed: 7 } }));
  assert.is(output.total_scenarios, 1001);
  assert.is(output.truncated, true);
  assert.is(output.scenarios.length, 1000);
  assert.is(output.scenarios[0].scenario_name, 'sample_0');
  assert.is(output.scenarios[999].scenario_name, 'sample_999');
  assert.is(JSON.parse(fs.readFileSync(output.file_path, 'utf8')).length, 1001);
  const exact = toolOutput(await client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake', number_of_samples: 1000 } }));
  assert.is(exact.truncated, false);
  assert.is(exact.scenarios.length, 1000);
});

scenarios('refuses a sample count below 1, a fractional count and a negative seed, naming the field', async () => {
  const { client } = await setUp(simulationTestDouble);
  const call = (args: Record<string, unknown>) => client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'quake', ...args } });
  assert.match(toolError(await call({ number_of_samples: 0 })), /number_of_samples: must be at least 1/);
  assert.match(toolError(await call({ number_of_samples: 2.5 })), /number_of_samples: must be an integer/);
  assert.match(toolError(await call({ seed: -1 })), /seed: must be >= 0/);
});

scenarios.run();

const unknown = suite('unknown tools');

unknown('an unknown tool name is an isError result listing the tools there are', async () => {
  const { client } = await setUp();
  const message = toolError(await client.callTool({ name: 'delete_everything', arguments: {} }));
  assert.match(message, /^Unknown tool: delete_everything \(available: list_cached_models, /);
});

unknown.run();
