import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalogue file: src/locales/<language>/<part>.json. */
export const CATALOGUE_FILE = /[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * Compiles the message catalogue's ICU messages (src/locales) as the build loads them, so the
 * browser gets ready-made messages and never the message parser (about 7 KB compressed). The
 * server, which also runs from source under tsx, compiles what it loads uncompiled itself.
 */
export function cataloguePlugin(): Plugin {
  return {
    name: 'wheelsonweb:catalogue',
    enforce: 'pre',
    load: {
      filter: { id: CATALOGUE_FILE },
      async handler(id) {
        const source: Record<string, string> = JSON.parse(await readFile(id, 'utf8'));
        const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
        return { code: `export default ${JSON.stringify(compiled)};`, moduleType: 'js' };
      },
    },
  };
}
