/**
 * hazsim's MCP prompts (docs/specification.md §4.2): conversation starters that walk an agent through the
 * tools by name, from checking the models to reading the survival statistics.
 */
import { ErrorCode, McpError, type GetPromptResult, type ListPromptsResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { HazsimService } from '../../app/service.js';

interface PromptDefinition extends Prompt {
  arguments: NonNullable<Prompt['arguments']>;
  /** The prompt's description and user message for arguments already checked to be present. */
  render(args: Record<string, string>, service: HazsimService): { description: string; text: string };
}

const MODEL_NAME_ARGUMENT = { name: 'model_name', description: 'name of a cached distribution model', required: true };

/** The steps both prompts start with: make sure the distribution model is there and learn what it holds. */
function checkModelSteps(modelName: string): string[] {
  return [
    `Call list_cached_models and confirm that a distribution model named '${modelName}' is listed. If it is not, stop and tell me; a model is stored with \`hazsim upload <file> --name ${modelName}\` or POST /distribution-models.`,
    `Call get_model_info with model_name '${modelName}' (or read hazsim://models/${modelName}/summary) to learn how many components and assets of each type it has and where it lies (bounding_box).`,
  ];
}

const PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'simulate_hazard',
    title: 'Simulate a hazard on a distribution model',
    description: 'Walks through simulating one hazard type on a cached distribution model and explaining the outcome',
    arguments: [
      MODEL_NAME_ARGUMENT,
      // Its description lists the hazard types the service knows when the prompts are listed (listPrompts).
      { name: 'hazard_type', description: 'hazard type', required: true },
    ],
    render: ({ model_name, hazard_type }, service) => {
      const supported = service.models.hazardTypes().hazard_types;
      if (!supported.includes(hazard_type))
        throw new McpError(ErrorCode.InvalidParams, `Unknown hazard_type '${hazard_type}' (supported: ${supported.join(', ')})`);
      return {
        description: `Simulate ${hazard_type} hazard on ${model_name}`,
        text: numbered(`Simulate a ${hazard_type} hazard on the distribution model '${model_name}' with the hazsim tools, step by step:`, [
          ...checkModelSteps(model_name),
          `Call list_cached_hazard_models, then get_hazard_model_info for the candidates, and pick a hazard model whose hazard_counts has ${hazard_type} above 0, whose bounding_box overlaps the distribution model's and whose timestamps cover the period of interest. If none exists, stop and ask me to upload one (\`hazsim upload <file>\` or POST /hazard-models); hazsim://hazards/types lists the hazard types hazsim supports.`,
          `Call run_simulation with distribution_system_name '${model_name}', the chosen hazard_system_name and curve_set DEFAULT_CURVES. Report asset_count, unlocated_count, hazard_count, the timestamps simulated and the file_path of the SQLite results.`,
          'Interpret survival_statistics and lowest_survival: which assets and asset types are least likely to survive, and at which timestamp the damage is worst.',
          'Call generate_scenarios with the same names, number_of_samples 10 and a fixed seed (say 42) so the result can be reproduced. Summarise how many assets go out of service per scenario (edits that set in_service to false) and which ones fail most often.',
          `Explain what this means for the resilience of '${model_name}' against ${hazard_type} and suggest where hardening would help most.`,
        ]),
      };
    },
  },
  {
    name: 'analyze_vulnerability',
    title: 'Analyse the vulnerability of a distribution model',
    description: 'Walks through simulating every available hazard on a cached distribution model and ranking its risks',
    arguments: [MODEL_NAME_ARGUMENT],
    render: ({ model_name }, service) => ({
      description: `Analyze vulnerability of ${model_name}`,
      text: numbered(`Analyse how vulnerable the distribution model '${model_name}' is to natural hazards, with the hazsim tools, step by step:`, [
        ...checkModelSteps(model_name),
        `Call list_cached_hazard_models and get_hazard_model_info for each hazard model, and group them by hazard type (hazsim supports ${service.models.hazardTypes().hazard_types.join(', ')}). If none is cached, stop and ask me to upload hazard models.`,
        `For each hazard model, call run_simulation with distribution_system_name '${model_name}' and curve_set DEFAULT_CURVES, and note the file_path and survival_statistics.`,
        'For each hazard model, call generate_scenarios with number_of_samples of at least 10 and a fixed seed, and count the assets put out of service in each scenario.',
        'Rank the hazards by expected damage (lowest survival probabilities, most outages per scenario) and name the asset types and assets that fail most often.',
        'Recommend resilience improvements for the highest risks, and say which results the recommendation rests on.',
      ]),
    }),
  },
];

function numbered(intro: string, steps: string[]): string {
  return [intro, '', ...steps.map((step, index) => `${index + 1}. ${step}`)].join('\n');
}

/** The prompts, with the hazard types of this process (built in and added at start-up) in the hazard_type argument. */
export function listPrompts(service: HazsimService): ListPromptsResult {
  const types = service.models.hazardTypes().hazard_types;
  const hazardTypes = types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}` : types.join('');
  return {
    prompts: PROMPTS.map(({ render: _render, ...prompt }) => ({
      ...prompt,
      arguments: prompt.arguments.map((argument) => (argument.name === 'hazard_type' ? { ...argument, description: `hazard type: ${hazardTypes}` } : argument)),
    })),
  };
}

/** Renders a prompt; an unknown prompt or a missing or unknown argument is a protocol error naming it. */
export function getPrompt(service: HazsimService, name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = PROMPTS.find((candidate) => candidate.name === name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name} (available: ${PROMPTS.map((candidate) => candidate.name).join(', ')})`);
  const missing = prompt.arguments.filter((argument) => !args[argument.name]?.trim()).map((argument) => argument.name);
  if (missing.length > 0) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} needs ${missing.join(' and ')} (missing or empty)`);
  const unknown = Object.keys(args).filter((key) => !prompt.arguments.some((argument) => argument.name === key));
  if (unknown.length > 0)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Prompt ${name} takes no argument ${unknown.join(', ')} (it takes ${prompt.arguments.map((argument) => argument.name).join(', ')})`,
    );
  const trimmed = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, value.trim()]));
  const { description, text } = prompt.render(trimmed, service);
  return { description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
