import { defineConfig } from 'vitest/config';
import { webAliases } from './build/aliases.ts';

export default defineConfig({
  resolve: { alias: webAliases },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
