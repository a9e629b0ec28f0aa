import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules live in biome.jsonc as import restrictions, which pass silently if a glob stops
 * matching. These probes, linted with the project's own configuration in a scratch folder, show
 * each rule still refuses an upward import and still allows the imports the layer is meant to make.
 */
const projectDir = path.resolve(import.meta.dirname, '..', '..');
const biome = path.join(projectDir, 'node_modules', '.bin', 'biome');
const WORDS_RULE = 'build/lint/words-in-catalogue.grit';

const probes: Record<string, string> = {
  'src/components/UpToFeature.ts': "import { listCars } from '../features/cars/api';",
  'src/components/UpToApp.ts': "import { routes } from '../app/routes';",
  'src/lib/UpToPage.ts': "import Page from '../pages/CarsPage';",
  'src/features/cars/UpToPage.ts': "import Page from '../../pages/CarsPage';",
  'src/domain/UpToLib.ts': "import { ApiError } from '../lib/api-error';",
  'src/domain/UsesReact.ts': "import { useState } from 'react';",
  'src/domain/schemas/UpToData.ts': "import { catalogueCars } from '../../data/cars';",
  'server/src/routes/IntoApp.ts': "import { paths } from '../../../src/config/paths';",
  'server/src/db/UpToHttp.ts': "import { HttpError } from '../http/errors';",
  'server/src/db/UpToRoutes.ts': "import { carRoutes } from '../routes/cars';",
  'server/src/routes/IntoRoute.ts': "import { bookingRoutes } from './bookings';",
  'server/src/routes/RunsQueries.ts': "import { eq } from 'drizzle-orm';",
  'server/src/plugins/RunsQueries.ts': "import { sql } from 'drizzle-orm';",
  'server/src/http/UpToRoutes.ts': "import { carRoutes } from '../routes/cars';",
  'server/src/routes/UsesDomainModule.ts':
    "import { runStep } from '../bookings/process';\nimport { answer } from '../http/answers';\nimport { Booking } from '#domain/schemas/bookings';",
  'src/features/cars/IntoReviews.ts': "import { CarReviews } from '../reviews/CarReviews';",
  'src/features/reviews/ReExportsBookings.ts': "export { bookingsKey } from '../bookings/queries';",
  'src/features/bookings/IntoCarsThroughSrc.ts': "import { useBusyDays } from '../../features/cars/queries';",
  'src/features/admin/TypeIntoBookings.ts': "import type { BookingsFilter } from '../bookings/queries';",
  'src/entities/car/UpToFeature.ts': "import { CarDetails } from '../../features/cars/CarDetails';",
  'src/entities/booking/UpToPage.ts': "import Page from '../../pages/MyBookingsPage';",
  'src/components/UpToEntity.ts': "import { carKeys } from '../entities/car/keys';",
  'src/lib/UpToEntity.ts': "import { bookingsKey } from '../entities/booking/keys';",
  // Allowed: each layer importing what sits below it.
  'src/pages/UsesFeature.ts': "import { listCars } from '../features/cars/api';",
  'src/features/cars/UsesLib.ts': "import { ApiError } from '../../lib/api-error';",
  'src/features/cars/UsesEntityAndItself.ts':
    "import { carKeys } from '../../entities/car/keys';\nimport { CarGallery } from './CarGallery';\nexport { CarCard } from './CarCard';",
  'src/entities/car/UsesLowerLayers.ts':
    "import { client } from '../../lib/api-client';\nimport { PRICE_MAX } from '../../domain/limits';\nimport { carKeys } from './keys';",
  'src/pages/ComposesFeatures.ts':
    "import { CarDetails } from '../features/cars/CarDetails';\nimport { CarReviews } from '../features/reviews/CarReviews';\nimport { carKeys } from '../entities/car/keys';",
  'src/domain/UsesZod.ts': "import { z } from 'zod';\nimport { PRICE_MAX } from './limits';",
  'src/domain/schemas/UsesDomain.ts': "import { PRICE_MAX } from '../limits';\nimport { id } from './fields';",
  'server/src/db/UsesDomain.ts': "import { id } from '#domain/schemas/fields';\nimport { catalogueCars } from '#data/cars';",
  // Words a person reads: written in the code (refused), or taken from the catalogue by id (allowed).
  'src/features/cars/WritesWords.tsx': 'export const Offer = () => <p>Book now</p>;',
  'src/pages/WritesAltText.tsx': 'export const Picture = () => <img src="/car.webp" alt="A red car" />;',
  'src/components/WritesStringChild.tsx': "export const Note = () => <small>{'Prices include GST'}</small>;",
  'server/src/routes/WritesRefusal.ts':
    "import { HttpError } from '../http/errors';\nthrow new HttpError(404, 'There is no such car.');",
  'src/features/cars/WordsById.tsx':
    "import { t } from './words';\nexport const Offer = () => <p className=\"lead\" aria-labelledby=\"offer-title\">{t('cars.offer')} {' · '}</p>;",
  'server/src/routes/RefusalById.ts':
    "import { HttpError } from '../http/errors';\nimport { t } from '../i18n';\nthrow new HttpError(404, t('server.cars.none'));",
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let scratch: string;
let refused: Set<string>;
/** The probes the words rule (build/lint/words-in-catalogue.grit) found words in. */
let worded: Set<string>;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'layer-rules-'));
  await copyFile(path.join(projectDir, 'biome.jsonc'), path.join(scratch, 'biome.jsonc'));
  await mkdir(path.join(scratch, 'build/lint'), { recursive: true });
  await copyFile(path.join(projectDir, WORDS_RULE), path.join(scratch, WORDS_RULE));
  for (const [file, imports] of Object.entries(probes)) {
    await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
    await writeFile(path.join(scratch, file), `${imports}\nexport const probe = 1;\n`);
  }
  // Biome exits 1 when it finds errors, which is the point here: read its report either way.
  const output = await promisify(execFile)(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: scratch,
  }).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
  const { diagnostics } = JSON.parse(output.stdout) as { diagnostics: Diagnostic[] };
  const pathsOf = (category: string) =>
    new Set(diagnostics.filter((found) => found.category === category).map((found) => found.location.path));
  refused = pathsOf('lint/style/noRestrictedImports');
  worded = pathsOf('plugin');
}, 30_000);

afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('layer rules (biome.jsonc)', () => {
  it.each([
    'src/components/UpToFeature.ts',
    'src/components/UpToApp.ts',
    'src/lib/UpToPage.ts',
    'src/features/cars/UpToPage.ts',
    'src/domain/UpToLib.ts',
    'src/domain/UsesReact.ts',
    'src/domain/schemas/UpToData.ts',
    'server/src/routes/IntoApp.ts',
    'server/src/db/UpToHttp.ts',
    'server/src/db/UpToRoutes.ts',
    'server/src/http/UpToRoutes.ts',
    'src/entities/car/UpToFeature.ts',
    'src/entities/booking/UpToPage.ts',
    'src/components/UpToEntity.ts',
    'src/lib/UpToEntity.ts',
  ])('refuses the upward import in %s', (file) => {
    expect(refused).toContain(file);
  });

  it.each([
    'src/pages/UsesFeature.ts',
    'src/features/cars/UsesLib.ts',
    'src/domain/UsesZod.ts',
    'src/domain/schemas/UsesDomain.ts',
    'server/src/db/UsesDomain.ts',
    'src/features/cars/UsesEntityAndItself.ts',
    'src/entities/car/UsesLowerLayers.ts',
    'src/pages/ComposesFeatures.ts',
    'server/src/routes/UsesDomainModule.ts',
  ])('allows the downward imports in %s', (file) => {
    expect(refused).not.toContain(file);
  });

  it.each([
    'src/features/cars/IntoReviews.ts',
    'src/features/reviews/ReExportsBookings.ts',
    'src/features/bookings/IntoCarsThroughSrc.ts',
    'src/features/admin/TypeIntoBookings.ts',
  ])('refuses the import of another feature in %s', (file) => {
    expect(refused).toContain(file);
  });

  it.each([
    'src/features/cars/WritesWords.tsx',
    'src/pages/WritesAltText.tsx',
    'src/components/WritesStringChild.tsx',
    'server/src/routes/WritesRefusal.ts',
  ])('refuses words written in the code, outside the message catalogue, in %s', (file) => {
    expect(worded).toContain(file);
  });

  it.each(['src/features/cars/WordsById.tsx', 'server/src/routes/RefusalById.ts'])(
    'allows words taken from the catalogue by id, and class names, element ids and separators, in %s',
    (file) => {
      expect(worded).not.toContain(file);
    },
  );

  it.each(['server/src/routes/IntoRoute.ts', 'server/src/routes/RunsQueries.ts', 'server/src/plugins/RunsQueries.ts'])(
    'refuses a route leaning on another route, or a query outside the domain modules, in %s',
    (file) => {
      expect(refused).toContain(file);
    },
  );
});

