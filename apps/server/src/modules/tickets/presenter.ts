import type { Ticket, TicketTypeMark } from '@utsav/domain/api/tickets';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { shownTicketStatus } from '@utsav/domain/ticket-status';
import { DEFAULT_TYPE_COLOUR, typeName } from '@utsav/domain/ticket-types';
import { qrDataUrl } from '../../platform/documents/qr-data-url';
import type { TicketView } from '../../stores/tickets';

// A ticket row as the API shows it: its shape is @utsav/domain/api/tickets' ticketSchema (the fields the
// original contract names, docs/contracts.md, with the MongoDB-era `_id` alias kept).

/** The columns a ticket's type is shown from: a ticket view's, or a gate fast path's own row. */
export interface TypeMarkColumns {
  ticket_type_id?: string | null;
  admits?: number | null;
  type_name: string | null;
  type_name_hi: string | null;
  type_name_gu: string | null;
  type_colour: string | null;
}

/** The ticket's type named for the reader; admits is the ticket's own (what it was sold admitting). */
export function ticketTypeMark(row: TypeMarkColumns, language: Language): TicketTypeMark | null {
  if (!row.ticket_type_id || row.type_name == null) return null;
  return {
    id: row.ticket_type_id,
    name: typeName({ name: row.type_name, nameHi: row.type_name_hi, nameGu: row.type_name_gu }, language),
    colour: row.type_colour ?? DEFAULT_TYPE_COLOUR,
    admits: Number(row.admits ?? 1),
  };
}

/** The ticket as the API shows it; its type is named in `language` (the reader's, English by default). */
export function toTicketJson(ticket: TicketView, language: Language = 'en'): Ticket {
  return {
    id: ticket.id,
    _id: ticket.id,
    ticketId: ticket.ticket_code,
    eventId: ticket.event_id,
    eventName: ticket.event_name,
    event: {
      name: ticket.event_name,
      date: ticket.event_date,
      startTime: ticket.event_start_time,
      endTime: ticket.event_end_time,
      venue: ticket.event_venue,
    },
    price: paiseToRupees(ticket.price_paise),
    status: shownTicketStatus({ status: ticket.status, transferredAt: ticket.transferred_at }),
    createdAt: ticket.created_at,
    updatedAt: ticket.updated_at,
    // The moment the guest was admitted at the gate: the same instant as usedAt.
    entryTime: ticket.used_at,
    usedAt: ticket.used_at,
    exitedAt: ticket.exited_at ?? null,
    scannedBy: ticket.scanner_name === null ? null : { name: ticket.scanner_name },
    cancelledAt: ticket.cancelled_at,
    cancellationReason: ticket.cancellation_reason,
    resoldAt: ticket.resold_at ?? null,
    qrCode: ticket.qr_token,
    // Stored with the ticket once made (qr-images.ts), else made now from the per-process cache.
    qrCodeImage: ticket.qr_image ?? qrDataUrl(ticket.qr_token),
    user: { name: ticket.owner_name, email: ticket.owner_email },
    holderName: ticket.holder_name,
    metadata: {
      issuedByAdmin: Boolean(ticket.issued_by_admin),
      issuedBy: ticket.issuer_name === null ? null : { name: ticket.issuer_name },
      notes: ticket.notes,
    },
    orderId: ticket.razorpay_order_id,
    transfer:
      ticket.transferred_at && ticket.transfer_recipient_name !== null
        ? {
            toName: ticket.transfer_recipient_name,
            toEmail: ticket.transfer_recipient_email ?? '',
            at: ticket.transferred_at,
          }
        : null,
    receivedByTransfer: Boolean(ticket.transferred_from_ticket_id),
    ticketType: ticketTypeMark(ticket, language),
  };
}
