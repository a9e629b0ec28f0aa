import { t } from '../i18n';
import type { Mail } from './outbox';
import { MAIL_SENDER_NAME } from './transport';

/** A mail's parts in the product's voice: a greeting, what happened, at most one button, a sign-off. */
export interface MailContent {
  to: string;
  /** Who it is for, as they signed up; the greeting uses it. */
  name: string;
  subject: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Said last, in smaller words: why the mail came, or what to do when it was not expected. */
  footnote?: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The same words as plain text and as simple HTML (no images, no scripts, styles inline), since
 * many mail programs show only one of the two. Everything put into the HTML is escaped: names,
 * car names and reasons are typed by people.
 */
export function composeMail(content: MailContent): Mail {
  const greeting = t('mail.compose.greeting', { name: content.name });
  const signOff = t('mail.compose.signOff', { brand: MAIL_SENDER_NAME });
  const text = [
    greeting,
    ...content.paragraphs,
    ...(content.action ? [t('mail.compose.actionLine', { label: content.action.label, url: content.action.url })] : []),
    signOff,
    ...(content.footnote ? [content.footnote] : []),
  ].join('\n\n');

  const paragraph = (words: string) => `<p style="margin:0 0 16px">${escapeHtml(words)}</p>`;
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0d6efd;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(t('mail.compose.openAddress', { url: content.action.url }))}</p>`
    : '';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1b1b1b">',
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    button,
    paragraph(signOff),
    content.footnote ? `<p style="margin:0;font-size:13px;color:#555555">${escapeHtml(content.footnote)}</p>` : '',
    '</body></html>',
  ].join('');

  return { to: content.to, subject: content.subject, text, html };
}
