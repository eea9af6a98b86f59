// A ticket as GET /tickets/my-tickets returns it (docs/product.md#my-tickets), normalised once at the edge.

export type TicketStatus = 'active' | 'used' | 'cancelled' | 'transferred';

export interface Ticket {
  id: string;
  ticketId: string;
  eventName: string;
  /** Rupees paid for this ticket. */
  price: number;
  status: TicketStatus;
  createdAt: string | null;
  updatedAt: string | null;
  entryTime: string | null;
  usedAt: string | null;
  scannedBy: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** The signed token the gate scans; the QR image is drawn from it in the browser. */
  qrCode: string;
  holderName: string;
  ownerName: string;
  issuedByAdmin: boolean;
  orderId: string | null;
  /** The event's IST day (YYYY-MM-DD) and times, for the ticket's own image. */
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  /** Sent to someone else: to whom and when. */
  transfer: { toName: string; toEmail: string; at: string } | null;
  /** Received by transfer (cannot be cancelled for a refund). */
  receivedByTransfer: boolean;
}

function toTransfer(value: unknown): Ticket['transfer'] {
  if (!value || typeof value !== 'object') return null;
  const transfer = value as Record<string, unknown>;
  const toName = text(transfer.toName);
  const at = text(transfer.at);
  return toName && at ? { toName, toEmail: text(transfer.toEmail) ?? '', at } : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const named = (value: unknown): string | null =>
  value && typeof value === 'object' ? text((value as { name?: unknown }).name) : text(value);

export function toTicket(raw: unknown): Ticket | null {
  if (!raw || typeof raw !== 'object') return null;
  const ticket = raw as Record<string, unknown>;
  const id = text(ticket.id) ?? text(ticket._id);
  if (!id) return null;
  const status =
    ticket.status === 'used' || ticket.status === 'cancelled' || ticket.status === 'transferred'
      ? ticket.status
      : 'active';
  const metadata = (ticket.metadata && typeof ticket.metadata === 'object' ? ticket.metadata : {}) as {
    issuedByAdmin?: unknown;
  };
  const ownerName = named(ticket.user) ?? '';
  const event = (ticket.event && typeof ticket.event === 'object' ? ticket.event : {}) as Record<
    string,
    unknown
  >;
  return {
    id,
    ticketId: text(ticket.ticketId) ?? id,
    eventName: text(ticket.eventName) ?? '',
    price: typeof ticket.price === 'number' && Number.isFinite(ticket.price) ? ticket.price : 0,
    status,
    createdAt: text(ticket.createdAt),
    updatedAt: text(ticket.updatedAt),
    entryTime: text(ticket.entryTime) ?? text(ticket.usedAt),
    usedAt: text(ticket.usedAt),
    scannedBy: named(ticket.scannedBy),
    cancelledAt: text(ticket.cancelledAt),
    cancellationReason: text(ticket.cancellationReason),
    qrCode: text(ticket.qrCode) ?? '',
    holderName: text(ticket.holderName) ?? ownerName,
    ownerName,
    issuedByAdmin: metadata.issuedByAdmin === true,
    orderId: text(ticket.orderId),
    eventDate: text(event.date)?.slice(0, 10) ?? null,
    eventStartTime: text(event.startTime),
    eventEndTime: text(event.endTime),
    transfer: toTransfer(ticket.transfer),
    receivedByTransfer: ticket.receivedByTransfer === true,
  };
}

export function toTickets(raw: unknown): Ticket[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(toTicket).filter((ticket): ticket is Ticket => ticket !== null);
}
