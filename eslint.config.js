// ESLint for hazsim: typescript-eslint's recommended rules (syntax only, so `npm run check`
// stays fast) plus the layer rule of docs/architecture.md. Formatting belongs to Prettier.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersRule } from './scripts/eslint-layers.js';

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
    // The report page's script runs in the browser, after the Leaflet and uPlot it is inlined with.
    files: ['src/app/reportPage/**/*.js'],
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
