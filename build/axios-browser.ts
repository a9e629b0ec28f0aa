import type { Plugin } from 'vite';

const STUB_ID = '\0axios-fetch-adapter-stub';

/**
 * Leaves axios's fetch adapter out of the browser build (3.6 KB of the layout chunk's brotli, on
 * every page). axios tries its adapters in the order ['xhr', 'http', 'fetch'] and takes
 * the first the platform has; every browser has XMLHttpRequest, and the app's one client sets no
 * adapter, so the fetch adapter is never reached, yet adapters.js imports it (and its streams'
 * helpers) whole. In its place is a fetch adapter the platform does not have.
 */
export function axiosWithoutFetchPlugin(): Plugin {
  return {
    name: 'axios-without-fetch',
    enforce: 'pre',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    resolveId(source, importer) {
      if (source === './fetch.js' && importer?.replaceAll('\\', '/').endsWith('/axios/lib/adapters/adapters.js')) return STUB_ID;
      return null;
    },
    load(id) {
      return id === STUB_ID ? 'export const getFetch = () => false;\nexport default false;\n' : null;
    },
  };
}
