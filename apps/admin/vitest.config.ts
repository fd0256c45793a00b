import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@admin': new URL('./src', import.meta.url).pathname,
      '@': new URL('../web/src', import.meta.url).pathname,
    },
  },
  test: {
    name: 'admin',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
