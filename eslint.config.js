import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
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
    files: ['src-main/core/**', 'src-main/contract/**', 'src-main/local-service/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', allowTypeImports: true, message: 'This code runs in plain Node.' },
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/preview/**'],
              message: 'Hosts depend on the core, not the reverse.',
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
