/**
 * What stands in a message for a phone number or an email address until its booking is accepted:
 * the same in every language, and never itself taken for a contact detail.
 */
export const MASKED_CONTACT = '•••';

/** A digit as Indians type one: ASCII, or Devanagari (० to ९). */
const DIGIT = '[0-9\\u0966-\\u096F]';
/** What people put between a phone number's digits: spaces, dots and dashes (`+91` is digits after a plus). */
const SEPARATOR = '[\\s.\\-\\u00A0]*';

/**
 * A run of 10 or more digits, separators allowed between them and a plus before: an Indian mobile
 * number (10 digits) however it is written, with or without +91. Nine digits or fewer are left, so
 * prices, pincodes and dates stay readable.
 */
const PHONE = new RegExp(`(?:\\+${SEPARATOR})?(?:${DIGIT}${SEPARATOR}){9,}${DIGIT}`, 'gu');

/** Anything that looks like an email address: a local part, an @, and a domain with a dot. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

export interface MaskedText {
  text: string;
  /** Whether anything was masked: the page then says that contact details show after acceptance. */
  masked: boolean;
}

/**
 * `text` with every phone number and email address replaced by MASKED_CONTACT: what a booking's
 * parties read of a message until the booking is accepted, so they cannot settle off the platform.
 */
export function maskContactDetails(text: string): MaskedText {
  let masked = false;
  const hide = () => {
    masked = true;
    return MASKED_CONTACT;
  };
  const result = text.replace(EMAIL, hide).replace(PHONE, hide);
  return { text: result, masked };
}
