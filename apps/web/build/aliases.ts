import type { Alias } from 'vite';

/**
 * How the member site resolves its imports, shared by the browser build and
 * the login page's prerender (build/prerender-plugin.ts): `@/` is src, and
 * React is Preact's React layer plus one hook (src/lib/react-on-preact.ts;
 * why: docs/performance.md, "The runtime").
 */
export const webAliases: Alias[] = [
  { find: '@', replacement: new URL('../src', import.meta.url).pathname },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: new URL('../src/lib/react-on-preact.ts', import.meta.url).pathname },
];
