import { type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import checks from '#locales/en/checks';
import mail from '#locales/en/mail';
import server from '#locales/en/server';
import { giveBackBackslashes, holdBackslashes } from '#domain/message-values';

// The server's words (its answers, mails and receipts) come from the app's message catalogue
// (src/locales), as ICU messages by id. The server loads the catalogue as plain JSON, under tsx as
// from its build, and compiles each message the first time it is used.

const i18n = setupI18n();
i18n.setMessagesCompiler(compileMessage);
i18n.load('en', { ...checks, ...server, ...mail } as Messages);
i18n.activate('en');

export type MessageId = Extract<keyof typeof checks | keyof typeof server | keyof typeof mail, string>;

/** A message's variables: words and numbers already formatted for the reader (dates, rupees). */
export type MessageValues = Record<string, string | number>;

/** The words of message `id` with its `values`. */
export const t = (id: MessageId, values?: MessageValues): string => giveBackBackslashes(i18n._(id, holdBackslashes(values)));
