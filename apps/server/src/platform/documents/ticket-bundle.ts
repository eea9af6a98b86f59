import { renderTicketsPdfHere, type TicketsPdfInput } from './ticket-pdf';
import { manualIssuanceZipName, safeFileName, zipFiles } from './zip';

export interface SeparateTicketsZipInput extends TicketsPdfInput {
  /** Names the zip after the recipient and the date (docs/product.md#manual-issuance). */
  recipientName: string;
  /** The IST day in the zip's name; an instant is converted, a YYYY-MM-DD string is used as is. */
  date: string | Date;
}

/**
 * One PDF per ticket in a zip: files are `Ticket-<UT code>-<name>.pdf`; each page still says "Ticket 2 of 3".
 * What the document worker runs (the server asks through render.ts's renderSeparateTicketsZip).
 */
export async function renderSeparateTicketsZipHere(
  input: SeparateTicketsZipInput,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const files = [];
  for (const [index, ticket] of input.tickets.entries()) {
    const position = { index, count: input.tickets.length };
    const pdf = await renderTicketsPdfHere({ ...input, tickets: [{ ...ticket, position }] });
    const holder = safeFileName(ticket.holderName?.trim() || input.holderName, '');
    files.push({
      name: `Ticket-${safeFileName(ticket.code, 'ticket')}${holder ? `-${holder}` : ''}.pdf`,
      bytes: pdf,
    });
  }
  return { filename: manualIssuanceZipName(input.recipientName, input.date), bytes: zipFiles(files) };
}
