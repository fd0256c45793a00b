import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web/build/precompress-plugin.ts';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/sandbox': apiTarget };

/**
 * The back office (docs/operators.md, "The admin app"): served by the server under /admin, so every
 * asset URL carries that base. `@admin/` is this app's code; `@/` is the member app's source, whose
 * shared components and helpers import each other through `@/` (reused, not copied).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@admin': new URL('./src', import.meta.url).pathname,
      '@': new URL('../web/src', import.meta.url).pathname,
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5174, proxy },
  preview: { proxy },
});
