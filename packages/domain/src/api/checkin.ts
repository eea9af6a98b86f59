import { z } from 'zod';
import { SYNC_OUTCOMES } from '../checkin-schema';
import { lazySchema } from '../lazy-schema';
import { SHOWN_TICKET_STATUSES, ticketSchema, ticketTypeMarkSchema } from './tickets';

// The answers of the gate's calls. Shapes only: see tickets.ts.

/** POST /tickets/verify-qr: the ticket the code names; nothing is changed. */
export const scannedTicketResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticket: ticketSchema,
  }),
);

/** POST /tickets/mark-used and POST /tickets/checkin/admit: the holder is in ('Entry Allowed'). */
export const admittedResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticket: ticketSchema,
    message: z.string(),
  }),
);

/**
 * The refused ticket in a gate's 400 (ALREADY_USED, TICKET_CANCELLED, TICKET_TRANSFERRED): when it was used and by
 * whom, when cancelled, and whose ticket it is, so the volunteer can tell the guest in front of them from the one
 * already inside.
 */
export const refusedTicketSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The printed code, UT-XXXXXXXXXX. */
    ticketId: z.string(),
    status: z.enum(SHOWN_TICKET_STATUSES),
    usedAt: z.string().nullable(),
    scannedBy: z.object({ name: z.string() }).nullable(),
    cancelledAt: z.string().nullable(),
    holderName: z.string(),
  }),
);

export type RefusedTicket = z.infer<typeof refusedTicketSchema>;

/**
 * The extra fields of 400 ALREADY_USED beside the error envelope: the first admission at the top level (our
 * scanner), and the ticket (older clients read its usedAt and scannedBy). All optional on reading: an older server
 * sends fewer.
 */
export const alreadyUsedBodySchema = lazySchema(() =>
  z.object({
    usedAt: z.string().nullable().optional(),
    scannedBy: z.object({ name: z.string() }).nullable().optional(),
    insideSince: z.string().nullable().optional(),
    ticket: refusedTicketSchema.partial().nullable().optional(),
  }),
);

/** POST /tickets/checkin/undo: the admission is taken back, the ticket active again ('Entry undone'). */
export const undoneResponseSchema = lazySchema(() => admittedResponseSchema);

/** POST /tickets/mark-exit: the holder is out on a pass ('Exit recorded'). */
export const exitedResponseSchema = lazySchema(() => admittedResponseSchema);

/**
 * A ticket as a gate device keeps it for offline scanning: ids, state and the holder's first name, with a
 * keyed hash of its code (never the code: a lost phone must not hand out typeable codes).
 */
export const snapshotTicketSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(SHOWN_TICKET_STATUSES),
    holderFirstName: z.string(),
    usedAt: z.string().nullable(),
    /** Set while the holder is out on a pass (re-entry); null when inside or never admitted. */
    exitedAt: z.string().nullable(),
    /** ticketCodeDigest(codeKey, ticket id, ticket code), see ../ticket-code. */
    codeDigest: z.string(),
    /** Its type, one of the snapshot's ticketTypes (null: a ticket of no type). Absent from older lists. */
    ticketTypeId: z.string().nullable().optional(),
    /** People it admits. Absent from older lists. */
    admits: z.number().optional(),
    /** True on a cancelled ticket its owner resold: offline, the gate says "Ticket Resold". Absent otherwise. */
    resold: z.literal(true).optional(),
  }),
);

/** A type once per list, not per ticket: the gate shows it as the scanner does ("Couple pass · admits 2"). */
export const snapshotTicketTypeSchema = lazySchema(() => ticketTypeMarkSchema.omit({ admits: true }));

export type SnapshotTicketType = z.infer<typeof snapshotTicketTypeSchema>;

/** GET /tickets/checkin/snapshot: what a gate device needs to keep admitting guests offline. */
export const checkinSnapshotResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    eventId: z.string(),
    eventName: z.string(),
    /** The event's Ed25519 public key (base64url) that verifies its ticket QR tokens offline. */
    publicKey: z.string(),
    reentryAllowed: z.boolean(),
    /** Random per snapshot: the key of every codeDigest in it. */
    codeKey: z.string(),
    generatedAt: z.string(),
    tickets: z.array(snapshotTicketSchema),
    /** The event's types, named in the reader's language. Absent from older lists. */
    ticketTypes: z.array(snapshotTicketTypeSchema).optional(),
  }),
);

export type CheckinSnapshot = z.infer<typeof checkinSnapshotResponseSchema>;

/** What the server made of one admission a device made offline. */
export const syncResultSchema = lazySchema(() =>
  z.object({
    localId: z.string(),
    ticketId: z.string(),
    outcome: z.enum(SYNC_OUTCOMES),
    /** The ticket's printed code (UT-XXXXXXXXXX), when the server found the ticket and refused the pass. */
    ticketCode: z.string().optional(),
    usedAt: z.string().nullable().optional(),
    scannedBy: z.object({ name: z.string() }).optional(),
  }),
);

export type SyncResult = z.infer<typeof syncResultSchema>;

/** POST /tickets/checkin/sync. */
export const syncResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    results: z.array(syncResultSchema),
    /** Admissions another gate had already made. */
    conflicts: z.number(),
  }),
);
