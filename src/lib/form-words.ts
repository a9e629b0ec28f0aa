import checks from '#locales/en/checks';
import { type CheckMessage, checkMessageOf, wordMessage } from '../domain/issue-message';
import { translate, wordsOf } from './i18n';

// The form checks' words load with the form code that shows them, not with every page.
const { t } = wordsOf(checks);

/** A check's message (src/domain/issue-message.ts) in words: its id's, with its values worded too. */
export const checkWords = (message: CheckMessage): string =>
  wordMessage(message, (id, values) => t(id as keyof typeof checks, values));

/**
 * A form's message in words: a check's id from the contract's schema (maybe with values) worded as
 * the server words it, a server's sentence as it is.
 */
export function formWords(text: string): string {
  const message = checkMessageOf(text);
  return message ? checkWords(message) : translate(text);
}
