import { defineConfig } from 'vitest/config';
import { uiAlias } from './build/ui-alias.ts';

export default defineConfig({
  resolve: { alias: [uiAlias] },
  test: {
    name: 'ui',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
