import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts', 'ml/**/test/**/*.test.ts', 'protos/test/**/*.test.ts', 'charts/**/test/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { OTEL_TRACES_EXPORTER: 'none', LOG_LEVEL: 'silent' },
  },
});
