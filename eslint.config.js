import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/web/features is one feature (read here, so a new one is covered at once).
const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// File names are kebab-case (`compute-offer-range.ts`), dots only before suffixes (`.test.ts`).
const kebabCaseFileName = {
  meta: { type: 'suggestion', schema: [], messages: { notKebab: 'File name {{name}} is not kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/.test(name)) {
          context.report({ node, messageId: 'notKebab', data: { name } });
        }
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The domain is pure: shared by server and browser, it may use zod and nothing else.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/tests/**'],
              message: 'src/domain must not import from src/server, src/web or tests.',
            },
            { regex: '^(?!zod$|\\.{1,2}/)', message: 'src/domain may import only zod and other domain files.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { local: { rules: { 'kebab-case-file-name': kebabCaseFileName } } },
    rules: { 'local/kebab-case-file-name': 'error' },
  },
  {
    // One-way streets on the web side (as in bulletproof-react): components/ and api/ are shared
    // by the features; a feature imports them, the domain and its own files, never another
    // feature; app/ composes the features. What two features share moves down. No import cycles.
    files: ['src/web/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message:
                'A feature imports no other feature: move what they share into components/, api/ or the domain, or compose them in app/.',
            })),
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'Features do not import the app; the app imports them.',
            },
            {
              target: ['./src/web/components', './src/web/api'],
              from: ['./src/web/features', './src/web/app'],
              message: 'components/ and api/ are shared by the features and import none of them, nor the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Configuration is read in one place (src/server/env.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
);
