import { type CheckMessage, checkMessageOf, wordMessage } from '#domain/issue-message';
import { type MessageId, t } from '../i18n';

/** A check's message (src/domain/issue-message.ts) in words: its id's, with its values worded too. */
export const checkWords = (message: CheckMessage): string => wordMessage(message, (id, values) => t(id as MessageId, values));

/** A zod issue's message in words: a check's id (maybe with values) worded, anything else as it is. */
export function issueWords(text: string): string {
  const message = checkMessageOf(text);
  return message ? checkWords(message) : text;
}
