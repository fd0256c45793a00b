import type { Alias } from 'vite';

/**
 * How the member site resolves its imports, shared by the browser build and
 * the login page's prerender (build/prerender-plugin.ts): `@/` is src.
 */
export const webAliases: Alias[] = [{ find: '@', replacement: new URL('../src', import.meta.url).pathname }];
