import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Code below the hosts runs in plain Node and never reaches up to them. */
const plainNodeBelowHosts = {
  paths: [{ name: 'electron', allowTypeImports: true, message: 'This code runs in plain Node.' }],
  patterns: [
    {
      group: ['**/electron/**', '**/preview/**', '**/hosts/**'],
      message: 'Hosts depend on the core, not the reverse.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  // Type-checked rules: a promise nobody awaits (Electron 44's clipboard.writeText) is an error.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  {
    rules: {
      // An async function that does not await still turns a throw into a rejection, which is
      // what the core's Promise-returning API and Fastify's async handlers rely on.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers as they come, pass vitest's mocks around as methods and write
    // fakes of async interfaces: the promise rules apply there too, these do not.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The layering of the architecture note, enforced: the renderer sees only types from the
    // main side, and the core, the contract and the local service never load Electron.
    files: ['src-renderer/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src-main/**'],
              allowTypeImports: true,
              message: 'The renderer imports only types from src-main.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/contract/**', 'src-main/local-service/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', plainNodeBelowHosts] },
  },
  {
    // The same for the core, which also reaches the service only through its client: the demo
    // school is the hosts' to start and pass in, so the core never loads the local service.
    files: ['src-main/core/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...plainNodeBelowHosts,
          patterns: [
            ...plainNodeBelowHosts.patterns,
            {
              group: ['**/local-service/**', 'fastify'],
              message: 'The core does not load the local service: hosts pass the demo school in.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the window may import at run time: plain values and functions, no Node, no zod.
    files: ['src-shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'zod', '**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared runs in the window too: no Node, no zod, no host code.',
            },
          ],
        },
      ],
    },
  },
);
