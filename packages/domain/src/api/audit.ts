import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// GET /admin/audit: the audit log for admins, newest first, a page at a time. `before` is the `next` of the page
// shown (the last entry's time and id): the next page is read below it by an index, however deep, and entries
// written meanwhile never shift it. A person may be named by id or email, a ticket by id or printed code, an order
// by id or Razorpay order id.

export const AUDIT_QUERY_MESSAGES = {
  action: 'An action is at most 64 letters, digits, dots, dashes or underscores',
  person: 'Enter a person’s email or id (at most 254 characters)',
  ticket: 'Enter a ticket code or id (at most 64 characters)',
  order: 'Enter an order id (at most 64 characters)',
  before: 'This page marker is not valid: load the list again',
  limit: 'Show between 1 and 100 entries at a time',
} as const;

const M = AUDIT_QUERY_MESSAGES;

export const AUDIT_PAGE_SIZE = 50;

/** An optional filter: blank is no filter. */
function filter(max: number, message: string, pattern?: RegExp) {
  const text = pattern
    ? z.string({ error: message }).trim().max(max, message).regex(pattern, message)
    : z.string({ error: message }).trim().max(max, message);
  return text.optional().transform((value) => (value ? value : undefined));
}

/** The page marker: the last shown entry's ISO instant and id, joined by '_'. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([\w-]{1,64})$/;

export const auditQuerySchema = lazySchema(() =>
  z.object({
    action: filter(64, M.action, /^[\w.:-]*$/),
    userId: filter(254, M.person),
    ticketId: filter(64, M.ticket),
    orderId: filter(64, M.order),
    before: filter(100, M.before, CURSOR),
    limit: z.coerce
      .number({ error: M.limit })
      .int(M.limit)
      .min(1, M.limit)
      .max(100, M.limit)
      .default(AUDIT_PAGE_SIZE),
  }),
);

export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditCursor {
  at: string;
  id: string;
}

export function auditCursor(entry: AuditCursor): string {
  return `${entry.at}_${entry.id}`;
}

/** The marker read back (the schema has checked its form). */
export function parseAuditCursor(value: string): AuditCursor | null {
  const match = CURSOR.exec(value);
  return match ? { at: match[1]!, id: match[2]! } : null;
}

/** A recorded fact as a person reads it, in the caller's language; a group (before / after) has its parts. */
export const auditFactViewSchema = lazySchema(() =>
  z.object({
    /** The fact's key in the recorded data (unique in its entry). */
    key: z.string(),
    label: z.string(),
    /** The value written out: names, ₹ amounts, IST dates and times, counts, words; '' for a group. */
    value: z.string(),
    parts: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })).optional(),
  }),
);

export type AuditFactView = z.infer<typeof auditFactViewSchema>;

export const auditEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** ISO instant. */
    at: z.string(),
    /** What happened, as the server names it: 'order.paid', 'ticket.status_changed', … */
    action: z.string(),
    /** The action in the caller's language (@utsav/domain/audit-actions); the name itself for one not named there. */
    label: z.string(),
    /** What the entry recorded, readable: the caller's language, people and ticket types by name. */
    facts: z.array(auditFactViewSchema),
    /** What it happened to, and its id. */
    entity: z.string(),
    entityId: z.string().nullable(),
    /** What it happened to, in words: 'Ticket: UT-…', 'Account: name (email)', 'Order'. */
    about: z.string(),
    /** Who did it; null: the system (a job, a webhook). */
    actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    /** What the entry recorded besides (amounts, old and new statuses, counts), as written. */
    data: z.record(z.string(), z.unknown()).nullable(),
  }),
);

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    entries: z.array(auditEntrySchema),
    /** `before` for the next page; null when this page is the last. */
    next: z.string().nullable(),
  }),
);

export type AuditPage = z.infer<typeof auditPageResponseSchema>;
