// What the convenience fee brought in, read from the documents as issued (docs/decisions/1407-fee-revenue.md):
// the fee lines of every sale's document, less the fee lines of every credit note. A guest's cancellation keeps
// the fee (its credit note reverses the ticket's line only), a called-off night and a late payment given back
// return it (their credit notes reverse the fee's line), so the difference is what the organiser kept, to the
// paisa, and agrees with the documents an accountant files from.

import { FEE_DESCRIPTIONS } from './gst-credits';
import { istDate } from './time';

export interface FeeRevenueDocument {
  kind: 'tax-invoice' | 'bill-of-supply' | 'receipt' | 'credit-note';
  lines: ReadonlyArray<{ kind: 'admission' | 'fee'; description: string; totalPaise: number }>;
}

/** A line that is a convenience fee (the transfer fee and the cancellation charge are fee lines too). */
export function isConvenienceFeeLine(line: FeeRevenueDocument['lines'][number]): boolean {
  return line.kind === 'fee' && line.description === FEE_DESCRIPTIONS.convenience;
}

/** Convenience fees documented (paise): on sales' documents, less those credit notes gave back. */
export function convenienceFeeRevenuePaise(documents: Iterable<FeeRevenueDocument>): number {
  let paise = 0;
  for (const document of documents) {
    const sign = document.kind === 'credit-note' ? -1 : 1;
    for (const line of document.lines) {
      if (isConvenienceFeeLine(line)) paise += sign * line.totalPaise;
    }
  }
  return paise;
}

/**
 * The same figure per IST day a document was issued on (YYYY-MM-DD → paise): a credit note counts on the day it
 * gave the fee back, not on its sale's day, so the days add up to convenienceFeeRevenuePaise. Days without a fee
 * line are absent.
 */
export function convenienceFeeRevenueByDay(
  documents: Iterable<FeeRevenueDocument & { issuedAt: string }>,
): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const document of documents) {
    if (!document.lines.some(isConvenienceFeeLine)) continue;
    const day = istDate(new Date(document.issuedAt));
    byDay.set(day, (byDay.get(day) ?? 0) + convenienceFeeRevenuePaise([document]));
  }
  return byDay;
}
