import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, minify, type Plugin, transformWithOxc } from 'vite';
import { ASSETS_DIR, precompressFile } from './precompress';
import { cataloguePlugin } from './catalogue';

/**
 * Renders the public pages to HTML after `vite build` (`npm run build`, and `npm start` when it
 * builds): node --import tsx build/prerender.ts [outDir]. Each page is written to
 * {outDir}/prerendered/{address}/index.html, which the server answers for that address
 * (server/src/plugins/static-app.ts), with the page's content, title and description, and a boot script
 * (src/boot.ts) naming the entry and every chunk its screens need, which it fetches all at once after
 * the first paint instead of the browser discovering them one after another. The app renders with
 * src/entry-prerender.tsx, bundled for Node here into a folder that is removed afterwards.
 */

const projectDir = fileURLToPath(new URL('../', import.meta.url));
/** Inside the project, so the bundle's own imports resolve as they would beside the sources. */
const cacheDir = path.join(projectDir, 'node_modules', '.cache');
export const PRERENDERED_DIR = 'prerendered';

/** What entry-prerender.tsx exports; checked on load, since the bundle is imported by path. */
interface PrerenderEntry {
  prerenderedAddresses: readonly string[];
  render: (
    address: string,
  ) => Promise<{ html: string; title: string; description: string; modules: string[]; lazyScreens: number }>;
}

/** One entry of Vite's build manifest (.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function isPrerenderEntry(value: unknown): value is PrerenderEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'render' in value &&
    typeof value.render === 'function' &&
    'prerenderedAddresses' in value &&
    Array.isArray(value.prerenderedAddresses)
  );
}

/**
 * Marks each source module's default export with its path ("src/pages/HomePage.tsx"), the key of its
 * chunk in the client build's manifest: the route table loads screens through closures, so the
 * rendered screen is the only thing that can say which chunk it came from.
 */
function markScreenSources(): Plugin {
  const sourceDir = path.join(projectDir, 'src') + path.sep;
  return {
    name: 'mark-screen-sources',
    transform(code, id) {
      if (!id.startsWith(sourceDir)) return null;
      const name = /^export default function (\w+)/m.exec(code)?.[1];
      if (!name) return null;
      const source = path.relative(projectDir, id).split(path.sep).join('/');
      return { code: `${code}\n${name}.prerenderSource = ${JSON.stringify(source)};\n`, map: null };
    },
  };
}

/** Bundles entry-prerender.tsx with everything it imports, so Node runs it without resolving the app's packages itself. */
async function loadEntry(bundleDir: string): Promise<PrerenderEntry> {
  await build({
    configFile: false,
    root: projectDir,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [react(), cataloguePlugin(), markScreenSources()],
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-prerender.tsx',
      outDir: bundleDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'entry-prerender.mjs' } },
    },
  });
  const entry: unknown = await import(pathToFileURL(path.join(bundleDir, 'entry-prerender.mjs')).href);
  if (!isPrerenderEntry(entry)) throw new Error('src/entry-prerender.tsx must export render and prerenderedAddresses');
  return entry;
}

/** The files of the chunks `keys` name and of every chunk they import statically, with their styles. */
function chunksOf(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk for ${key}`);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

/** Where a style prop's value waits in the HTML (see moveStyles); src/main.tsx reads the same attribute. */
const STYLE_HOLDER = 'data-prerender-style';

/**
 * React writes a style prop as a style attribute, which the CSP (style-src 'self') refuses in HTML.
 * Each is moved to an attribute that a generated stylesheet matches, with the same declarations
 * (important, as an inline style outranks the stylesheets), and the browser script puts it back as
 * the element's style through the CSSOM, which the CSP allows, before hydrating.
 */
function moveStyles(html: string, styles: Set<string>): string {
  // React escapes quotes in text and attribute values, so ` style="` is only ever an attribute.
  return html.replace(/ style="([^"]*)"/g, (_attribute, value: string) => {
    styles.add(value);
    return ` ${STYLE_HOLDER}="${value}"`;
  });
}

/** Marks the controls holdControls disabled; src/main.tsx enables them once the page is hydrated. */
const CONTROL_HOLDER = 'data-until-app';

/**
 * Disables every control of the page that React rendered enabled, until the app has hydrated it.
 * Before that, React's state does not hold what is typed into a field: the first render after
 * hydration puts the field back to its empty state, and a click on a button or a form's submit goes
 * to no handler (a search typed the moment the home page showed was lost, or sent nowhere).
 */
