// CSV for the ticket export (RFC 4180), safe to open in a spreadsheet.
//
// Formula injection: a spreadsheet runs a cell that begins with = + - @ (and, in some, a leading tab or
// carriage return) as a formula, so a guest named `=HYPERLINK("http://x","y")` would become a live link in
// the organiser's sheet. Such cells get a leading apostrophe, which every spreadsheet shows as text.

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: formula-escaped first, then quoted (inner quotes doubled) when it holds a comma, quote or line break. */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers we produce (prices) are plain; a negative number would still trip the '-' rule below, which
  // is harmless (it reads as text) and keeps one rule for every cell.
  let text = String(value);
  if (text.length > 0 && FORMULA_TRIGGERS.has(text[0]!)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(escapeCsvCell).join(',')}\r\n`;
}
