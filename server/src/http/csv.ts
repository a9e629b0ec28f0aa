// CSV as spreadsheets read it (RFC 4180), for the console's downloads.

/**
 * What a spreadsheet takes for the start of a formula (or, for a tab and a carriage return, what it
 * drops before one): a field starting so could run as a formula on the admin's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What cannot stand in a field unquoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: a formula-looking one written as text with a leading `'`, quoted when it must be. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 writes it. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
