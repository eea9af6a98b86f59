import { z } from 'zod';
import type { TicketView } from '../../stores/tickets';
import { ticketJsonSchema, toTicketJson } from '../tickets/presenter';

// A ticket as the staff list shows it: the ticket's own JSON and what decides which status changes the server
// allows, what each does to money and whether it may be deleted (@utsav/domain/ticket-status-change
// allowedStatusChanges, statusChangeMoneyNote, ticketDeletionRefusal), so the screen offers exactly what the server
// accepts.

export const adminTicketJsonSchema = ticketJsonSchema.extend({
  /** A refund not called off holds this ticket's money: it can never be re-activated. */
  refunded: z.boolean(),
  /** For a ticket issued by hand: whether its payment (cash or UPI) was received. */
  paymentReceived: z.boolean(),
  /** Issued by an order (bought, or free through checkout): never deleted (ticketDeletionRefusal). */
  fromOrder: z.boolean(),
});

export type AdminTicketJson = z.infer<typeof adminTicketJsonSchema>;

export function toAdminTicketJson(ticket: TicketView, refunded: ReadonlySet<string>): AdminTicketJson {
  return {
    ...toTicketJson(ticket),
    refunded: refunded.has(ticket.id),
    paymentReceived: ticket.payment_received === 1,
    fromOrder: ticket.order_id !== null,
  };
}
