import { type Messages, setupI18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import common from '#locales/en/common';
import { giveBackBackslashes, holdBackslashes } from '../domain/message-values';

// The app's words come from one message catalogue (src/locales, ICU messages by id; docs/architecture.md).
// English is the only language yet, so no provider re-renders the tree: a change of language will
// load the page again in the new one.

type Catalogue = Record<string, string>;

const i18n = setupI18n();
const load = (catalogue: Catalogue) => i18n.load('en', catalogue as unknown as Messages);
load(common);
i18n.activate('en');

/** A message's variables: words and numbers already formatted for the reader (dates, rupees). */
export type MessageValues = Record<string, string | number>;

type SharedId = keyof typeof common;

/**
 * The words of one part of the catalogue, with those every screen shares: `t` for a text, `Words`
 * for a text with markup in it (`<0>…</0>` in the message, the elements in `components`). The part
 * is loaded by the module that asks for it, so each route's words travel in its chunk.
 */
export function wordsOf<Part extends Catalogue>(part: Part) {
  load(part);
  type Id = Extract<keyof Part | SharedId, string>;
  const t = (id: Id, values?: MessageValues): string => giveBackBackslashes(i18n._(id, holdBackslashes(values)));
  function Words({
    id,
    values,
    components,
  }: {
    id: Id;
    values?: Record<string, ReactNode>;
    components?: Record<string, ReactElement>;
  }) {
    // Text values go in as elements, which Lingui places as they are (see holdBackslashes).
    const placed =
      values &&
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'string' && value.includes('\\') ? <Fragment key={name}>{value}</Fragment> : value,
        ]),
      );
    return <TransNoContext lingui={{ i18n }} id={id} values={placed} components={components} />;
  }
  return { t, Words };
}

/** The shared words: the app shell's (src/locales/en/common.json). */
export const { t, Words } = wordsOf({});

/**
 * A text that is either a message id of a loaded part (a form check's, from src/domain, once the
 * form's checks have loaded) or words already (a server's answer): the id's words, or the text as it is.
 */
export const translate = (text: string): string => (text in i18n.messages ? i18n._(text) : text);
