import { execFile } from 'node:child_process';
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
  // Allowed: each layer importing what sits below it.
  'src/pages/UsesFeature.ts': "import { listCars } from '../features/cars/api';",
  'src/features/cars/UsesLib.ts': "import { ApiError } from '../../lib/api-error';",
  'src/domain/UsesZod.ts': "import { z } from 'zod';\nimport { PRICE_MAX } from './limits';",
  'src/domain/schemas/UsesDomain.ts': "import { PRICE_MAX } from '../limits';\nimport { id } from './fields';",
  'server/src/db/UsesDomain.ts': "import { id } from '#domain/schemas/fields';\nimport { catalogueCars } from '#data/cars';",
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let scratch: string;
let refused: Set<string>;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'layer-rules-'));
  await copyFile(path.join(projectDir, 'biome.jsonc'), path.join(scratch, 'biome.jsonc'));
  for (const [file, imports] of Object.entries(probes)) {
    await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
    await writeFile(path.join(scratch, file), `${imports}\nexport const probe = 1;\n`);
  }
  // Biome exits 1 when it finds errors, which is the point here: read its report either way.
  const output = await promisify(execFile)(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: scratch,
  }).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
  const { diagnostics } = JSON.parse(output.stdout) as { diagnostics: Diagnostic[] };
  refused = new Set(
    diagnostics.filter((found) => found.category === 'lint/style/noRestrictedImports').map((found) => found.location.path),
  );
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
  ])('refuses the upward import in %s', (file) => {
    expect(refused).toContain(file);
  });

  it.each([
    'src/pages/UsesFeature.ts',
    'src/features/cars/UsesLib.ts',
    'src/domain/UsesZod.ts',
    'src/domain/schemas/UsesDomain.ts',
    'server/src/db/UsesDomain.ts',
  ])('allows the downward imports in %s', (file) => {
    expect(refused).not.toContain(file);
  });
});
