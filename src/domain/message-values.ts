/**
 * Lingui turns every `\uXXXX` and `\xXX` in a finished message into the character it names, the
 * values' text included, so a renter's review reading `\u0041` would show as "A". Each backslash of a
 * value is held as a private-use character while the message is made, then given back.
 */
const HELD_BACKSLASH = '\uE000';

export function holdBackslashes<Values extends Record<string, unknown>>(values: Values | undefined): Values | undefined {
  if (!values) return values;
  const held: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    held[name] = typeof value === 'string' ? value.replaceAll('\\', HELD_BACKSLASH) : value;
  }
  return held as Values;
}

export const giveBackBackslashes = (words: string): string => words.replaceAll(HELD_BACKSLASH, '\\');
