/**
 * The Markdown tables of docs/hazard-types.md, built from the registries so the docs list
 * exactly the hazard types and quantities the code knows (`npm run docs:tables` writes the
 * page; a test checks it is current).
 */
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

/** The whole page. */
export function hazardTypesPage(): string {
  return `# Hazard types and intensity quantities

<!-- Generated from src/domain/hazards/registry.ts and quantities.ts by \`npm run docs:tables\`; do not edit. -->

Every hazard type and intensity quantity hazsim knows, as its registries define them.
\`/supported-hazard-types\`, \`hazsim hazard-types\`, the MCP resource \`hazsim://hazards/types\`,
hazard file validation, the result's columns and this page all come from the same two
registries (docs/architecture.md explains how to add one).

## Hazard types

${hazardTypesTable()}

## Intensity quantities

Values are held in SI inside hazsim and written to \`assetstatetable\` in the column's unit
(ERAD's, for the quantities ERAD had); the view \`assetstatetable_si\` gives them in SI.

${intensityQuantitiesTable()}
`;
}
