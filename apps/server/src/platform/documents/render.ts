import { renderOffThread } from './off-thread';
import type { TaxInvoicePdfInput } from './tax-invoice-pdf';
import type { SeparateTicketsZipInput } from './ticket-bundle';
import type { TicketsPdfInput } from './ticket-pdf';

// What the rest of the server asks for: documents made in the document worker (off-thread.ts). Only types come
// from the modules that draw them, so pdf-lib and the font shaper load in the worker, the first time a document
// is asked for, and never on the thread that answers requests (they were a fifth of the server's start-up).

/**
 * One A5 page per ticket (ticket-pdf.ts): event, date and time (IST), venue, holder, price, ticket id and a
 * large QR of the ticket's signed token.
 */
export async function renderTicketsPdf(input: TicketsPdfInput): Promise<Uint8Array> {
  // Refused here too, so the caller's stack says who asked.
  if (input.tickets.length === 0) throw new Error('renderTicketsPdf needs at least one ticket');
  return (await renderOffThread({ kind: 'tickets-pdf', input })).bytes;
}

/** A tax invoice, bill of supply or credit note as a PDF (tax-invoice-pdf.ts). */
export async function renderTaxInvoicePdf(input: TaxInvoicePdfInput): Promise<Uint8Array> {
  return (await renderOffThread({ kind: 'tax-invoice-pdf', input })).bytes;
}

/**
 * One PDF per ticket in a zip (POST /tickets/admin/generate-separate-pdfs, ticket-bundle.ts): the organiser
 * forwards each family member their own ticket.
 */
export async function renderSeparateTicketsZip(
  input: SeparateTicketsZipInput,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const file = await renderOffThread({ kind: 'tickets-zip', input });
  return { filename: file.filename!, bytes: file.bytes };
}
