import { defineConfig } from 'vitest/config';

/** One `vitest run` for every package: contract, shared UI, web and admin unit tests, server integration tests. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      'packages/ui/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
