import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md follows one booking from the page to the table through a numbered list of
 * files. The list stays true only if every file still exists and each still hands the request to the
 * next: by importing it, or, at the one HTTP hop, by calling the path the next file registers.
 */
const projectDir = path.resolve(import.meta.dirname, '..', '..');
const doc = readFileSync(path.join(projectDir, 'docs', 'architecture.md'), 'utf8');
const section = doc.split('## One booking, from the page to the table')[1]?.split('\n## ')[0] ?? '';
const files = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => match[1] ?? '');

/** The project-relative files `file` imports, resolved from its relative and `#domain`/`#data` specifiers. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(projectDir, file), 'utf8');
  return [...text.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].flatMap(([, spec = '']) => {
    const base = spec.startsWith('.')
      ? path.join(path.dirname(file), spec)
      : spec.startsWith('#')
        ? spec.replace(/^#(domain|data)\//, 'src/$1/')
        : undefined;
    if (!base) return [];
    return ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ending) => path.normalize(base + ending));
  });
}

/** Whether `client` calls a path that `server` registers, when one is app code and the other a route file. */
function crossesHttp(client: string, server: string): boolean {
  if (!client.startsWith('src/') || !server.startsWith('server/src/routes/')) return false;
  const called = [...readFileSync(path.join(projectDir, client), 'utf8').matchAll(/[`'](\/api\/[a-z/-]+)/g)].map((m) => m[1]);
  const served = readFileSync(path.join(projectDir, server), 'utf8');
  return called.some((url) => url !== undefined && (served.includes(`'${url}`) || served.includes(`\`${url}`)));
}

describe('one booking from the page to the table (docs/architecture.md)', () => {
  it('names at most eight files, from a page to the database schema', () => {
    expect(files.length).toBeGreaterThan(2);
    expect(files.length).toBeLessThanOrEqual(8);
    expect(files[0]).toMatch(/^src\/pages\//);
    expect(files.at(-1)).toBe('server/src/db/schema.ts');
  });

  it.each(files.map((file, index) => [file, files[index + 1]] as const).slice(0, -1))(
    '%s hands the request to %s',
    (from, to) => {
      expect(existsSync(path.join(projectDir, from))).toBe(true);
      expect(existsSync(path.join(projectDir, to ?? ''))).toBe(true);
      const next = to ?? '';
      expect(importsOf(from).includes(next) || crossesHttp(from, next)).toBe(true);
    },
  );
});
