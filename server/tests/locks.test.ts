import { describe, expect, it } from 'vitest';
import { LOCK_CLASS } from '../src/db/locks';

describe('advisory lock numbers', () => {
  it('give every per-subject class its own number, so two kinds of write never wait on each other', () => {
    const numbers = Object.values(LOCK_CLASS);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
