import type { Command, Option } from 'commander';
import { HAZSIM_VERSION } from '../src/base/version.js';
import { COMMAND_EXAMPLES, commandPath } from './examples.js';

/** Escapes text for roff: backslashes, leading dots/quotes, and hyphens that are minus signs in flags. */
function roff(text: string): string {
  return text.replace(/\\/g, '\\e').replace(/^([.'])/gm, '\\&$1');
}

function flag(text: string): string {
  return roff(text).replace(/-/g, '\\-');
}

function leafCommands(command: Command, prefix: string[] = []): { path: string[]; command: Command }[] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    const own = sub.commands.length === 0 || sub.registeredArguments.length > 0 ? [{ path, command: sub }] : [];
    return [...own, ...leafCommands(sub, path)];
  });
}

function usage(path: string[], command: Command): string {
  const args = command.registeredArguments.map((argument) => (argument.required ? `<${argument.name()}>` : `[${argument.name()}]`)).join(' ');
  return `\\fBhazsim ${path.join(' ')}\\fR ${command.options.length ? '[\\fIoptions\\fR] ' : ''}${flag(args)}`.trimEnd();
}

function optionEntry(option: Option): string {
  const choices = option.argChoices ? ` (${option.argChoices.join(', ')})` : '';
  const fallback = option.defaultValue !== undefined && option.defaultValue !== '' && option.defaultValue !== false ? ` (default: ${option.defaultValue})` : '';
  return `.TP\n.B ${flag(option.flags)}\n${roff(option.description)}${roff(choices)}${roff(fallback)}`;
}

/** Sections that are not in the command definitions: exit codes, environment, files. */
const STATIC_SECTIONS = String.raw`.SH EXIT STATUS
.TP
.B 0
success
.TP
.B 1
failure (an internal fault; set HAZSIM_DEBUG=1 for a stack trace)
.TP
.B 2
usage error (unknown option, missing argument without a terminal)
.TP
.B 3
not found (model, curve set)
.TP
.B 4
conflict (a name already taken; use \-\-overwrite)
.TP
.B 5
invalid or unreadable input (the error lists every problem with its JSON path)
.TP
.B 6
no space left on the device (disk full or quota reached); nothing half\-written is left
.TP
.B 130
interrupted at a prompt (Ctrl\-C)
.TP
.B 141
the reader of the output stopped early (as after \fBhead\fR); nothing is printed
.SH ENVIRONMENT
.TP
.B HAZSIM_CACHE_DIR
cache root, unless \-\-cache\-dir is given
.TP
.B XDG_CACHE_HOME
the cache root is $XDG_CACHE_HOME/hazsim when HAZSIM_CACHE_DIR is unset (Linux, macOS)
.TP
.B LOCALAPPDATA
the cache root is %LOCALAPPDATA%\ehazsim on Windows
.TP
.B HAZSIM_API_KEY
API key required by \fBhazsim serve\fR as "Authorization: Bearer <key>" (same as \-\-api\-key)
.TP
.B HAZSIM_MAX_SAMPLES
upper bound of the number of scenario samples (default 100000)
.TP
.B HAZSIM_MAX_OUTPUT_MB
the most MiB one run's scenario file may take: estimated before sampling, enforced while writing (default 20480)
.TP
.B HAZSIM_JOB_TTL
how long \fBhazsim serve\fR keeps a finished job and its result, such as 12h or 7d, or never (default 7d; same as \-\-job\-ttl)
.TP
.B HAZSIM_DEBUG
print stack traces of internal errors
.SH FILES
.TP
.I ~/.cache/hazsim/distribution_models/
stored distribution models (\fIname\fR.json, \fIname\fR_time_series/) and models_metadata.json
.TP
.I ~/.cache/hazsim/hazard_models/
stored hazard models and models_metadata.json
.TP
.I ~/.cache/hazsim/curve_sets/
custom fragility curve sets
.TP
.I ~/.cache/hazsim/results/
result files of runs started from \fBhazsim browse\fR and the MCP server
.TP
.I {distribution}+{hazard}+{curve_set}_results.sqlite
simulation result (default output of \fBhazsim simulate\fR)
.TP
.I {distribution}+{hazard}+{curve_set}_scenarios_*.zip
scenario result (default output of \fBhazsim scenarios\fR), ending in
\fI{n}samples_seed{seed}_{method}.zip\fR; a physics profile other than default and median
ground motion are named too
.SH SEE ALSO
The project's README.md and docs/ folder: input formats, output formats, the physics and
fragility defaults, the REST API and the MCP server.
`;

/** The man page, generated from the live command tree so it cannot fall out of step. */
export function manPage(program: Command): string {
  const leaves = leafCommands(program);
  const lines = [
    `.TH HAZSIM 1 "" "hazsim ${HAZSIM_VERSION}" "User Commands"`,
    // Left-aligned, not justified: option help holds file-name templates longer than a line,
    // which groff cannot stretch a justified line around.
    '.ad l',
    '.SH NAME',
    `hazsim \\- ${roff(program.description())}`,
    '.SH SYNOPSIS',
    '\\fBhazsim\\fR \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.SH DESCRIPTION',
    'hazsim stores distribution feeder models and natural-hazard models in a shared cache, computes the survival probability of every asset at every hazard timestamp, and draws reproducible Monte Carlo outage scenarios.',
    'Every command takes \\fB\\-\\-json\\fR (machine output on stdout, nothing else there) and \\fB\\-\\-cache\\-dir\\fR.',
    'When a required argument is missing and stdin is a terminal, hazsim asks for it; without a terminal that is a usage error.',
    '.SH COMMANDS',
  ];
  for (const { path, command } of leaves) {
    lines.push('.SS', `${usage(path, command)}`, roff(command.description()));
    for (const argument of command.registeredArguments) {
      lines.push(`.TP\n.I ${argument.name()}\n${roff(argument.description || '')}${argument.argChoices ? roff(` (${argument.argChoices.join(', ')})`) : ''}`);
    }
    for (const option of command.options) lines.push(optionEntry(option));
  }
  lines.push('.SH EXAMPLES');
  for (const { path, command } of leaves) {
    const examples = COMMAND_EXAMPLES[commandPath(command)];
    if (!examples) continue;
    lines.push(`.SS ${path.join(' ')}`, '.nf', ...examples.map((line) => `$ ${flag(line)}`), '.fi');
  }
  lines.push(
    '.SH GLOBAL OPTIONS',
    optionEntry({ flags: '-h, --help', description: 'show help for hazsim or a command' } as Option),
    optionEntry({ flags: '-V, --version', description: 'print the version' } as Option),
  );
  lines.push(STATIC_SECTIONS.trimEnd());
  return `${lines.join('\n')}\n`;
}
