import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-artifacts/**',
      'server/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // shared/ is the contract between the processes: it may not reach into any of them.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/server/**',
            '**/renderer/**',
            '**/electron/**',
            '../../server/*',
            '../../renderer/*',
          ],
        },
      ],
    },
  },
  {
    // The renderer runs in a browser: no Node built-ins, no server code.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '**/server/**', '**/electron/**'] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
