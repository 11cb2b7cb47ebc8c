// ESLint for hazsim: typescript-eslint's recommended rules (syntax only, so `npm run check`
// stays fast) plus the layer rule of docs/architecture.md. Formatting belongs to Prettier.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersRule } from './scripts/eslint-layers.js';

const FACES_SKIP_THE_CACHE = {
  group: ['**/app/cache/*'],
  message: 'Faces reach the cache only through the service interface (src/app/serviceInterface.ts); add what is missing there. See docs/architecture.md.',
};
const FACES_SKIP_THE_FILES = {
  regex: '^(node:)?fs(/.*)?$',
  message:
    "Faces do not read or write the cache's files: ask the service (src/app/serviceInterface.ts: models, results, cache). A file of the face's own goes in the list in eslint.config.js.",
};

export default tseslint.config(
  { ignores: ['dist/**', '.dist-next.*/**', '.dist-old.*/**', 'node_modules/**', 'man/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: globals.node },
    plugins: { hazsim: { rules: { layers: layersRule } } },
    rules: {
      'hazsim/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Two rules that need types, on the code that ships: a switch over a union names every
    // member (or has a default), and a promise is awaited, returned or explicitly voided.
    files: ['src/**/*.{ts,tsx}', 'commands/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // The domain is pure (docs/architecture.md): file I/O only in its format modules, threads,
    // processes and the machine's core count only at the edge, in src/app.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/formats/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:)?(fs|os|worker_threads|child_process)(/.*)?$',
              message:
                'The domain is pure: read and write files in a format module (src/domain/<part>/formats/), start threads, processes and read the core count in src/app (src/app/workers). See docs/architecture.md.',
            },
          ],
        },
      ],
    },
  },
  {
    // Faces use the service interface (src/app/serviceInterface.ts) and nothing behind it: not
    // the cache's stores, not its folders through node:fs.
    files: ['src/faces/**/*.ts', 'commands/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FACES_SKIP_THE_CACHE, FACES_SKIP_THE_FILES] }] },
  },
  {
    // Files of the faces' own: uploads spooled by koa-body, result files and model file handles
    // the service handed over, the docs pages' static assets, the man page written by its generator,
    // the critical-loads file a user names to `hazsim impact`, the tables a user names to `hazsim
    // territory build` and `hazsim hindcast` and the CSV it writes.
    files: [
      'src/faces/rest/body.ts',
      'src/faces/rest/http.ts',
      'src/faces/rest/routes/models.ts',
      'src/faces/rest/routes/simulation.ts',
      'src/faces/rest/routes/docs.ts',
      'commands/generateManPage.ts',
      'commands/impact.ts',
      'commands/territory.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [FACES_SKIP_THE_CACHE] }] },
  },
  {
    // The report page's script runs in the browser, after the Leaflet and uPlot it is inlined with.
    files: ['src/app/report/reportPage/**/*.js'],
    languageOptions: { globals: { ...globals.browser, L: 'readonly', uPlot: 'readonly' }, sourceType: 'script' },
  },
  {
    // Tests and benchmarks read untyped JSON (results, responses) on purpose.
    files: ['test/**', 'bench/**', 'examples/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // Published reference values (GeographicLib, scipy) are written with every digit they were published with.
      'no-loss-of-precision': 'off',
    },
  },
);
