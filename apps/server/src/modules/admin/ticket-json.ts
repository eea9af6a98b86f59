import type { AdminTicket } from '@utsav/domain/api/admin-tickets';
import type { TicketView } from '../../stores/tickets';
import { toTicketJson } from '../tickets/presenter';

// A ticket as the staff list shows it (@utsav/domain/api/admin-tickets adminTicketSchema): the ticket's own JSON
// and what decides which status changes the server allows, what each does to money and whether it may be deleted.

export function toAdminTicketJson(ticket: TicketView, refunded: ReadonlySet<string>): AdminTicket {
  return {
    ...toTicketJson(ticket),
    refunded: refunded.has(ticket.id),
    paymentReceived: ticket.payment_received === 1,
    fromOrder: ticket.order_id !== null,
  };
}
