import { istDate } from './time';

// Document numbers (docs/decisions/1401-gst-figures.md). The law asks for a serial of at most 16 characters, unique
// within a financial year (1 April to 31 March) and consecutive. Each kind of document has its own series, so a
// gap in one can never be explained away by another:
//
//   <prefix>/<kind letter><year>/<serial>      UTSAV/I26/1, UTSAV/C26/12
//
// <year> is the last two digits of the year the financial year starts in (I26: 1 April 2026 to 31 March 2027,
// counted in IST, where the event and the organiser are). A prefix of at most 5 characters and a serial of at most
// 6 digits keep every number within 16 characters. Which serial comes next is the server's business: it is taken
// in the transaction that makes the document, so a rolled-back sale takes no number and two never share one.

export const DOCUMENT_SERIES = {
  'tax-invoice': 'I',
  'bill-of-supply': 'B',
  receipt: 'R',
  'credit-note': 'C',
} as const;

export type DocumentSeries = keyof typeof DOCUMENT_SERIES;

export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9-]{1,5}$/;
export const MAX_SERIAL = 999_999;
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

export const DOCUMENT_NUMBER_MESSAGES = {
  prefix: 'The prefix is 1 to 5 capital letters, digits or hyphens, so that every number fits 16 characters',
} as const;

/** The year a financial year starts in, for the IST day of the instant: 31 March belongs to the year before. */
export function financialYearOf(instant: Date): number {
  const [year, month] = istDate(instant).split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

/** "2026-27": how a document and the export name a financial year. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export function documentNumber(
  prefix: string,
  series: DocumentSeries,
  startYear: number,
  serial: number,
): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Invalid document prefix "${prefix}"`);
  if (!Number.isInteger(serial) || serial < 1 || serial > MAX_SERIAL) {
    throw new RangeError(`Serial ${serial} is outside 1..${MAX_SERIAL}`);
  }
  const year = String(startYear % 100).padStart(2, '0');
  return `${prefix}/${DOCUMENT_SERIES[series]}${year}/${serial}`;
}

/** The missing serials of a series (the export's series summary shows them; there should never be any). */
export function missingSerials(serials: readonly number[]): number[] {
  if (serials.length === 0) return [];
  const seen = new Set(serials);
  const last = Math.max(...serials);
  const missing: number[] = [];
  for (let serial = 1; serial <= last; serial++) if (!seen.has(serial)) missing.push(serial);
  return missing;
}
