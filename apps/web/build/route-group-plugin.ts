import path from 'node:path';
import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean };

/**
 * The modules a screen needs before it can draw, in a few files instead of the
 * twenty-odd small ones the default splitting makes (one per set of screens
 * sharing a module). On a phone over HTTP/1.1 each file is a request on one of
 * six connections with its round trip and headers: /user/home's scripts
 * arrived in five waves. Why and what it bought: docs/performance.md.
 *
 * For `roots` (the lazy modules of src/app/router.tsx to group, by group
 * name), each module they import statically, directly or not, goes to the
 * first root's group that reaches it, unless another lazy screen of the router
 * imports it too: then to `<first root's name>-shared` when only `siblings`
 * (the other screens of the same layout) do, else to `<first root's name>-common`.
 * So a member screen does not download the home's own code, and /register
 * downloads only what it shares with the member area. The app's start and what `keepOut`
 * imports (the prerendered /login, the public /contact) keep their own files,
 * so a first visit there downloads none of these. The module graph is read
 * once the build has parsed every module (`buildEnd`), before the chunks are made.
 */
export function routeGroups(options: { router: string; roots: Record<string, string>; siblings: string[]; keepOut: string[] }): {
  plugin: Plugin;
  groups: Group[];
} {
  const names = Object.keys(options.roots);
  const sharedName = `${names[0] ?? 'route'}-shared`;
  const commonName = `${names[0] ?? 'route'}-common`;
  let groupOf = new Map<string, string>();
  let root = '';
  const plugin: Plugin = {
    name: 'jetton-route-groups',
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
      const rootFiles = new Set(Object.values(options.roots).map(abs));
      const siblingFiles = new Set(options.siblings.map(abs));
      const siblings = new Set<string>();
      const others = new Set<string>();
      for (const screen of router.dynamicallyImportedIds) {
        if (rootFiles.has(screen)) continue;
        for (const id of closure(screen)) (siblingFiles.has(screen) ? siblings : others).add(id);
      }
      const out = new Set(options.keepOut.flatMap((file) => [...closure(abs(file))]));
      groupOf = new Map();
      for (const [name, file] of Object.entries(options.roots)) {
        for (const id of closure(abs(file))) {
          if (out.has(id) || groupOf.has(id)) continue;
          groupOf.set(id, others.has(id) ? commonName : siblings.has(id) ? sharedName : name);
        }
      }
    },
  };
  const groups = [...names, sharedName, commonName].map((name) => ({ name, test: (id: string) => groupOf.get(id) === name }));
  return { plugin, groups };
}
