import { type AuditEntry, type AuditQuery, auditCursor, parseAuditCursor } from '@utsav/domain/api/audit';
import type { Language } from '@utsav/domain/languages';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { AppContext } from '../../platform/context';
import { findOrderById, findOrderByRazorpayId } from '../../stores/orders';
import { findTicketView } from '../../stores/tickets';
import { findUserByEmail } from '../../stores/users';
import { presentAuditPage } from './presenter';
import { type AuditFilter, auditPage } from './repo';

// GET /admin/audit (admins: 'audit:view', checked by the route before anything is read): the audit log, newest
// first, by keyset pages. Filters name things as an admin has them at hand (an email, a printed ticket code, a
// Razorpay order id) and are resolved to the ids the log keeps; a name that matches nothing lists nothing.

/** The filter as the log's ids, or null when a named person, ticket or order does not exist. */
async function resolvedFilter(ctx: AppContext, query: AuditQuery): Promise<AuditFilter | null> {
  const filter: AuditFilter = { action: query.action };
  if (query.userId) {
    const person = query.userId.includes('@') ? await findUserByEmail(ctx.db, query.userId) : null;
    filter.userId = person ? person.id : query.userId;
  }
  // A ticket and an order are each one entity: asked for both, the ticket's entries are shown.
  if (query.orderId) {
    const order =
      (await findOrderById(ctx.db, query.orderId)) ?? (await findOrderByRazorpayId(ctx.db, query.orderId));
    if (!order) return null;
    filter.entity = { kind: 'order', id: order.id };
  }
  if (query.ticketId) {
    // As typed (an id, a code), else as a code written any other way ('ut-abc…', without UT-).
    const code = normalizeTicketCode(query.ticketId);
    const ticket =
      (await findTicketView(ctx.db, query.ticketId)) ??
      (code && code !== query.ticketId ? await findTicketView(ctx.db, code) : undefined);
    if (!ticket) return null;
    filter.entity = { kind: 'ticket', id: ticket.id };
  }
  return filter;
}

export async function auditLogPage(
  ctx: AppContext,
  query: AuditQuery,
  language: Language,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const filter = await resolvedFilter(ctx, query);
  if (!filter) return { entries: [], next: null };
  const before = query.before ? parseAuditCursor(query.before) : null;
  // One more than asked tells whether another page follows, without a count of the whole log.
  const rows = await auditPage(ctx.db, filter, before, query.limit + 1);
  const entries = await presentAuditPage(ctx.db, rows.slice(0, query.limit), language);
  const last = entries[entries.length - 1];
  return { entries, next: rows.length > query.limit && last ? auditCursor(last) : null };
}
