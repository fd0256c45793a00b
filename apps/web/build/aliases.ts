import type { Alias } from 'vite';
import { uiAlias } from '../../../packages/ui/build/ui-alias.ts';

/**
 * How the member site resolves its imports, shared by the browser build and
 * the login page's prerender (build/prerender-plugin.ts): `@/` is src, `@jetton/ui/` the shared
 * package's source (packages/ui).
 */
export const webAliases: Alias[] = [uiAlias, { find: '@', replacement: new URL('../src', import.meta.url).pathname }];
