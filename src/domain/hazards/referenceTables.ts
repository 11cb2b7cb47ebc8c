/**
 * The Markdown tables of docs/hazard-types.md, built from the registries so the docs list
 * exactly the hazard types and quantities the code knows (`npm run docs:tables` writes the
 * page; a test checks it is current).
 */
import { GROUND_MOTION_MODEL_IDS, GROUND_MOTION_MODELS } from './earthquake/gmpe/index.js';
import { intensityQuantities, survivalColumn } from './quantities.js';
import { hazardDescriptors } from './registry.js';

function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');
}

/** The hazard types: file entry types with their titles and ERAD classes, and the quantities each produces. */
export function hazardTypesTable(): string {
  const rows = hazardDescriptors().flatMap((descriptor) => {
    const quantities = intensityQuantities()
      .filter((quantity) => quantity.hazard === descriptor.type)
      .map((quantity) => `\`${quantity.name}\``)
      .join(', ');
    return descriptor.entries.map((entry, index) => [
      `\`${entry.type}\``,
      entry.title,
      entry.erad ? `\`${entry.erad.className}\`` : '—',
      index === 0 ? `\`${descriptor.type}\`` : `\`${descriptor.type}\` (${entry.readAs ?? 'one area, its own timestamp'})`,
      index === 0 ? quantities : '',
    ]);
  });
  return table(['file entry type', 'title', 'ERAD class', 'read as', 'quantities produced'], rows);
}

/** The intensity quantities: dimension, SI unit, severity direction, producing hazard and result columns. */
export function intensityQuantitiesTable(): string {
  const rows = intensityQuantities().map((quantity) => [
    `\`${quantity.name}\``,
    quantity.description,
    quantity.dimension,
    quantity.siUnit,
    quantity.mostSevere === 'max' ? 'higher' : 'lower',
    `\`${quantity.hazard}\``,
    `\`${quantity.column.name}\` (${quantity.column.unit})`,
    `\`${quantity.siColumn}\``,
    `\`${survivalColumn(quantity.name)}\``,
  ]);
  return table(
    ['quantity', 'what', 'dimension', 'SI unit', 'more severe', 'hazard', 'assetstatetable column (unit)', 'SI view column', 'survival column'],
    rows,
  );
}

/** The measures a ground-motion model tabulates: PGA and PGV as named, spectral accelerations as their count and period range. */
function measuresOf(measures: readonly string[]): string {
  const periods = measures.flatMap((measure) => /^sa\((.+)\)$/.exec(measure)?.[1] ?? []).map(Number);
  const named = measures.filter((measure) => !measure.startsWith('sa(')).map((measure) => `\`${measure}\``);
  const spectral = periods.length > 0 ? [`SA at ${periods.length} periods, ${Math.min(...periods)}–${Math.max(...periods)} s`] : [];
  return [...named, ...spectral].join(', ');
}

/** The ground-motion models an earthquake may name (`ground_motion_model`), from their descriptors (docs/gmpe.md). */
export function groundMotionModelsTable(): string {
  const rows = GROUND_MOTION_MODEL_IDS.map((id) => {
    const model = GROUND_MOTION_MODELS[id];
    return [
      `\`${id}\``,
      model.tectonicSetting,
      model.distanceMetrics.map((metric) => `\`${metric}\``).join(', '),
      [...model.ruptureParameters, ...model.siteParameters].map((parameter) => `\`${parameter}\``).join(', '),
      measuresOf(model.supportedImts),
      model.standardDeviations === 'tau-phi-sigma' ? 'τ, φ and σ published' : 'σ published, τ assigned (docs/gmpe.md)',
      model.citation,
    ];
  });
  return table(['id', 'tectonic setting', 'distances', 'rupture and site parameters', 'measures', 'standard deviations', 'source'], rows);
}

/** The whole page. */
export function hazardTypesPage(): string {
  return `# Hazard types, intensity quantities and ground-motion models

<!-- Generated from src/domain/hazards/registry.ts, quantities.ts and earthquake/gmpe/index.ts by \`npm run docs:tables\`; do not edit. -->

Every hazard type, intensity quantity and ground-motion model hazsim knows, as its registries
define them. \`/supported-hazard-types\`, \`hazsim hazard-types\`, the MCP resource
\`hazsim://hazards/types\` and the MCP server's instructions, hazard file validation,
DEFAULT_CURVES, the result's columns and this page all come from the same registries (the last
section says how to add a hazard type).

## Hazard types

${hazardTypesTable()}

## Intensity quantities

Values are held in SI inside hazsim and written to \`assetstatetable\` in the column's unit
(ERAD's, for the quantities ERAD had); the view \`assetstatetable_si\` gives them in SI.

${intensityQuantitiesTable()}

## Ground-motion models

What an \`earthquake\` entry's \`ground_motion_model\` may name besides \`ERAD_V1\` (ERAD's
chain, docs/input-hazard.md), from the descriptors beside their equations in
\`src/domain/hazards/earthquake/gmpe/\` (docs/gmpe.md says which to choose and how each was verified).

${groundMotionModelsTable()}

## Adding a hazard type

A hazard type is one descriptor (\`HazardDescriptor\`, src/domain/hazards/descriptor.ts) and the
intensity quantities it produces. The descriptor declares:

- \`type\` and \`entries\`: the file entry types it reads, its own first (title, valibot schema,
  ERAD class if ERAD has one). A type whose models are made of areas and counts them with
  \`areasFootprint\` declares \`<type>_area\` among them: summaries count every area under it.
- \`requires\`, \`compute\` (fills one array per quantity), \`footprint\` (what a model adds to a
  summary) and, optionally, \`approach\` and \`motion\`.
- \`defaultCurves\`: its curves in DEFAULT_CURVES, a list for every asset type (one curve per
  quantity it is judged by; an empty list, with a \`notVulnerable\` note giving the source, says
  the asset type does not fail under it). DEFAULT_CURVES is read from the registered types, so
  a run without a curve set uses them.

Registration (\`registerHazardType\`, and start-up for a module named in
\`HAZSIM_HAZARD_MODULES\`) refuses a descriptor that leaves something out, with a message
naming it: a taken type or entry type, an area count without its \`<type>_area\` entry, no
\`defaultCurves\`, an asset type without a list, an empty list without a note, a curve for a
quantity of another type, curves that are not valid (forms, parameters, units of the quantity's
dimension), or no quantity produced. A shipped type is registered in
src/domain/hazards/registry.ts, its quantities in quantities.ts (CONTRIBUTING.md, "Adding a
hazard type", lists the remaining steps); a type tried without changing the source is a module
exporting \`{hazardType, quantities}\` (docs/architecture.md, "Hazard types added at start-up";
test/fixtures/landslideHazard.mjs is one). Summaries (\`hazsim show\`, \`hazard_counts\`) list
every entry type the table above lists, 0 where a model has none; a footprint counting under an
entry type no hazard type declares is an error naming both, never a silent \`null\`.
`;
}
