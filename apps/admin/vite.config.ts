import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../packages/ui/build/precompress-plugin.ts';
import { uiAlias } from '../../packages/ui/build/ui-alias.ts';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/sandbox': apiTarget };

/**
 * The back office (docs/operators.md, "The admin app"): served by the server under /admin, so every
 * asset URL carries that base. `@admin/` is this app's code; `@jetton/ui/` the parts it shares with
 * the member site (packages/ui). It never imports the member site (a lint rule says so).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    alias: [uiAlias, { find: '@admin', replacement: new URL('./src', import.meta.url).pathname }],
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
