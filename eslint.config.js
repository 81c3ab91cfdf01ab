import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',

    },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/core/**/*.ts', 'src/dice/**/*.ts', 'src/rules/**/*.ts', 'src/campaign/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The engine is pure: use the encounter PRNG from src/dice.' },
        { object: 'Date', property: 'now', message: 'The engine is pure: no clock in core, dice, rules or campaign.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'http', '**/server/**', '**/cli/**', '**/store/**', '**/web/**'], message: 'core, dice, rules and campaign are pure: no I/O and no adapters.' }] },
      ],
    },
  },
);
