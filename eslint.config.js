import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  capabilityRooms,
  isTestFile,
  ownFileOf,
  readRoomGraph,
  roomImportsOfSource,
  roomPath,
  serverRoomOf,
  sharedServerRooms,
} from './scripts/server-room-imports.mjs';

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

// Every folder under src/server other than the shared rooms is one capability (read here, so a new one is covered at once).
const serverCapabilities = capabilityRooms();

// No folder cycle on the server (decision 020): an import from one room of src/server into
// another is refused when that room already reaches back, through the imports of the non-test
// files on the disk (this file's own as written), so a cycle fails at the import that closes it.
const noServerRoomCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cycle:
        'src/server/{{from}} imports {{to}}, but {{to}} already reaches {{from}} ({{chain}}): a folder cycle. Move what both need down into a room of its own.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = serverRoomOf(file);
    if (!from || isTestFile(file)) return {};
    let graph;
    const check = (node) => {
      const specifier = node.source?.type === 'Literal' ? node.source.value : null;
      const target = typeof specifier === 'string' ? ownFileOf(file, specifier) : null;
      if (!target) return;
      const to = serverRoomOf(target);
      if (!to || to === from) return;
      graph ??= readRoomGraph(undefined, { file, imports: roomImportsOfSource(file, context.sourceCode.text) });
      const back = roomPath(graph, to, from);
      if (back) {
        context.report({
          node,
          messageId: 'cycle',
          data: { from, to, chain: [from, ...back].join(' -> ') },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// The project's own rules, as one plugin (ESLint refuses two plugins of one name).
const localRules = { rules: { 'kebab-case-file-name': kebabCaseFileName, 'no-server-room-cycle': noServerRoomCycle } };

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
    // Imports in one order, which `eslint --fix` writes: node:, then packages, then our own files by
    // name (`#domain/…`, `#server/…`, `#web/…`, `#tests/…`, package.json's `imports`), then the
    // files nearby (`../`, `./`); each group alphabetical, no blank lines. A relative import climbs
    // one folder at most and stays in its room (src/domain, src/server, src/web, tests, bench):
    // farther, it names the file from the root (the domain's own rule below holds it there).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/internal-regex': '^#' },
    rules: {
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', orderImportKind: 'ignore' },
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}|^\\.\\./(src|domain|server|web|tests|bench)/',
              message:
                'Name a file two folders up or more, or in another room, from the root: `#domain/…`, `#server/…`, `#web/…` or `#tests/…` (package.json imports), extension included.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is pure: shared by server and browser, it may use zod and simple-statistics (pure maths, no I/O) and nothing else.
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
            {
              regex: '^#(server|web|tests)/',
              message: 'src/domain must not import from src/server, src/web or tests.',
            },
            {
              regex: '^(?!zod$|simple-statistics$|\\.{1,2}/(?!\\.\\./)|#domain/)',
              message: 'src/domain may import only zod, simple-statistics and other domain files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { local: localRules },
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
    // One-way streets on the server (decision 020): a capability folder imports the shared rooms
    // (http/, db/, email/, rate-limit/, observability/), the domain and its own files, and another capability only
    // where no import leads back; the shared rooms import no capability. No import cycles.
    // Tests are left out: nothing imports a test, so it closes no cycle, and it may cross rooms
    // to check an effect end to end (the whole app in-process, say).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'local/no-server-room-cycle': 'error',
      // ignoreExternal: the cycle search stays in our code (it would otherwise parse PGlite's bundle).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: sharedServerRooms.map((room) => `./src/server/${room}`),
              from: serverCapabilities.map((room) => `./src/server/${room}`),
              message:
                'http/, db/, email/, rate-limit/ and observability/ are shared by every capability and import none of them: take what they need as a parameter, or move it down.',
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
