import { renderTicketsPdf, shortTicketId, type TicketsPdfInput } from './ticket-pdf';
import { manualIssuanceZipName, safeFileName, zipFiles } from './zip';

export interface SeparateTicketsZipInput extends TicketsPdfInput {
  /** Names the zip (admin-side: "named after the recipient and the date"). */
  recipientName: string;
  /** The IST day in the zip's name; an instant is converted, a YYYY-MM-DD string is used as is. */
  date: string | Date;
}

/**
 * One PDF per ticket in a zip (POST /tickets/admin/generate-separate-pdfs): the organiser forwards each
 * family member their own ticket. Files are `Ticket-<last 8 of id>-<name>.pdf`.
 */
export async function renderSeparateTicketsZip(
  input: SeparateTicketsZipInput,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const files = [];
  for (const ticket of input.tickets) {
    const pdf = await renderTicketsPdf({ ...input, tickets: [ticket] });
    const holder = safeFileName(ticket.holderName?.trim() || input.holderName, '');
    files.push({
      name: `Ticket-${safeFileName(shortTicketId(ticket.id), 'ticket')}${holder ? `-${holder}` : ''}.pdf`,
      bytes: pdf,
    });
  }
  return { filename: manualIssuanceZipName(input.recipientName, input.date), bytes: zipFiles(files) };
}