/**
 * The lint rules see one import at a time, and only as written. This walks the real import graph of
 * src/ (every import, `export … from` and `import()` between its TypeScript files, paths resolved) and
 * counts what the layers forbid as a whole: an import from one feature folder into another, and any
 * circle of modules.
 */
type ImportGraph = Map<string, string[]>;

const srcDir = path.join(projectDir, 'src');
const IMPORT_SOURCES = [
  // import … from '…' and export … from '…', over several lines; the clause holds no quote or semicolon.
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  // import '…' for its effects.
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  // import('…'), the lazily loaded screens and modules.
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The file an import names, for the project's own modules (relative, #domain/*, #data/*); undefined for a package. */
function resolveImport(from: string, source: string): string | undefined {
  let base: string;
  if (source.startsWith('.')) base = path.resolve(path.dirname(from), source);
  else if (source.startsWith('#domain/')) base = path.join(srcDir, 'domain', source.slice('#domain/'.length));
  else if (source.startsWith('#data/')) base = path.join(srcDir, 'data', source.slice('#data/'.length));
  else return undefined;
  if (/\.(css|svg|png|jpe?g|webp|json)$/.test(base)) return base;
  const candidates = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return candidates.find((candidate) => existsSync(candidate)) ?? `unresolved: ${source}`;
}

function importGraph(files: string[]): { graph: ImportGraph; unresolved: string[] } {
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const pattern of IMPORT_SOURCES) {
      for (const [, source] of text.matchAll(pattern)) {
        const target = resolveImport(file, source);
        if (target?.startsWith('unresolved')) unresolved.push(`${path.relative(srcDir, file)}: ${target}`);
        else if (target && /\.tsx?$/.test(target)) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return { graph, unresolved };
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(path.relative(srcDir, file).split(path.sep).join('/'))?.[1];

/** Every import from one feature folder into another, as "from → to (file → file)". */
function featureArrows(graph: ImportGraph): string[] {
  const arrows: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [featureOf(file), featureOf(target)];
      if (from && to && from !== to) {
        arrows.push(`${from} → ${to} (${path.relative(srcDir, file)} → ${path.relative(srcDir, target)})`);
      }
    }
  }
  return arrows;
}

/** Every circle a depth-first walk closes (an import back to a module still on its path), as "a → b → a". */
function importCycles(graph: ImportGraph): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    onPath.push(file);
    for (const target of graph.get(file) ?? []) {
      const back = onPath.indexOf(target);
      if (back >= 0) cycles.push([...onPath.slice(back), target].map((each) => path.relative(srcDir, each)).join(' → '));
      else if (!done.has(target)) visit(target);
    }
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('the import graph of src/', () => {
  const files = sourceFiles(srcDir);
  const { graph, unresolved } = importGraph(files);

  it('reads every import of every module', () => {
    expect(unresolved).toEqual([]);
    expect(graph.size).toBeGreaterThan(150);
    // The walk sees what the app is made of: a page composing two features, and a lazily loaded module.
    const targetsOf = (file: string) => (graph.get(path.join(srcDir, file)) ?? []).map((target) => path.relative(srcDir, target));
    expect(targetsOf('pages/CarDetailPage.tsx')).toEqual(
      expect.arrayContaining([
        'features/cars/CarDetails.tsx',
        'features/reviews/CarReviews.tsx',
        'features/bookings/CheckoutPanel/index.tsx',
      ]),
    );
    expect(targetsOf('lib/api-client.ts')).toContain('lib/axios-client.ts');
  });

  it('has no import from one feature folder into another', () => {
    expect(featureArrows(graph)).toEqual([]);
  });

  it('has no circle of modules', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('would find an arrow between features and a circle if there were one', () => {
    const at = (file: string) => path.join(srcDir, file);
    const planted: ImportGraph = new Map([
      [at('features/cars/CarDetails.tsx'), [at('features/reviews/CarReviews.tsx'), at('features/cars/keys.ts')]],
      [at('features/reviews/CarReviews.tsx'), [at('lib/a.ts')]],
      [at('lib/a.ts'), [at('lib/b.ts')]],
      [at('lib/b.ts'), [at('lib/a.ts')]],
    ]);
    expect(featureArrows(planted)).toEqual(['cars → reviews (features/cars/CarDetails.tsx → features/reviews/CarReviews.tsx)']);
    expect(importCycles(planted)).toEqual(['lib/a.ts → lib/b.ts → lib/a.ts']);
  });
});
