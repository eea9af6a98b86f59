import { paiseToRupees } from '@utsav/domain/pricing';
import { SHOWN_TICKET_STATUSES, shownTicketStatus } from '@utsav/domain/ticket-status';
import { z } from 'zod';
import { qrDataUrl } from '../../platform/documents/qr-data-url';
import type { TicketView } from '../../stores/tickets';

// The ticket with the fields the original contract names (docs/contracts.md), with the MongoDB-era `_id` alias kept.

export const ticketJsonSchema = z.object({
  id: z.string(),
  _id: z.string(),
  ticketId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  event: z.object({
    name: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    venue: z.string(),
  }),
  price: z.number(),
  // As shown everywhere (@utsav/domain/ticket-status): a ticket revoked by a transfer is 'transferred'.
  status: z.enum(SHOWN_TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  entryTime: z.string().nullable(),
  usedAt: z.string().nullable(),
  /** Set while the holder is out on a pass (re-entry); null when inside or never admitted. */
  exitedAt: z.string().nullable(),
  scannedBy: z.object({ name: z.string() }).nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  qrCode: z.string(),
  /** The QR of qrCode as a PNG data URL (made once per token; see qr-images.ts). */
  qrCodeImage: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  holderName: z.string(),
  metadata: z.object({
    issuedByAdmin: z.boolean(),
    issuedBy: z.object({ name: z.string() }).nullable(),
    notes: z.string().nullable(),
  }),
  orderId: z.string().nullable(),
  /** Sent to someone else: to whom and when. */
  transfer: z.object({ toName: z.string(), toEmail: z.string(), at: z.string() }).nullable(),
  /** Received by transfer: such a ticket cannot be cancelled for a refund. */
  receivedByTransfer: z.boolean(),
});

export type TicketJson = z.infer<typeof ticketJsonSchema>;

export function toTicketJson(ticket: TicketView): TicketJson {
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
  };
}
