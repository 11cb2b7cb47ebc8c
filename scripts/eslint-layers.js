// The import-boundary rule of hazsim's layers (docs/architecture.md): base <- domain <- app <-
// faces, and within the domain, each part only on the parts listed for it. Type-only imports
// do not count: they leave no edge at run time and cannot form a cycle of modules.
import path from 'node:path';

/** Which layers each layer may import at run time, besides itself. */
export const ALLOWED = {
  base: [],
  'domain/gdm': ['base'],
  'domain/hazards': ['base', 'domain/assets'],
  'domain/scenarios': ['base'],
  'domain/assets': ['base', 'domain/gdm'],
  'domain/fragility': ['base', 'domain/assets', 'domain/hazards'],
  'domain/simulation': ['base', 'domain/gdm', 'domain/assets', 'domain/hazards', 'domain/fragility'],
  'domain/network': ['base', 'domain/gdm', 'domain/assets'],
  'domain/report': ['base', 'domain/assets', 'domain/hazards', 'domain/fragility'],
  'domain/opendss': ['base'],
  'domain/territory': ['base'],
  app: [
    'base',
    'domain/gdm',
    'domain/hazards',
    'domain/scenarios',
    'domain/assets',
    'domain/fragility',
    'domain/simulation',
    'domain/network',
    'domain/report',
    'domain/opendss',
    'domain/territory',
  ],
  faces: ['base', 'app'],
  commands: ['base', 'app', 'faces'],
};

/** The layer of a file: `base`, `domain/<part>`, `app`, `faces` or `commands`; null outside them. */
export function layerOf(file, root) {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'commands') return 'commands';
  if (relative[0] !== 'src') return null;
  if (relative[1] === 'domain') return relative.length > 3 ? `domain/${relative[2]}` : null;
  return ['base', 'app', 'faces'].includes(relative[1]) ? relative[1] : null;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'imports point down the layers of docs/architecture.md' },
    schema: [],
    messages: { upward: '{{from}} may not import {{to}} ({{source}}); {{from}} may import {{allowed}}. See docs/architecture.md.' },
  },
  create(context) {
    const root = context.cwd;
    const from = layerOf(context.filename, root);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.') || isTypeOnly(node)) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source), root);
      if (!to || to === from || ALLOWED[from].includes(to)) return;
      context.report({ node, messageId: 'upward', data: { from, to, source, allowed: ALLOWED[from].join(', ') || 'nothing but itself' } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
