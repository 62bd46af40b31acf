import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under src/features is a feature, and under the boundary rule: a new one cannot be forgotten. */
const features = readdirSync(fileURLToPath(import.meta.resolve('./src/features')), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The layers every feature may use; they never import a feature, the app or the simulator. */
const shared = ['api', 'domain', 'wire', 'outbox', 'lib', 'components'];

/** Dependencies point one way: app -> features -> shared; features never import each other. */
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/app/*', '@/app'], message: 'Features do not import the app shell.' },
          {
            group: features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`]),
            message: 'Features do not import each other: share through src/lib or src/domain.',
          },
          {
            regex: '^@/simulator/(?!browser/runtime$)',
            message:
              'The terminal reaches the simulator only over its fetch interface (training loads its runtime with import()).',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'kit/dist', 'kit/example/node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...featureBoundaries,
  {
    // One recorded path for money: only the sender's dispatch() may call the operations that change something.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/outbox/sender.ts', 'src/**/test/**', 'src/**/*.test.{ts,tsx}', 'src/simulator/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.property.name=/^(giftCards|storeCredits|loyaltyCards)$/][callee.property.name=/^(pay|commit|cancel|issue|issueInSeries|unissue|voidPayment)$/]',
          message:
            'Operations that move money or change an instrument go through the recorded path (src/outbox), never straight to the API.',
        },
      ],
    },
  },
  {
    files: shared.map((s) => `src/${s}/**`),
    ignores: ['src/**/test/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '@/simulator/*'],
              message: 'Shared code never imports a feature, the app or the simulator.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', 'react', 'react-dom', '@tanstack/*', 'zustand', 'idb'],
              message: 'The domain core is pure: no I/O, no React, no other layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared by the terminal and the simulator; the Node simulator runs under tsx, which knows no `@/` alias.
    files: ['src/wire/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../*', 'react', 'react-dom', '@tanstack/*', 'zustand', 'idb'],
              message: "The contract's wire shapes are a leaf: valibot and each other only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/test-support/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Playwright's fixtures hand their value to a `use` callback: not React's hook.
    files: ['kit/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/simulator/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/api/*',
                '@/features/*',
                '@/app/*',
                '@/lib/*',
                '@/components/*',
                '../../api/*',
                '../../lib/*',
                '../../features/*',
              ],
              message:
                "The simulator is its own module: it shares only the pure domain core and the contract's wire shapes (src/wire).",
            },
          ],
        },
      ],
    },
  },
);
