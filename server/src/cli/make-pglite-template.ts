import { makePgliteTemplate } from '../db/make-pglite-template';

/**
 * `node dist-server/make-pglite-template.js <folder>`: the server's build runs this compiled, right
 * after writing it (server/vite.config.ts), so the template is made by the very code and migrations
 * it ships with, in a process of its own: initdb's 800 MB are the build's, never the server's.
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: node dist-server/make-pglite-template.js <folder>');
  process.exit(2);
}
try {
  await makePgliteTemplate(target);
} catch (error) {
  // Whole, stack and all: it holds nobody's data, only the sample data's, and a failed build needs the detail.
  console.error(`Could not make the PGlite template in ${target}:`, error);
  process.exit(1);
}
