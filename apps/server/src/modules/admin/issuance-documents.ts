import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import { renderSeparateTicketsZip, renderTicketsPdf } from '../../platform/documents/render';
import type { TicketsPdfInput } from '../../platform/documents/ticket-pdf';
import type { OrganiserContact } from '../../platform/documents/types';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import type { TicketView } from '../../stores/tickets';
import { findTicketViewsByIds } from './tickets-repo';

// PDFs of chosen tickets for staff (POST /tickets/admin/generate-pdf and generate-separate-pdfs): the
// manual issuance success dialog downloads the family's tickets as a zip of one PDF each.

async function loadTickets(ctx: AppContext, ids: readonly string[]): Promise<TicketView[]> {
  const unique = [...new Set(ids)];
  const tickets = await findTicketViewsByIds(ctx.db, unique);
  if (tickets.length !== unique.length) {
    const found = new Set(tickets.map((ticket) => ticket.id));
    const missing = unique.filter((id) => !found.has(id));
    throw new AppError(
      'TICKET_NOT_FOUND',
      missing.length === 1
        ? 'Ticket not found'
        : msg('{{count}} tickets were not found', { count: missing.length }),
      missing.map((id) => ({ field: id, message: 'Ticket not found' })),
    );
  }
  // In the order asked for: the dialog lists them as issued.
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return unique.map((id) => byId.get(id)!);
}

function pdfInput(tickets: TicketView[], organiser: OrganiserContact): TicketsPdfInput {
  const first = tickets[0]!;
  return {
    organiser,
    event: {
      name: first.event_name,
      date: first.event_date,
      startTime: first.event_start_time,
      endTime: first.event_end_time,
      venue: first.event_venue,
    },
    holderName: first.owner_name,
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      code: ticket.ticket_code,
      qrToken: ticket.qr_token,
      price: paiseToRupees(ticket.price_paise),
      status: ticket.status,
      holderName: ticket.holder_name,
    })),
  };
}

export async function ticketsPdf(ctx: AppContext, ids: readonly string[]): Promise<Uint8Array> {
  return renderTicketsPdf(pdfInput(await loadTickets(ctx, ids), await ctx.organiser()));
}

/** A zip of one PDF per ticket, named after the recipient (the first ticket's owner) and today's IST date. */
export async function separateTicketsZip(
  ctx: AppContext,
  ids: readonly string[],
): Promise<{ filename: string; bytes: Uint8Array }> {
  const tickets = await loadTickets(ctx, ids);
  return renderSeparateTicketsZip({
    ...pdfInput(tickets, await ctx.organiser()),
    recipientName: tickets[0]!.owner_name,
    date: ctx.now(),
  });
}
