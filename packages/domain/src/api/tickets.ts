import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { SHOWN_TICKET_STATUSES, type ShownTicketStatus } from '../ticket-status';

// What the server sends for a ticket, and the answers that carry tickets. The server writes its answers
// with these schemas and the web reads them with the same ones: one definition of each shape.
//
// Answer schemas describe shapes only (types, no refinements): the server has already checked the values, and
// a plain shape keeps an answer on the server's quick serialisation path (platform/response-serializer.ts).

// A ticket's status as the API shows it: @utsav/domain/ticket-status (a ticket given away by a transfer is stored as
// cancelled with a transfer time, and shown as transferred).
export { SHOWN_TICKET_STATUSES, type ShownTicketStatus };

/** A ticket's type as every view of the ticket shows it ("Couple pass · admits 2", in the type's colour). */
export const ticketTypeMarkSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    colour: z.string(),
    admits: z.number(),
  }),
);

export type TicketTypeMark = z.infer<typeof ticketTypeMarkSchema>;

/**
 * A tax document a ticket's card offers that no checkout order reaches (GET /tickets/documents?number=…): the
 * document of tickets staff issued with payment received (`issuance`), the invoice of a transfer's fee
 * (`transfer-fee`) and its credit note when that fee went back (`transfer-fee-refund`).
 */
export const ticketDocumentSchema = lazySchema(() =>
  z.object({
    number: z.string(),
    kind: z.enum(['tax-invoice', 'bill-of-supply', 'receipt', 'credit-note']),
    of: z.enum(['issuance', 'transfer-fee', 'transfer-fee-refund']),
  }),
);

export type TicketDocument = z.infer<typeof ticketDocumentSchema>;

export const ticketSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The id under its older name, for clients written against it. */
    _id: z.string(),
    /** The short code printed on the ticket and typed at the gate. */
    ticketId: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    /** The event's IST calendar day (YYYY-MM-DD) and hours, for the ticket's own image and print. */
    event: z.object({
      name: z.string(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      venue: z.string(),
    }),
    /** Rupees paid for this ticket. */
    price: z.number(),
    status: z.enum(SHOWN_TICKET_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When the holder was admitted at the gate: the same instant as usedAt. */
    entryTime: z.string().nullable(),
    usedAt: z.string().nullable(),
    /** Set while the holder is out on a pass (re-entry); null when inside or never admitted. */
    exitedAt: z.string().nullable(),
    scannedBy: z.object({ name: z.string() }).nullable(),
    cancelledAt: z.string().nullable(),
    cancellationReason: z.string().nullable(),
    /** When its resale sold it (it is then cancelled): the gate says "Ticket Resold", the card "Resold". */
    resoldAt: z.string().nullable(),
    /** The signed token the gate scans. */
    qrCode: z.string(),
    /** The QR of qrCode as a PNG data URL, for clients that do not draw it themselves. */
    qrCodeImage: z.string(),
    /** Who bought it (the account that owns it). */
    user: z.object({ name: z.string(), email: z.string() }),
    /** Who it is for: the owner's name unless the owner named someone. */
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
    /** Its ticket type: the name in the reader's language, the colour shown at the gate, people it admits. */
    ticketType: ticketTypeMarkSchema.nullable(),
    /**
     * The documents of this ticket that only their number reaches, for whoever may read them: sent on My Tickets
     * (the owner's issued sale, the sender's transfer fee) and on the staff's ticket list; absent elsewhere.
     */
    documents: z.array(ticketDocumentSchema).optional(),
  }),
);

export type Ticket = z.infer<typeof ticketSchema>;

/** GET /tickets/my-tickets: the signed-in person's tickets, newest first. */
export const myTicketsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    tickets: z.array(ticketSchema),
  }),
);

/** GET /tickets/{id} and PATCH /tickets/{id}/holder: one ticket as it is now. */
export const oneTicketResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticket: ticketSchema,
  }),
);
