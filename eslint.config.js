import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import turnkeeper from './tools/eslint-plugin/index.js';

/**
 * Folders' public faces beyond index.ts (and testing.ts, always allowed), each with its reason. A folder
 * under src/ with an index.ts is a module: from outside it, import only these (tools/eslint-plugin).
 */
const faces = {
  // The deciding engine, loaded by the GM screen as its own chunk after the fold half; the event
  // shapes (zod) that an import checks, read by the rule modules' own event schemas.
  'src/core': ['engine.ts', 'event-schema-parts.ts'],
  // Each game's fold half (what the GM screen needs first, without zod and the deciding code), its
  // event shapes for import checks, and its fast-check generators for the property tests.
  // Every game's event shapes at once, for the server's import checks (kept out of the registry).
  'src/rules': ['event-schemas.ts'],
  // And each game's forecast policy, read by src/forecast (not by the GM screen's bundles).
  'src/rules/*': ['fold.ts', 'event-schemas.ts', 'arbitrary.ts', 'forecast-policy.ts'],
  // The Sine Nomine base that swn and cwn are built on: their fold halves read it piece by piece.
  // The cards popcorn's screen shows with the fold half, before the rest of its rules.
  'src/rules/popcorn': ['cards.ts'],
  // Each game's GM and player parts, found by their registries (src/web/gm/games.ts, src/web/player/games.ts).
  'src/web/games/*': ['gm.ts', 'player.ts'],
  'src/rules/sine-nomine': ['cover.ts', 'fold-module.ts', 'game.ts', 'state.ts'],
};

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
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { turnkeeper },
    rules: { 'turnkeeper/folder-faces': ['error', { root: import.meta.dirname, faces }] },
  },
  {
    files: ['bin/**/*.js', 'tools/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/core/**/*.ts', 'src/dice/**/*.ts', 'src/rules/**/*.ts', 'src/campaign/**/*.ts', 'src/forecast/**/*.ts', 'src/imports/**/*.ts'],
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
  {
    // The player projection is the trust boundary: pure, so it can be read and tested on its own.
    files: ['src/server/players/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-kit.ts', '**/*fixtures.ts', '**/testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'ws', 'pg', 'better-sqlite3'],
          patterns: [{ group: ['node:*', '../encounters/**', '../live/**', '../transfer/**', '../campaigns/**', '../pages/**', '../http/**', '../start/**', '../test-kit.ts', '../../cli/**', '../../web/**'], message: 'The player projection is pure: src/core, src/rules, store types and ../shared only.' }],
        },
      ],
    },
  },
);
