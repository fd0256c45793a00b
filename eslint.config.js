// Lint is a gate (docs/engineering.md, "House rules"): type-aware rules, react-hooks as errors,
// no `export *`, no `.only`, no stray console in application source.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const RESTRICTED_EVERYWHERE = [
  { selector: 'ExportAllDeclaration', message: 'No `export *`: import from the file that defines the name.' },
  {
    selector: "MemberExpression[object.name=/^(it|test|describe)$/][property.name='only']",
    message: 'No `.only` in tests: it silently skips the rest of the suite.',
  },
];

/**
 * The two apps share through packages/ui and never import each other; the package imports
 * neither app (docs/engineering.md, "Layout"). Aliases, package names and relative paths alike.
 */
const WEB_PATHS = ['@/*', '@jetton/web', '@jetton/web/*', '**/apps/web/**', '**/web/src/**', '**/web/build/**'];
const ADMIN_PATHS = ['@admin/*', '@jetton/admin', '@jetton/admin/*', '**/apps/admin/**', '**/admin/src/**'];
const WEB_NOT_ADMIN = { group: ADMIN_PATHS, message: 'The member site must not import the back office: share it through packages/ui.' };
const ADMIN_NOT_WEB = { group: WEB_PATHS, message: 'The back office must not import the member site: share it through packages/ui.' };
const UI_NOT_APPS = {
  group: [...WEB_PATHS, ...ADMIN_PATHS, '**/apps/**'],
  message: 'packages/ui serves both apps and imports neither.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-lao/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...RESTRICTED_EVERYWHERE],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // Every string schema the server accepts starts from text(): it refuses NUL bytes (docs/security.md, "Hostile input").
    files: ['packages/contract/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: ['packages/contract/src/text.ts', 'apps/server/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...RESTRICTED_EVERYWHERE,
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() from @jetton/contract/text (packages/contract/src/text.ts) instead of z.string(): it refuses NUL bytes.',
        },
      ],
    },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [WEB_NOT_ADMIN] }] } },
  { files: ['apps/admin/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [ADMIN_NOT_WEB] }] } },
  { files: ['packages/ui/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [UI_NOT_APPS] }] } },
  {
    // Production code never imports the sandbox wing: sandbox/, the simulators beside their adapters
    // (adapters/<kind>/simulator/) and the demo game provider. Only the composition roots load it,
    // and only with SANDBOX=on (docs/sandbox.md, "The wing").
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/sandbox/**',
      'apps/server/src/adapters/*/simulator/**',
      'apps/server/src/adapters/games/demo-provider/**',
      'apps/server/src/{app,main,start-up,seed}.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(sandbox|simulator|demo-provider)/',
              message: 'Production code must not import the sandbox wing (docs/sandbox.md, "The wing"): take what you need as a port.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features do not import each other: shared pieces live in components/ or lib/, or in packages/ui (docs/engineering.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [WEB_NOT_ADMIN, { group: ['@/features/*', '../*/**'], message: 'A feature must not import another feature.' }],
        },
      ],
    },
  },
  {
    // ...and the admin's features are as separate as the member app's.
    files: ['apps/admin/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [ADMIN_NOT_WEB, { group: ['@admin/features/*', '../*/**'], message: 'A feature must not import another feature.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((rule) => [rule, 'error'])),
    },
  },
  // Plain scripts the member site serves as they are (the service worker, the offline page): no types, browser globals.
  {
    files: ['apps/web/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false },
      globals: { ...globals.browser, ...globals.serviceworker },
    },
  },
);
