// The project's lint rules (`npm run lint`, run by tools/lint/eslint.mjs). ESLint and
// typescript-eslint live in this folder's own package because typescript-eslint parses with
// TypeScript 5 while the app type-checks with TypeScript 7 (whose package has no parser API).
// The import boundaries are the layers of docs/architecture.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The Worker shares types and rules with the app through src/shared only, never its screens.
const workerUsesSharedOnly = {
  regex: '^@/(?!shared/)',
  message: 'The Worker imports from the app only @/shared/* (docs/architecture.md).',
};
/** No `../../`: past one level up, imports use the path aliases (@/, @worker/, @test/). */
const DEEP_CLIMB = { group: ['../../*'], message: 'Climb at most one folder; further, import through @/.' };
/** Components, lib and shared sit below the features and the routes. */
const BELOW_FEATURES = [
  { group: ['@/features', '@/features/*', '../features/*'], message: 'Only routes and features import features.' },
  { group: ['@/routes', '@/routes/*', '../routes/*'], message: 'Only the router imports routes.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'tools/lint/node_modules/**',
      'public/**',
      '.wrangler/**',
      'src/routeTree.gen.ts',
      // Compiled from messages/*.json (scripts/lib/messages.mjs).
      'src/shared/i18n/*.js',
      'src/lib/messages/*.js',
      'worker-configuration.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
    },
  },
  // TypeScript checks names itself; plain scripts run in Node.
  { files: ['**/*.{ts,tsx}'], rules: { 'no-undef': 'off' } },
  { files: ['**/*.{mjs,js}'], languageOptions: { globals: { ...globals.node, WebSocket: 'readonly' } } },
  // Functions the quota's journeys hand to the browser run in the page.
  { files: ['scripts/quota/journeys.mjs'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The SPA's layers (docs/front-end.md, "SPA layers"): routes, then features, then components and
  // lib, then shared. A feature reaches another only through its public entry (index.ts).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_CLIMB] }] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_CLIMB,
            {
              group: ['@/features/*/*'],
              message:
                "Another feature only through its public entry '@/features/<name>'; inside a feature, import relatively.",
            },
            { group: ['@/routes/*'], message: 'Features do not import routes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_CLIMB, ...BELOW_FEATURES] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_CLIMB,
            ...BELOW_FEATURES,
            {
              group: ['@/lib', '@/lib/*', '@/components', '@/components/*', '@worker/*', '../lib/*', '../components/*'],
              message: 'src/shared is the bottom layer (the Worker uses it too): no app or Worker code.',
            },
          ],
        },
      ],
    },
  },
  // The Worker's layers point down (docs/architecture.md): routes → services and middleware →
  // Durable Object clients and db/queries → lib. A `files` block's rule replaces an earlier one's, so
  // each block repeats the rule that the Worker reaches the app only through @/shared.
  {
    files: ['worker/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workerUsesSharedOnly] }] },
  },
  {
    files: ['worker/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            workerUsesSharedOnly,
            {
              regex: '^(@worker/|(\\.\\./)+)(db|cron|durable-objects|routes|middleware|services)(/|$)',
              message:
                'worker/lib is pure logic: it imports no db, cron, durable-objects, routes, middleware or services (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            workerUsesSharedOnly,
            {
              regex: '^(@worker/|(\\.\\./)+)(routes|middleware|cron|services)(/|$)',
              message: 'worker/db sits below routes, middleware, cron and services (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // Routes build no statement (docs/architecture.md, "Where SQL lives"): they import no query
  // builder (`sql`, `eq`, `and`...) from drizzle-orm; a type (`SQL`) may still be imported.
  {
    files: ['worker/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'Routes build no SQL: the statement lives in worker/db/queries (docs/architecture.md).',
            },
          ],
          patterns: [
            workerUsesSharedOnly,
            {
              group: ['drizzle-orm/*'],
              allowTypeImports: true,
              message: 'Routes build no SQL: the statement lives in worker/db/queries (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // Every D1 statement lives in worker/db/queries (docs/architecture.md, "Where SQL lives"): the
  // layers above it build no statement with `.prepare(` (routes, jobs and services keep their batch
  // calls, with builders from db/queries).
  {
    files: [
      'worker/routes/**/*.ts',
      'worker/cron/**/*.ts',
      'worker/services/**/*.ts',
      'worker/lib/**/*.ts',
      'worker/durable-objects/**/*.ts',
      'worker/middleware/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message:
            'Statements live in worker/db/queries: build it there and import the builder (docs/architecture.md).',
        },
      ],
    },
  },
  // Tests probe replies of any shape, hostile ones included, before the contract's check.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
