import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import checks from '#locales/en/checks';
import { describeIssue, WHOLE } from '#domain/issue-message';
import { PHOTO_REFUSALS } from '#domain/schemas/car-photos';
import { REASON_MISSING } from '#domain/schemas/admin';
import { checkWords, issueWords } from '../src/http/check-words';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

// src/domain words nothing itself: its schemas and src/domain/issue-message.ts name messages of the
// checks catalogue (src/locales/en/checks.json) by id, and the app and the server word them. An id
// written there that the catalogue lacks would reach a person as the id itself.

const domainDir = fileURLToPath(new URL('../../src/domain', import.meta.url));

/** Every `checks.` id the domain's code writes, by the file it is in; an id built from a template counts by its fixed start. */
async function idsInDomain(): Promise<{ file: string; id: string }[]> {
  const entries = await readdir(domainDir, { withFileTypes: true, recursive: true });
  const found: { file: string; id: string }[] = [];
  for (const entry of entries.filter((each) => each.isFile() && /\.tsx?$/.test(each.name))) {
    const file = path.join(entry.parentPath, entry.name);
    const code = await readFile(file, 'utf8');
    for (const [, id] of code.matchAll(/['"`](checks\.[A-Za-z0-9.]*[A-Za-z0-9])(?:['"`]|\.?\$\{)/g)) {
      found.push({ file: path.relative(domainDir, file), id: id as string });
    }
  }
  return found;
}

describe('the checks ids src/domain writes', () => {
  it('are each in checks.json (an id built from a template by its start)', async () => {
    const ids = Object.keys(checks);
    const found = await idsInDomain();
    expect(found.length).toBeGreaterThan(50);
    const missing = found.filter(({ id }) => !(id in checks) && !ids.some((known) => known.startsWith(`${id}.`)));
    expect(missing).toEqual([]);
  });

  it('that describeIssue builds are each in checks.json', () => {
    const built = [
      'required',
      'type',
      'notBefore',
      'empty',
      'tooShort',
      'fewItems',
      'atLeast',
      'notAfter',
      'tooLong',
      'manyItems',
      'atMost',
      'email',
      'invalid',
      'datetime',
      'format',
      'oneOf',
    ].map((name) => `checks.issue.${name}`);
    expect(built.filter((id) => !(id in checks))).toEqual([]);
  });

  it('word the reason refusal and the photo refusals, with their limits', () => {
    expect(checkWords(REASON_MISSING)).toBe(REASON_REQUIRED);
    expect(checkWords(PHOTO_REFUSALS.tooLarge)).toBe('A photo must be at most 8 MB.');
    expect(checkWords(PHOTO_REFUSALS.wrongType)).toBe('A photo must be a JPEG, PNG or WebP image.');
  });

  it('word a described issue with its field and values, and leave a sentence as it is', () => {
    const tooFew = describeIssue(
      { code: 'too_small', origin: 'array', minimum: 1, inclusive: true, input: [], path: ['photos', 2, 'url'] },
      WHOLE.body,
    );
    expect(checkWords(tooFew)).toBe('Photos[2] Picture address must list at least 1 item.');
    const phone = describeIssue({ code: 'invalid_type', expected: 'string', input: 5, path: ['phoneNumber'] }, WHOLE.form);
    expect(checkWords(phone)).toBe('Phone number must be text.');
    expect(issueWords('Passwords do not match.')).toBe('Passwords do not match.');
    expect(issueWords('checks.password.differ')).toBe('Passwords do not match.');
  });
});
