import { z } from 'zod';
import { TICKET_FILTER_MESSAGES } from '../admin-tickets-schema';
import { lazySchema } from '../lazy-schema';
import { SHOWN_TICKET_STATUSES } from '../ticket-status';
import { ticketAnswerSchema } from './checkout-questions';

// GET /admin/attendees/export?format=csv|json: who is coming, one row per ticket. Shapes only; the CSV's columns
// are these fields (in the admin's language) with one column per checkout question.

export const attendeeExportQuerySchema = lazySchema(() =>
  z.object({
    format: z.enum(['csv', 'json'], { error: TICKET_FILTER_MESSAGES.format }).default('csv'),
  }),
);

export const attendeeRowSchema = lazySchema(() =>
  z.object({
    /** The ticket's id, and the printed code (UT-…) a guest reads out. */
    id: z.string(),
    code: z.string(),
    /** The name on the ticket. */
    holderName: z.string(),
    /** The account the ticket is in: who bought it, or was given or sent it. */
    buyerName: z.string(),
    email: z.string(),
    /** The mobile number answered at checkout for this ticket (else for its order), else the account's; or null. */
    phone: z.string().nullable(),
    /** The ticket type's name, or null for a ticket of the night before types existed. */
    ticketType: z.string().nullable(),
    /** Rupees paid for this ticket. */
    pricePaid: z.number(),
    status: z.enum(SHOWN_TICKET_STATUSES),
    /** The first admission at the gate (ISO instant), or null when not yet in. */
    entryTime: z.string().nullable(),
    /** Its order's answers and its own, as staff read them. */
    answers: z.array(ticketAnswerSchema),
  }),
);

export type AttendeeRow = z.infer<typeof attendeeRowSchema>;

/** The JSON export: written as a stream, it parses to this. */
export const attendeeExportResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    attendees: z.array(attendeeRowSchema),
  }),
);

export type AttendeeExport = z.infer<typeof attendeeExportResponseSchema>;
