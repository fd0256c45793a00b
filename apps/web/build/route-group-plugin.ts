import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The modules a route's screen needs before it can draw, as one chunk instead
 * of the twenty-odd small files the default splitting makes (one per module
 * shared with another screen). On a phone over HTTP/1.1 each file is a request
 * on one of six connections with its round trip and headers: /user/home's
 * scripts arrived in five waves. Why and what it bought: docs/performance.md.
 *
 * `group.test` answers for one module: whether it is statically imported
 * (directly or not) by one of `roots` and by no other screen the router loads
 * lazily from `router`, except those in `sharing` (the screens of the same
 * layout, which every member has passed through home to reach): `test`. What
 * a public screen also needs is a second file (`shared`), so /register does
 * not download the member area. The app's start and /login (`keepOut`) keep
 * their own files: a first visit to /login downloads neither. The module graph is read once the build has
 * parsed every module (`buildEnd`), before the chunks are made.
 */
export function routeGroup(options: { router: string; roots: string[]; sharing: string[]; keepOut: string[] }): {
  plugin: Plugin;
  test: (id: string) => boolean;
  /** What the roots share with the other lazy screens (the public ones): a second file both download. */
  shared: (id: string) => boolean;
} {
  let members = new Set<string>();
  let shared = new Set<string>();
  let root = '';
  const plugin: Plugin = {
    name: 'jetton-route-group',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const abs = (file: string): string => path.resolve(root, file);
      const router = this.getModuleInfo(abs(options.router));
      // No router in this build (the prerender's server-side build): nothing to group.
      if (!router) return;
      const closure = (start: string): Set<string> => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const wanted = new Set([...options.roots, ...options.sharing].map(abs));
      const others = new Set<string>();
      const out = new Set(options.keepOut.flatMap((file) => [...closure(abs(file))]));
      for (const screen of router.dynamicallyImportedIds) {
        if (!wanted.has(screen)) for (const id of closure(screen)) others.add(id);
      }
      members = new Set();
      shared = new Set();
      for (const start of options.roots) {
        for (const id of closure(abs(start))) if (!out.has(id)) (others.has(id) ? shared : members).add(id);
      }
    },
  };
  return { plugin, test: (id) => members.has(id), shared: (id) => shared.has(id) };
}
