import type { AdminTicket } from '@utsav/domain/api/admin-tickets';
import type { TicketDocument } from '@utsav/domain/api/tickets';
import type { Language } from '@utsav/domain/languages';
import type { TicketView } from '../../stores/tickets';
import { toTicketJson } from '../tickets/presenter';

// A ticket as the staff list shows it (@utsav/domain/api/admin-tickets adminTicketSchema): the ticket's own JSON
// and what decides which status changes the server allows, what each does to money and whether it may be deleted.

/** The type is named in the reader's language, as every other view of a ticket names it. */
export function toAdminTicketJson(
  ticket: TicketView,
  refunded: ReadonlySet<string>,
  language: Language = 'en',
  documents?: ReadonlyMap<string, TicketDocument[]>,
): AdminTicket {
  return {
    ...toTicketJson(ticket, language),
    ...(documents ? { documents: documents.get(ticket.id) ?? [] } : {}),
    refunded: refunded.has(ticket.id),
    paymentReceived: ticket.payment_received === 1,
    fromOrder: ticket.order_id !== null,
  };
}
