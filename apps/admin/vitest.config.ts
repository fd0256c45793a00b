import { defineConfig } from 'vitest/config';
import { uiAlias } from '../../packages/ui/build/ui-alias.ts';

export default defineConfig({
  resolve: { alias: [uiAlias, { find: '@admin', replacement: new URL('./src', import.meta.url).pathname }] },
  test: {
    name: 'admin',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
