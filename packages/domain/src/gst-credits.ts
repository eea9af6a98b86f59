import {
  creditOf,
  type GstRates,
  type SaleLine,
  sumParts,
  type TaxedDocument,
  type TaxParts,
  taxDocument,
} from './gst';

// Credit notes and fee documents (docs/decisions/1403-credit-notes-and-fees.md; the figures of one line: ./gst).
//
// - A credit note refers to one sale document and reverses, line by line, what was given back. A cancelled
//   ticket reverses its whole price on its line (what was paid for it after any discount); the deduction kept is
//   a separate supply with its own tax invoice (feeDocument). A refunded late payment reverses every line whole.
// - Each line's credits go through creditOf: in the line's own proportion, the one that empties a line taking
//   exactly what is left. So, for any sale: its document − its credit notes + its fee documents = what the
//   organiser kept, to the paisa.
// - A fee the organiser keeps (a transfer fee, a cancellation deduction) is a service taxed at the rate whatever
//   its size: a tax invoice when registered, a receipt when not.

/** A credit note's line: the parts reversed, and which line of the original document they reverse. */
export interface CreditedLine extends TaxParts {
  /** The index of the line in the original document's lines. */
  line: number;
}

export interface CreditRequest {
  line: number;
  /** What is given back on that line (paise): a ticket's whole price, or all that remains of the line. */
  amountPaise: number;
}

/** What remains on each line of a document after earlier credit notes (their lines). */
export function remainingOnLines(lines: readonly TaxParts[], earlier: readonly CreditedLine[]): TaxParts[] {
  const credited = creditedPerLine(lines.length, earlier);
  return lines.map((line, index) => minus(line, credited[index]!));
}

function creditedPerLine(count: number, earlier: readonly CreditedLine[]): TaxParts[] {
  const credited = Array.from({ length: count }, () => sumParts([]));
  for (const credit of earlier) {
    if (credit.line < 0 || credit.line >= count) throw new RangeError(`No line ${credit.line} to credit`);
    credited[credit.line] = sumParts([credited[credit.line]!, credit]);
  }
  return credited;
}

function minus(a: TaxParts, b: TaxParts): TaxParts {
  return {
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    totalPaise: a.totalPaise - b.totalPaise,
  };
}

/**
 * The lines and totals of a credit note against a document whose lines are `lines`, after the credit notes
 * already issued against it (`earlier`, their lines). Requests on the same line are applied one after the other.
 * Throws when a request would give back more than remains of its line.
 */
export function creditNote(
  lines: readonly TaxParts[],
  earlier: readonly CreditedLine[],
  requests: readonly CreditRequest[],
): { lines: CreditedLine[]; totals: TaxParts } {
  const credited = creditedPerLine(lines.length, earlier);
  const out: CreditedLine[] = [];
  for (const request of requests) {
    const line = lines[request.line];
    if (!line) throw new RangeError(`No line ${request.line} to credit`);
    const parts = creditOf(line, credited[request.line]!, request.amountPaise);
    credited[request.line] = sumParts([credited[request.line]!, parts]);
    out.push({ line: request.line, ...parts });
  }
  return { lines: out, totals: sumParts(out) };
}

/** Everything that remains of a document, line by line: a whole refund (a late payment given back). */
export function wholeRemainder(
  lines: readonly TaxParts[],
  earlier: readonly CreditedLine[],
): CreditRequest[] {
  return remainingOnLines(lines, earlier)
    .map((remaining, line) => ({ line, amountPaise: remaining.totalPaise }))
    .filter((request) => request.amountPaise > 0);
}

/** A sale's line as a returned ticket is matched to it: its ticket type and what one ticket of it cost. */
export interface CreditableSaleLine {
  ticketTypeId: string | null;
  paidPerTicketPaise: number;
}

/**
 * The line of a sale a returned ticket is credited on: the first of its type at its price with at least that
 * much left (two lines may share a type and price). A sale of one admission line (an order from before lines per
 * type) takes every ticket on it. -1 when none fits: the ticket is not part of this sale, or is credited already.
 */
export function lineOfTicket(
  lines: readonly CreditableSaleLine[],
  remaining: readonly TaxParts[],
  ticket: { ticketTypeId: string | null; pricePaise: number },
): number {
  // The admission line comes first; a convenience fee's line, when the sale had one, follows it.
  if (lines.length === 0) return (remaining[0]?.totalPaise ?? 0) >= ticket.pricePaise ? 0 : -1;
  return lines.findIndex(
    (line, index) =>
      line.ticketTypeId === ticket.ticketTypeId &&
      line.paidPerTicketPaise === ticket.pricePaise &&
      (remaining[index]?.totalPaise ?? 0) >= ticket.pricePaise,
  );
}

export const FEE_KINDS = ['transfer', 'cancellation', 'convenience'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** How a fee's line reads on its document (English, as every document; the PDF adds the reader's language). */
export const FEE_DESCRIPTIONS: Record<FeeKind, string> = {
  transfer: 'Ticket transfer fee',
  cancellation: 'Cancellation charge (kept from the refund)',
  convenience: 'Convenience fee',
};

/** A fee's line; `quantity` the tickets it was charged on (a convenience fee), 1 for a fee charged once. */
export function feeLine(kind: FeeKind, amountPaise: number, sacCode: string, quantity = 1): SaleLine {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError(`A fee of ${amountPaise} paise is not a fee`);
  }
  return { description: FEE_DESCRIPTIONS[kind], sacCode, quantity, amountPaise, admits: 1, kind: 'fee' };
}

/** The document of a fee the organiser kept: taxed at the rate whatever its size (a receipt when unregistered). */
export function feeDocument(
  kind: FeeKind,
  amountPaise: number,
  sacCode: string,
  rates: GstRates,
): TaxedDocument {
  return taxDocument([feeLine(kind, amountPaise, sacCode)], rates);
}
