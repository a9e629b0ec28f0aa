import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Puts everything the layout brings (src/app/Layout.tsx: the header, the footer, react-bootstrap's
 * parts, React Query, the API client) into one chunk. Left to itself, the bundler splits it by which
 * pages also import each part, into some thirty chunks, most under 2 KB, though every page with the
 * layout loads them all together: each costs a request, and compressed apart they weigh about 9 KB
 * (brotli) more than as one (issue 17).
 *
 * Left out: what the entry or the landing page import (the landing page, which has no layout, would
 * otherwise load the whole chunk), and every module imported on demand, which keeps a chunk of its
 * own named after it in the build's manifest: the prerender and bench:budgets find chunks by module.
 */
export function layoutChunkPlugin({ layout, apart }: { layout: string; apart: string[] }): Plugin {
  let root = '';
  const inLayoutChunk = new Set<string>();
  return {
    name: 'layout-chunk',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const staticallyReached = (from: string): Set<string> => {
        const reached = new Set<string>();
        const pending = [from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return reached;
      };
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const elsewhere = new Set(
        [...entries, ...apart.map((file) => path.join(root, file))].flatMap((from) => [...staticallyReached(from)]),
      );
      const loadedOnDemand = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      for (const id of staticallyReached(path.join(root, layout))) {
        if (!elsewhere.has(id) && !loadedOnDemand(id)) inLayoutChunk.add(id);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: (id: string) => (inLayoutChunk.has(id) ? 'layout' : null),
              // The set above already holds every module the chunk needs, and no more.
              includeDependenciesRecursively: false,
            },
          ],
        },
      };
    },
  };
}
