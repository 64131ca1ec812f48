// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that would break the one-way flow shared -> server | client. */
const serverFromClient = {
  group: ['**/server/**', '**/server/*'],
  message: 'src/client may import only types from src/server (import type { AppRouter }).',
  allowTypeImports: true,
};

/** tRPC's internals: no stable API, changed in any release. */
const trpcInternals = {
  name: '@trpc/server/unstable-core-do-not-import',
  message: "Import from tRPC's public entry points (@trpc/server, @trpc/server/http, @trpc/server/rpc, …).",
};

export default tseslint.config(
  // An example's owned files (examples/*/src) are checked where they belong, in the example's copy (npm run test:example).
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/server/db/generated/**',
      'test-results/**',
      'playwright-report/**',
      'examples/*/src/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins and hooks are async by convention, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Raw SQL goes through tagged templates, which bind parameters.
      'no-restricted-syntax': [
        'error',
        {
          // By name, however it is reached: `db.$queryRawUnsafe`, `db['$queryRawUnsafe']`,
          // `const { $queryRawUnsafe } = db`.
          selector:
            'Identifier[name=/^\\$(queryRawUnsafe|executeRawUnsafe)$/], Literal[value=/^\\$(queryRawUnsafe|executeRawUnsafe)$/]',
          message: 'Use the $queryRaw / $executeRaw tagged templates: they bind parameters.',
        },
        {
          // The auth library's internal context changes in any release.
          selector: 'Identifier[name="$context"], Literal[value="$context"]',
          message: "Use the auth library's public API (auth.api, auth.options) or the settings createAuth gave it.",
        },
      ],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [trpcInternals] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [trpcInternals], patterns: [serverFromClient] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [trpcInternals],
          patterns: [
            { group: ['**/server/**', '**/client/**'], message: 'src/shared depends on neither side.' },
            { group: ['node:*'], message: 'src/shared runs in the browser too: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // Domain code sends e-mail through the port (ctx.email), never a transport, and
    // writes procedures only as declarations.
    files: ['src/server/features/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [trpcInternals, { name: 'nodemailer', message: 'Send e-mail through the e-mail port (ctx.email).' }],
          patterns: [
            {
              group: ['**/email/transports*', '**/email/outbox-dispatcher*'],
              message: 'Send e-mail through the e-mail port (ctx.email).',
            },
            {
              // One way to write a procedure (docs/decisions/0022-one-way-to-write-a-procedure.md).
              group: ['**/trpc/init*'],
              message: 'Declare procedures with defineQuery / defineMutation (and router) from trpc/procedure.ts.',
            },
          ],
        },
      ],
    },
  },
);
