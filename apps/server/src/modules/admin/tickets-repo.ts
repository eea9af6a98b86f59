import { randomUUID } from 'node:crypto';
import {
  NO_FILTER_VALUE,
  type TicketFilter,
  type TicketStatusValue,
} from '@utsav/domain/admin-tickets-schema';
import type { AuditAction } from '@utsav/domain/audit-actions';
import { foldForSearch } from '@utsav/domain/search-text';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import { emptyStatusCounts, type ShownStatusCounts, shownTicketStatus } from '@utsav/domain/ticket-status';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { containsPattern, searchFolded } from '../../platform/db/like';
import type { Database, TicketRow, TicketStatus } from '../../platform/db/schema';
import { type TicketView, ticketViews } from '../../stores/tickets';

// SQL for staff views of tickets: filtered pages, counts, locked reads for status changes, the export's
// keyset pages. No business rule lives here.

// The filter (@utsav/domain/admin-tickets-schema): search matches within the owner's name or email or the ticket's
// holder name, in any script and case, and exactly the ticket's id or printed code (with or without its UT- prefix).
export type { TicketFilter };

type TicketsQueryEb = ExpressionBuilder<Database, 'tickets'>;

function matching(eb: TicketsQueryEb, filter: TicketFilter, postgres: boolean) {
  const conditions = [];
  // A transferred ticket is stored as cancelled with transferred_at (migration 0014) and listed as transferred.
  if (filter.status === 'transferred') conditions.push(eb('tickets.transferred_at', 'is not', null));
  else if (filter.status) {
    conditions.push(eb('tickets.status', '=', filter.status));
    if (filter.status === 'cancelled') conditions.push(eb('tickets.transferred_at', 'is', null));
  }
  // Type, phase and code: the ticket's own columns (what it was sold as), never its order's.
  if (filter.ticketTypeId) conditions.push(eb('tickets.ticket_type_id', '=', filter.ticketTypeId));
  if (filter.phaseId === NO_FILTER_VALUE) conditions.push(eb('tickets.phase_id', 'is', null));
  else if (filter.phaseId) conditions.push(eb('tickets.phase_id', '=', filter.phaseId));
  if (filter.promoCodeId === NO_FILTER_VALUE) conditions.push(eb('tickets.promo_code_id', 'is', null));
  else if (filter.promoCodeId) conditions.push(eb('tickets.promo_code_id', '=', filter.promoCodeId));
  if (filter.search) {
    // Names in any script (@utsav/domain/search-text): both sides folded the same way, then a substring.
    const pattern = containsPattern(foldForSearch(filter.search));
    const folded = (column: string) => searchFolded(postgres, column);
    // People first (20,000 rows at most), then their tickets by tickets_user_idx; a ticket's own holder name
    // (someone the buyer named) is matched too; ticket ids and printed codes match exactly (primary key /
    // unique index), the code as a person types it (any case, with or without UT-: normalizeTicketCode).
    const owners = eb
      .selectFrom('users as match')
      .select('match.id')
      .where((u) =>
        u.or([u(folded('match.name'), 'like', pattern), u(folded('match.email'), 'like', pattern)]),
      );
    // A code written another way before codes were canonical is still found as typed, upper-cased.
    const typed = normalizeTicketCode(filter.search);
    const codes = [...new Set(typed ? [typed, filter.search.toUpperCase()] : [filter.search.toUpperCase()])];
    conditions.push(
      eb.or([
        eb('tickets.user_id', 'in', owners),
        eb(folded('tickets.holder_name'), 'like', pattern),
        eb('tickets.ticket_code', 'in', codes),
        eb('tickets.id', '=', filter.search),
      ]),
    );
  }
  return eb.and(conditions);
}

