import { type AuditEntry, type AuditQuery, auditCursor, parseAuditCursor } from '@utsav/domain/api/audit';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { AppContext } from '../../platform/context';
import { findOrderById, findOrderByRazorpayId } from '../../stores/orders';
import { findTicketView } from '../../stores/tickets';
import { findUserByEmail } from '../../stores/users';
import { type AuditFilter, type AuditPageRow, auditPage } from './repo';

// GET /admin/audit (admins: 'audit:view', checked by the route before anything is read): the audit log, newest
// first, by keyset pages. Filters name things as an admin has them at hand (an email, a printed ticket code, a
// Razorpay order id) and are resolved to the ids the log keeps; a name that matches nothing lists nothing.

function entryOf(row: AuditPageRow): AuditEntry {
  return {
    id: row.id,
    at: row.created_at,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    actor:
      row.actor_user_id === null
        ? null
        : { id: row.actor_user_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
    data: dataOf(row.data),
  };
}

function dataOf(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { value: json };
  }
}

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
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const filter = await resolvedFilter(ctx, query);
  if (!filter) return { entries: [], next: null };
  const before = query.before ? parseAuditCursor(query.before) : null;
  // One more than asked tells whether another page follows, without a count of the whole log.
  const rows = await auditPage(ctx.db, filter, before, query.limit + 1);
  const entries = rows.slice(0, query.limit).map(entryOf);
  const last = entries[entries.length - 1];
  return { entries, next: rows.length > query.limit && last ? auditCursor(last) : null };
}
