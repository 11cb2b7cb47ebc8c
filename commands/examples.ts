import type { Command } from 'commander';

/**
 * Worked examples of each command (by its path, "cache info"), shown under "Examples:" in
 * its --help and in the man page's EXAMPLES section, so both teach the same usage.
 */
export const COMMAND_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  upload: [
    'hazsim upload feeder.json --description "my feeder"',
    'hazsim upload storm.json --kind hazard --name ian',
    'hazsim upload bundle.zip --overwrite          # a JSON plus its <stem>_time_series/ folder',
    'hazsim upload p5r.json --coordinate-order lat,lon   # x is the latitude, y the longitude',
    'hazsim upload ieee13.json --place-at -105.17,39.74  # x/y metres east/north of that point',
  ],
  validate: ['hazsim validate feeder.json', 'hazsim validate feeder.json --json | jq .issues'],
  list: ['hazsim list', 'hazsim list --kind hazard --json | jq -r ".[].name"'],
  show: ['hazsim show feeder', 'hazsim show ian --kind hazard --json | jq .timestamps'],
  delete: ['hazsim delete ian --kind hazard', 'hazsim delete feeder --yes                  # no question on a terminal'],
  simulate: ['hazsim simulate feeder ian', 'hazsim simulate feeder ian --curve-set ERAD_V1_CURVES -o results.sqlite --json'],
  scenarios: [
    'hazsim scenarios feeder ian -n 1000 --seed 42',
    'hazsim scenarios feeder ian -n 500 --method sequential -o outages.zip',
    'hazsim scenarios feeder quake -n 200 --ground-motion-variability median',
  ],
  'cache info': ['hazsim cache info', 'hazsim cache --cache-dir /data/hazsim --json'],
  'cache refresh': ['hazsim cache refresh                        # after copying model files in by hand'],
  'cache prune': [
    'hazsim cache prune                          # lists what it would remove',
    'hazsim cache prune --older-than 7 --yes     # removes orphans and results older than a week',
  ],
  'hazard-types': ['hazsim hazard-types --json | jq -r ".hazard_types[]"'],
  'curve-sets summary': ['hazsim curve-sets'],
  'curve-sets list': ['hazsim curve-sets list'],
  'curve-sets show': ['hazsim curve-sets show DEFAULT_CURVES'],
  'curve-sets upload': ['hazsim curve-sets upload examples/curve-sets/example_curves.json --name my_curves'],
  'curve-sets delete': ['hazsim curve-sets delete my_curves --yes'],
  serve: ['hazsim serve --port 8000', 'HAZSIM_API_KEY=secret hazsim serve --host 127.0.0.1 --port 0 --json'],
  mcp: ['hazsim mcp --cache-dir ~/hazsim-cache       # started by an MCP client, e.g. Claude Desktop'],
  browse: ['hazsim browse', 'hazsim browse --cache-dir /data/hazsim'],
  completion: [
    'eval "$(hazsim completion bash)"          # in ~/.bashrc',
    'eval "$(hazsim completion zsh)"           # in ~/.zshrc',
    'hazsim completion fish | source           # in ~/.config/fish/config.fish',
    'hazsim completion --names curve-set        # the names the script completes with',
  ],
};

/** The command's path below the root: "simulate", "cache info". */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** Adds an "Examples:" block after the --help of every command that has examples. */
export function addExamplesToHelp(command: Command): void {
  for (const sub of command.commands) {
    const examples = COMMAND_EXAMPLES[commandPath(sub)];
    if (examples) sub.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
    addExamplesToHelp(sub);
  }
}
