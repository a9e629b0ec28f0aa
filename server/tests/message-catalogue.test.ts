import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

// The message catalogue (src/locales) holds every word a person reads; the code reaches them by id.
// These checks keep it whole: every message is valid ICU, every id belongs to its part, and every id
// is used by the code (a word no screen shows is dead weight a translator would still translate).

const root = fileURLToPath(new URL('../../', import.meta.url));
const localesDir = path.join(root, 'src/locales');
const codeDirs = ['src', 'server/src'].map((dir) => path.join(root, dir));

async function filesUnder(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && keep(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}

async function catalogue(language: string): Promise<Map<string, Record<string, string>>> {
  const parts = new Map<string, Record<string, string>>();
  for (const file of await filesUnder(path.join(localesDir, language), (name) => name.endsWith('.json'))) {
    parts.set(path.basename(file, '.json'), JSON.parse(await readFile(file, 'utf8')));
  }
  return parts;
}

/** The ids the code names: quoted strings, and the fixed start of an id built from a template (`x.${kind}`). */
async function namedInCode(): Promise<{ ids: Set<string>; prefixes: string[] }> {
  const ids = new Set<string>();
  const prefixes: string[] = [];
  for (const dir of codeDirs) {
    for (const file of await filesUnder(dir, (name) => /\.tsx?$/.test(name))) {
      const code = await readFile(file, 'utf8');
      for (const [, id] of code.matchAll(/['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)['"]/g)) ids.add(id as string);
      for (const [, start] of code.matchAll(/`([a-z][A-Za-z0-9]*\.[A-Za-z0-9.]*)\$\{/g)) prefixes.push(start as string);
    }
  }
  return { ids, prefixes };
}

describe('the message catalogue', async () => {
  const english = await catalogue('en');

  it('has parts, each with messages', () => {
    expect([...english.keys()].sort()).toEqual(expect.arrayContaining(['checks', 'common', 'mail', 'server']));
  });

  it.each([...english.entries()])('%s: every id starts with its part, and every message is valid ICU', (part, messages) => {
    const invalid: string[] = [];
    for (const [id, message] of Object.entries(messages)) {
      if (!id.startsWith(`${part}.`)) invalid.push(`${id}: not of part ${part}`);
      try {
        parse(message);
      } catch (error) {
        invalid.push(`${id}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('names no id the code does not use', async () => {
    const { ids, prefixes } = await namedInCode();
    const unused = [...english.values()]
      .flatMap((messages) => Object.keys(messages))
      .filter((id) => !ids.has(id) && !prefixes.some((start) => id.startsWith(start)));
    expect(unused).toEqual([]);
  });
});
