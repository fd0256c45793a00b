import type { Alias } from 'vite';

/**
 * How an app (and this package itself) resolves `@jetton/ui/<folder>/<file>`: straight to the
 * source, so Vite tree-shakes it like the app's own files and each screen imports only the
 * files it uses (no barrel).
 */
export const uiAlias: Alias = { find: /^@jetton\/ui\/(?!build\/)/, replacement: `${new URL('../src', import.meta.url).pathname}/` };