function holdControls(html: string): string {
  // React escapes `>` in attribute values, so a tag's first `>` ends it.
  return html.replace(/<(input|select|textarea|button)\b([^>]*)>/g, (tag, name: string, attributes: string) =>
    / disabled(?:=|\s|\/|$)/.test(attributes) ? tag : `<${name} disabled="" ${CONTROL_HOLDER}=""${attributes}>`,
  );
}

function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function styleRule(value: string): string {
  const style = decodeAttribute(value);
  const declarations = style
    .split(';')
    .filter((declaration) => declaration.trim() !== '')
    .map((declaration) => `${declaration}!important`);
  return `[${STYLE_HOLDER}=${JSON.stringify(style)}]{${declarations.join(';')}}`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** `template` with `pattern` replaced, or an error: a template that changed shape must not yield pages without their content. */
function replaceOnce(template: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(template)) throw new Error(`index.html has no ${pattern.source}`);
  return template.replace(pattern, () => replacement);
}

interface PageParts {
  html: string;
  title: string;
  description: string;
  scripts: string[];
  styles: string[];
}

/** The entry's script element, which Vite writes into index.html's head. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/[^"]+">/g;

function pageHtml(template: string, page: PageParts, movedStyles: string, boot: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error(`index.html has no ${ENTRY_SCRIPT.source}`);
  // The boot script (src/boot.ts) loads the entry and the page's chunks once the page is painted,
  // in place of the entry and the modulepreload links Vite put in the head.
  const chunks = page.scripts.filter((file) => file !== entry).map((file) => `/${file}`);
  const bootScript = `<script type="module" crossorigin src="/${boot}" data-entry="/${entry}" data-chunks="${chunks.join(' ')}"></script>`;
  const styles = [...page.styles.filter((file) => !template.includes(`"/${file}"`)), movedStyles];
  const links = [bootScript, ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)];
  let html = replaceOnce(template, ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`);
}

/** src/boot.ts as the browser runs it, written under the build's assets by its content's hash; its path there. */
async function writeBoot(outDir: string): Promise<string> {
  const source = path.join(projectDir, 'src', 'boot.ts');
  const script = await transformWithOxc(await readFile(source, 'utf8'), source, { lang: 'ts' });
  const { code } = await minify('boot.js', script.code);
  const file = `${ASSETS_DIR}/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  await writeFile(path.join(outDir, file), code);
  await precompressFile(path.join(outDir, file));
  return file;
}

/** Where a page's HTML goes under `pagesDir`: its address decoded ("/cars/Tata Nexon EV"). */
function fileFor(pagesDir: string, address: string): string {
  const folder = path.join(pagesDir, decodeURIComponent(address));
  if (!`${folder}${path.sep}`.startsWith(pagesDir + path.sep)) {
    throw new Error(`${address} is not an address inside the site`);
  }
  return path.join(folder, 'index.html');
}

export async function prerender(outDir: string): Promise<void> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  await mkdir(cacheDir, { recursive: true });
  const bundleDir = await mkdtemp(path.join(cacheDir, 'prerender-'));
  try {
    const entry = await loadEntry(bundleDir);
    // Written aside and moved in place whole: the server's start takes prerendered/ as the sign of a finished build.
    const pagesDir = path.join(outDir, PRERENDERED_DIR);
    const partialDir = `${pagesDir}.partial`;
    await rm(partialDir, { recursive: true, force: true });
    const styles = new Set<string>();
    const pages = [];
    for (const address of entry.prerenderedAddresses) {
      const page = await entry.render(address);
      if (page.modules.length !== page.lazyScreens) {
        throw new Error(`${address}: only ${page.modules.join(', ')} of its ${page.lazyScreens} screens name their module`);
      }
      pages.push({ address, page: { ...page, html: holdControls(moveStyles(page.html, styles)) } });
    }
    const stylesheet = [...styles].map(styleRule).join('\n');
    const boot = await writeBoot(outDir);
    const movedStyles = `${ASSETS_DIR}/prerendered-${createHash('sha256').update(stylesheet).digest('hex').slice(0, 10)}.css`;
    await writeFile(path.join(outDir, movedStyles), stylesheet);
    await precompressFile(path.join(outDir, movedStyles));
    for (const { address, page } of pages) {
      const keys = ['index.html', ...page.modules];
      const html = pageHtml(template, { ...page, ...chunksOf(manifest, keys) }, movedStyles, boot);
      const file = fileFor(partialDir, address);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
      console.log(`prerendered ${address} (${html.length} bytes, screens: ${page.modules.join(', ')})`);
    }
    await rm(pagesDir, { recursive: true, force: true });
    await rename(partialDir, pagesDir);
  } finally {
    await rm(bundleDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender(path.resolve(process.argv[2] ?? path.join(projectDir, 'dist')));
}
