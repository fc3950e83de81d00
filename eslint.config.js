// Lint for src/: TypeScript, React hooks, and the layers of the app (bulletproof-react's
// unidirectional architecture): shared code (lib, components) -> features -> app. A feature never
// imports another feature, except the few declared below that exist to be shared.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/**
 * Features other features may import: the catalogue (what every product and material has: pickers,
 * item lists, the row menu, count and archive, the history drawer, product costing, the catalogue
 * import and styles, shown by Products, Raw Materials, Inventory and Manufacturing), channels
 * (marketplace SKUs, combos, stock files: shown by Products, the imports and Inventory),
 * marketplace-files (the report reader: layouts, reading, preview, the import dialog, and the
 * order, return and settlement imports that orders, returns and payments open), and customers
 * (issue 46: the customer form and Record payment, opened from invoices and direct orders).
 * Each imports only shared code and the shared features listed before it.
 */
const sharedFeatures = ['catalogue', 'channels', 'marketplace-files', 'customers'];
const features = readdirSync(new URL('./src/features', import.meta.url));

const featureZones = features.map((feature) => {
  const position = sharedFeatures.indexOf(feature);
  // A screen feature may use every shared feature; a shared feature only those listed before it.
  const allowed = position === -1 ? sharedFeatures : sharedFeatures.slice(0, position);
  return {
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...allowed.map((name) => `./${name}`)],
    message: `A feature imports shared code (src/lib, src/components) or a shared feature (${sharedFeatures.join(', ')}), never another feature: move what both need to src/lib or src/components, or compose them in src/app.`,
  };
});

export default tseslint.config(
  { ignores: ['dist', 'src/lib/database.types.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: './tsconfig.app.json',
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'Shared code (src/lib, src/components) never imports a feature or the app.',
            },
            { target: './src/features', from: './src/app', message: 'Features never import the app.' },
            ...featureZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
