import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'protos/generated/**', 'data/**', 'k8s/**', 'charts/**/templates/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One typed configuration, parsed once at boot (packages/common/src/config.ts) and passed down.
    files: ['services/**/*.ts', 'packages/**/*.ts'],
    ignores: ['packages/common/src/config.ts', '**/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from the typed config (packages/common/src/config.ts), parsed once at boot.' },
      ],
    },
  },
  {
    // A service is a module: other packages use its entry point only (@modsvc/<service>), never its files.
    files: ['services/**/*.ts', 'packages/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@modsvc/(gateway|ingest|frame-extractor|vision-inference|speech-to-text|text-toxicity|policy-scorer|moderator|webhook-dispatcher|all-in-one|clients|runner)/',
              message: 'Import the package entry point (@modsvc/<name>); its files are internal.',
            },
          ],
        },
      ],
    },
  },
  {
    // The reviewer console's browser scripts: tsc checks them with the DOM library (services/gateway/console/tsconfig.json,
    // run by services/gateway/test/review-console.test.ts), which finds undefined names better than no-undef.
    files: ['services/gateway/console/**/*.js'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
);
