import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appOnly = { group: ['@/app/*'], message: 'app/ composes features; features, components and lib do not import it.' };
const otherFeature = {
  group: ['@/features/*'],
  message: 'Features do not import each other: move what they share to components/ or lib/, or compose them in app/.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts', 'playwright-report', 'test-results'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // The layers (docs/decisions.md, issue 16): app/ composes features; a
  // feature imports components/ and lib/ but no other feature; components/
  // and lib/ import no feature and no app/. A feature's own files reach each
  // other by relative paths, so a path that climbs out of the feature folder
  // (one '../' more than the file's depth below it) names another feature.
  ...[1, 2, 3].map((depth) => ({
    files: [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appOnly, otherFeature, { group: [`${'../'.repeat(depth)}*`], message: otherFeature.message }] }],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [appOnly, { group: ['@/features/*'], message: 'components/ and lib/ serve the features; they import none.' }] },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
