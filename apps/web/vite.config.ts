import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = { '/api': apiTarget, '/sandbox': apiTarget };

/** The Lao build starts in Lao, so the first paint already carries the right `lang` (ISO 639-1 `lo`). */
function htmlLang(mode: string): Plugin {
  return {
    name: 'jetton-html-lang',
    transformIndexHtml: (html) => (mode === 'lao' ? html.replace('<html lang="th"', '<html lang="lo"') : html),
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), htmlLang(mode)],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { proxy },
  preview: { proxy },
}));
