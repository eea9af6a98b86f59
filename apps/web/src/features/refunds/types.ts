import type { Ticket } from '@utsav/domain/api/tickets';

/** What the cancel dialog needs to know about a ticket. */
export type CancellableTicket = Pick<
  Ticket,
  'id' | 'ticketId' | 'eventName' | 'price' | 'status' | 'metadata' | 'receivedByTransfer'
>;