export async function countTickets(db: Db, filter: TicketFilter): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => matching(eb, filter, isPostgres(db)))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listTickets(
  db: Db,
  filter: TicketFilter,
  page: { limit: number; offset: number },
): Promise<TicketView[]> {
  return (
    ticketViews(db)
      .where((eb) => matching(eb as unknown as TicketsQueryEb, filter, isPostgres(db)))
      // Both descending: tickets_created_idx read backwards, no sort.
      .orderBy('tickets.created_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  );
}

export function findTicketViewsByIds(db: Db, ids: readonly string[]): Promise<TicketView[]> {
  return ticketViews(db)
    .where('tickets.id', 'in', ids)
    .orderBy('tickets.created_at')
    .orderBy('tickets.seq')
    .orderBy('tickets.id')
    .execute();
}

/** Tickets by shown status (@utsav/domain/ticket-status: a transferred ticket is not counted as cancelled). */
export async function countTicketsByStatus(db: Db): Promise<ShownStatusCounts> {
  const rows = await db
    .selectFrom('tickets')
    .select([
      'status',
      (eb) => eb.case().when('transferred_at', 'is not', null).then(1).else(0).end().as('transferred'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['status', (eb) => eb.case().when('transferred_at', 'is not', null).then(1).else(0).end()])
    .execute();
  const counts = emptyStatusCounts();
  for (const row of rows) {
    const shown = shownTicketStatus({
      status: row.status,
      transferredAt: Number(row.transferred) === 1 ? 'yes' : null,
    });
    counts[shown] += Number(row.count);
    counts.total += Number(row.count);
  }
  return counts;
}

/** Reads the tickets and, on PostgreSQL, row-locks them until commit (SQLite transactions are serial). */
export function lockTickets(trx: Db, ids: readonly string[]): Promise<TicketRow[]> {
  const query = trx.selectFrom('tickets').selectAll().where('id', 'in', ids);
  return (isPostgres(trx) ? query.forUpdate() : query).execute();
}

export type TicketStatusPatch = Pick<TicketRow, 'status' | 'updated_at'> &
  Partial<
    Pick<
      TicketRow,
      | 'used_at'
      | 'scanned_by_user_id'
      | 'last_entry_at'
      | 'exited_at'
      | 'cancelled_at'
      | 'cancellation_reason'
    >
  >;

/** Only rows still in one of `from` change; the count tells the caller whether its locked read still held. */
export async function setTicketStatus(
  trx: Db,
  ids: readonly string[],
  from: readonly TicketStatusValue[],
  patch: TicketStatusPatch,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .updateTable('tickets')
    .set(patch)
    .where('id', 'in', ids)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Refunds that keep a cancelled ticket's money out (any refund not called off). */
export async function ticketsWithRefunds(trx: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('refunds')
    .select('ticket_id')
    .where('ticket_id', 'in', ids)
    .where('status', '!=', 'cancelled')
    .execute();
  return new Set(rows.map((row) => row.ticket_id));
}

export async function deleteTicketRow(trx: Db, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('tickets').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertTickets(trx: Db, tickets: TicketRow[]): Promise<void> {
  // Chunked: PostgreSQL and SQLite cap the number of bound parameters in one statement.
  for (let start = 0; start < tickets.length; start += 200) {
    await trx
      .insertInto('tickets')
      .values(tickets.slice(start, start + 200))
      .execute();
  }
}

export interface AuditDraft {
  /** Given when the caller must name the entry afterwards (an undo names the change it takes back). */
  id?: string;
  actorUserId: string;
  action: AuditAction;
  entity: string;
  entityId: string;
  data: Record<string, unknown>;
}

/** One audit entry of `action` about `entityId`, or undefined. */
export function findAuditEntry(trx: Db, id: string, action: string, entityId: string) {
  return trx
    .selectFrom('audit_log')
    .select(['id', 'data', 'created_at'])
    .where('id', '=', id)
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
}

/** Many audit entries in few statements (a bulk update of 500 tickets writes 500 entries). */
export async function recordAuditEntries(trx: Db, entries: AuditDraft[], at: Date): Promise<void> {
  const stamp = at.toISOString();
  const rows = entries.map((entry) => ({
    id: entry.id ?? randomUUID(),
    actor_user_id: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    data: JSON.stringify(entry.data),
    created_at: stamp,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('audit_log')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

// ---- export

/** One ticket as the export writes it: no QR token (an export is forwarded, a token admits a guest). */
export interface ExportRow {
  id: string;
  ticket_code: string;
  holder_name: string;
  owner_name: string;
  owner_email: string;
  event_name: string;
  price_paise: number;
  status: TicketStatus;
  payment_received: number;
  issued_by_admin: number;
  issuer_name: string | null;
  notes: string | null;
  razorpay_order_id: string | null;
  created_at: string;
  used_at: string | null;
  scanner_name: string | null;
  cancelled_at: string | null;
  cancellation_reason: string | null;
  transferred_at?: string | null | undefined;
  /** Its type (English name), the price phase it was sold in, and the code that discounted it, if any. */
  type_name: string | null;
  phase_label: string | null;
  promo_code: string | null;
  admits?: number | undefined;
  discount_paise?: number | undefined;
  /** For the attendee export: the ticket's place in its order, the order's checkout answers, the owner's phone. */
  seq: number;
  checkout_answers?: string | null | undefined;
  owner_phone: string | null;
}

export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** The next page after `after`, oldest first: keyset pagination stays fast and memory-flat at any depth. */
export function exportPage(
  db: Db,
  after: ExportCursor | null,
  limit: number,
  filter: TicketFilter = {},
): Promise<ExportRow[]> {
  let query = db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .innerJoin('users as owner', 'owner.id', 'tickets.user_id')
    .leftJoin('users as issuer', 'issuer.id', 'tickets.issued_by_user_id')
    .leftJoin('users as scanner', 'scanner.id', 'tickets.scanned_by_user_id')
    .leftJoin('orders', 'orders.id', 'tickets.order_id')
    .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .leftJoin('price_phases', 'price_phases.id', 'tickets.phase_id')
    .leftJoin('promo_codes', 'promo_codes.id', 'tickets.promo_code_id')
    .select([
      'tickets.id',
      'tickets.ticket_code',
      'ticket_types.name as type_name',
      'price_phases.label as phase_label',
      'promo_codes.code as promo_code',
      'tickets.admits',
      'tickets.discount_paise',
      'scanner.name as scanner_name',
      'tickets.holder_name',
      'owner.name as owner_name',
      'owner.email as owner_email',
      'owner.phone as owner_phone',
      'tickets.seq',
      'orders.checkout_answers',
      'events.name as event_name',
      'tickets.price_paise',
      'tickets.status',
      'tickets.payment_received',
      'tickets.issued_by_admin',
      'issuer.name as issuer_name',
      'tickets.notes',
      'orders.razorpay_order_id as razorpay_order_id',
      'tickets.created_at',
      'tickets.used_at',
      'tickets.cancelled_at',
      'tickets.cancellation_reason',
      'tickets.transferred_at',
    ])
    .where((eb) => matching(eb as unknown as TicketsQueryEb, filter, isPostgres(db)))
    .orderBy('tickets.created_at')
    .orderBy('tickets.id')
    .limit(limit);
  if (after) {
    // A row-value comparison, so both engines seek tickets_created_idx instead of scanning from the start.
    query = query.where((eb) =>
      eb(eb.refTuple('tickets.created_at', 'tickets.id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.execute();
}
