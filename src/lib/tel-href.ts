/** A phone number as a `tel:` address, which dials digits and a leading "+" only; the number is shown as written. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
