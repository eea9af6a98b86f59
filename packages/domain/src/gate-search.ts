import { z } from 'zod';
import { ticketTypeMarkSchema } from './api/tickets';
import { lazySchema } from './lazy-schema';
import { SHOWN_TICKET_STATUSES } from './ticket-status';

// Finding a guest at the gate (docs/product.md#gate-scanner): when a guest's phone is dead, a volunteer searches the
// current event's tickets by name, email or ticket code and admits from the result. The server and the
// scanner page share these schemas and limits.

/** Fewer characters would match half the guest list ("a"), and list names to anyone who types them. */
export const GATE_SEARCH_MIN_CHARS = 3;
export const GATE_SEARCH_MAX_CHARS = 100;
/** A gate needs the one guest in front of it; more than this means "type more of the name". */
export const GATE_SEARCH_LIMIT = 20;

export const GATE_SEARCH_MESSAGES = {
  tooShort: `Type at least ${GATE_SEARCH_MIN_CHARS} letters of a name, an email or a ticket code`,
  tooLong: `Type at most ${GATE_SEARCH_MAX_CHARS} characters`,
} as const;

/** Characters as a person counts them (code points), so a Devanagari or Gujarati name is not cut short. */
function characters(text: string): number {
  return [...text].length;
}

/** GET /tickets/checkin/search?q=… */
export const gateSearchQuerySchema = lazySchema(() =>
  z.object({
    q: z
      .string({ error: GATE_SEARCH_MESSAGES.tooShort })
      .trim()
      .refine((text) => characters(text) >= GATE_SEARCH_MIN_CHARS, GATE_SEARCH_MESSAGES.tooShort)
      .refine((text) => characters(text) <= GATE_SEARCH_MAX_CHARS, GATE_SEARCH_MESSAGES.tooLong),
  }),
);

export type GateSearchQuery = z.infer<typeof gateSearchQuerySchema>;

/** POST /tickets/checkin/admit: admits a ticket found by search; logged with method 'search'. */
export const gateAdmitRequestSchema = lazySchema(() =>
  z.object({
    ticketId: z.string({ error: 'ticketId is required' }).trim().min(1, 'ticketId is required').max(100),
    deviceId: z.string().trim().max(100, 'must be at most 100 characters').nullish(),
    gate: z.string().trim().max(100, 'must be at most 100 characters').nullish(),
  }),
);

export type GateAdmitRequest = z.infer<typeof gateAdmitRequestSchema>;

export const foundTicketSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The printed code, UT-XXXXXXXXXX. */
    ticketId: z.string(),
    holderName: z.string(),
    /** The buyer, when someone else holds the ticket. */
    ownerName: z.string(),
    /** Masked (maskEmail): enough to confirm with the guest, not a list of addresses. */
    ownerEmail: z.string(),
    status: z.enum(SHOWN_TICKET_STATUSES),
    usedAt: z.string().nullable(),
    /** Set while the holder is out on a pass (re-entry on). */
    exitedAt: z.string().nullable(),
    /** Its type as the scanner shows it ("Couple pass · admits 2"), named in the reader's language. */
    ticketType: ticketTypeMarkSchema.nullable(),
    /** The mobile number the buyer gave at checkout for this ticket ('+91 98765 43210'), so a volunteer can call. */
    phone: z.string().nullable().optional(),
  }),
);

export const gateSearchResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    tickets: z.array(foundTicketSchema),
    /** True when more tickets matched than were sent. */
    more: z.boolean(),
  }),
);

export type FoundTicket = z.infer<typeof foundTicketSchema>;
export type GateSearchResponse = z.infer<typeof gateSearchResponseSchema>;

/**
 * "ka•••@example.com": the guest can confirm it is theirs; a volunteer scrolling results does not collect
 * addresses. At most two characters of the local part are shown, none when it is that short.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  const local = [...email.slice(0, at)];
  const shown = local.length > 3 ? local.slice(0, 2).join('') : '';
  return `${shown}•••${email.slice(at)}`;
}

/**
 * Whether a found ticket can be admitted now: not yet in, or out on a pass (the server decides for good, by the
 * same condition: decidePass in gate-pass.ts, and the server's conditional update, checkin/repo.ts passesInAgain).
 */
export function canAdmitFound(ticket: Pick<FoundTicket, 'status' | 'exitedAt'>): boolean {
  return ticket.status === 'active' || (ticket.status === 'used' && ticket.exitedAt !== null);
}
