import path from 'node:path';
import type { Plugin } from 'vite';
import { CATALOGUE_FILE } from './catalogue.ts';

/** A folder's `words.ts` (or `<something>-words.ts`), which loads a part of the message catalogue (docs/architecture.md#words). */
const WORDS_FILE = /[\\/-]words\.ts$/;

const LAYOUT_CHUNK = 'layout';

interface LayoutChunkOptions {
  /** The frame of the pages (src/app/Layout.tsx), imported on demand by the routes. */
  layout: string;
  /**
   * Public pages shown in the layout, by the chunk that takes what two or more of them share:
   * `layout` is the layout's own chunk; another (the sign-in pages') keeps what only its pages share
   * out of the chunk every page loads.
   */
  sharedBy: Record<string, string[]>;
  /** Pages without the layout (the landing page): nothing they reach goes into these chunks. */
  apart: string[];
}

/**
 * Puts everything the layout brings (src/app/Layout.tsx: the header, the footer, react-bootstrap's
 * parts, React Query, the API client), and what two or more of the public pages share (buttons,
 * cards, the catalogue, the blog's posts, the date helpers), into one chunk; what only the sign-in
 * pages share into another; and what a public page shares with none of them but with signed-in
 * pages into one chunk for that page. Left to itself, the bundler splits all this by which pages
 * import each part, into some fifty chunks, most under 2 KB, though a page loads its share of them
 * together, each with a request and some 590 bytes of headers: the home page loaded 24 scripts, 20
 * of them under 2 KB, and now loads 7. A page that uses few of the shared parts (about, contact)
 * carries the rest, about as much as the requests it no longer makes weighed.
 *
 * Left out: what the entry or the landing page import (the landing page, which has no layout, would
 * otherwise load the whole chunk), and every module imported on demand, which keeps a chunk of its
 * own named after it in the build's manifest: the prerender and bench:budgets find chunks by module.
 */
export function layoutChunkPlugin({ layout, sharedBy, apart }: LayoutChunkOptions): Plugin {
  let root = '';
  /** The chunk each grouped module goes into. */
  const chunkOf = new Map<string, string>();
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
      /** How many of `starts` reach each module. */
      const reachCounts = (starts: string[]): Map<string, number> => {
        const counts = new Map<string, number>();
        for (const start of starts) {
          for (const id of staticallyReached(start)) counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        return counts;
      };
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const elsewhere = new Set(
        [...entries, ...apart.map((file) => path.join(root, file))].flatMap((from) => [...staticallyReached(from)]),
      );
      const loadedOnDemand = (id: string) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      const group = (chunk: string, modules: Iterable<string>) => {
        for (const id of modules) {
          if (!elsewhere.has(id) && !loadedOnDemand(id) && !chunkOf.has(id)) chunkOf.set(id, chunk);
        }
      };
      group(LAYOUT_CHUNK, staticallyReached(path.join(root, layout)));
      for (const [chunk, pages] of Object.entries(sharedBy)) {
        const pagesReaching = reachCounts(pages.map((page) => path.join(root, page)));
        // Every page loads the layout's chunk; another is only for its own pages, so what a page
        // outside it reaches too stays out, or that page would load the whole chunk for it (the
        // Cars page's filter sheet shares a transition with the sign-in pages' tabs).
        const outsiders = Object.entries(sharedBy).flatMap(([other, otherPages]) =>
          chunk === LAYOUT_CHUNK || other === chunk ? [] : otherPages,
        );
        const reachedOutside = new Set(outsiders.flatMap((page) => [...staticallyReached(path.join(root, page))]));
        // A part of the message catalogue is words, not code several pages run: the legal pages' long
        // paragraphs in every page's chunk would weigh more than the request they save. (Nor does a
        // part join a page's chunk below, where the pages sharing that chunk's code would carry it.)
        group(
          chunk,
          [...pagesReaching].flatMap(([id, count]) =>
            count >= 2 && !CATALOGUE_FILE.test(id) && !reachedOutside.has(id) ? [id] : [],
          ),
        );
      }
      // What a public page shares only with the signed-in pages or with parts loaded on demand (the
      // car page's reviews, the post's comments and dialogs) would be a small chunk per part; it
      // goes into one chunk per page, which those signed-in pages load whole.
      const onDemandReaching = reachCounts(ids.filter(loadedOnDemand));
      for (const page of Object.values(sharedBy).flat()) {
        const name = `${path.basename(page, path.extname(page))}-parts`;
        group(
          name,
          [...staticallyReached(path.join(root, page))].filter(
            (id) => (onDemandReaching.get(id) ?? 0) >= 2 && !CATALOGUE_FILE.test(id),
          ),
        );
      }
      // Each part of the catalogue travels in one chunk with the words.ts files that load it: the
      // layout's when the layout shows its words, else one of its own, which the pages using it load.
      for (const id of ids) {
        if (!CATALOGUE_FILE.test(id) || elsewhere.has(id)) continue;
        const chunk = chunkOf.get(id) ?? `words-${path.basename(id, '.json')}`;
        chunkOf.set(id, chunk);
        for (const importer of this.getModuleInfo(id)?.importers ?? []) {
          if (WORDS_FILE.test(importer) && !elsewhere.has(importer)) chunkOf.set(importer, chunk);
        }
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              debugName: 'layout-chunk',
              name: (id: string) => chunkOf.get(id) ?? null,
              // The map above already holds every module each chunk needs, and no more.
              includeDependenciesRecursively: false,
            },
          ],
        },
      };
    },
  };
}
