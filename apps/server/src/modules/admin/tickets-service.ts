import { randomUUID } from 'node:crypto';
import type { TicketStatusValue } from '@utsav/domain/admin-tickets-schema';
import type { TicketDocument } from '@utsav/domain/api/tickets';
import type { FieldError } from '@utsav/domain/errors';
import { ticketsSold } from '@utsav/domain/gate-pass';
import {
  ADMIN_CANCELLATION_REASON,
  type StatusChangeRefusal,
  statusChangeMoney,
  statusChangeRefusal,
} from '@utsav/domain/ticket-status-change';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, TicketRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { countTaken, lockEvent } from '../../stores/events';
import { findTicketDocuments } from '../../stores/ticket-documents';
import type { TicketView } from '../../stores/tickets';
import { withQrImages } from '../tickets/qr-images';
import { soldTodayCount, totalRevenue } from './analytics-repo';
import {
  type AuditDraft,
  countTickets,
  countTicketsByStatus,
  findTicketViewsByIds,
  listTickets,
  lockTickets,
  recordAuditEntries,
  setTicketStatus,
  type TicketFilter,
  type TicketStatusPatch,
  ticketsWithRefunds,
} from './tickets-repo';

// Staff ticket management: pages, stats, status changes (single and bulk) and deletion.
//
// Stock stays consistent because it is never stored: "taken" is counted from active + used tickets and
// live holds (stores/events.ts countTaken). Cancelling a ticket therefore returns its seat to sale by itself;
// re-activating a cancelled one takes a seat back, so it is checked against the stock under the event lock,
// the same lock create-order and fulfilment take, and refused (409 SOLD_OUT) when none is left.

export { ADMIN_CANCELLATION_REASON };

export interface TicketPage {
  tickets: TicketView[];
  /** Those of `tickets` a refund holds the money of (they can never be re-activated). */
  refunded: Set<string>;
  /** The documents of a staff issuance or a transfer fee each ticket carries (stores/ticket-documents.ts). */
  documents: Map<string, TicketDocument[]>;
  pagination: { current: number; total: number; count: number; totalTickets: number };
}

export async function listTicketPage(
  ctx: AppContext,
  filter: TicketFilter,
  page: number,
  limit: number,
): Promise<TicketPage> {
  const [totalTickets, tickets] = await Promise.all([
    countTickets(ctx.db, filter),
    listTickets(ctx.db, filter, { limit, offset: (page - 1) * limit }),
  ]);
  return {
    tickets: await withQrImages(ctx, tickets),
    refunded: await refundedAmong(ctx, tickets),
    documents: await findTicketDocuments(
      ctx.db,
      tickets.map((ticket) => ticket.id),
    ),
    pagination: {
      current: page,
      total: Math.ceil(totalTickets / limit),
      count: tickets.length,
      totalTickets,
    },
  };
}

export interface TicketStats {
  /** Every ticket row, cancelled and transferred ones included. */
  total: number;
  /** Active + used (@utsav/domain/gate-pass ticketsSold): the number every screen calls "sold". */
  sold: number;
  active: number;
  used: number;
  /** Cancelled, not counting tickets revoked by a transfer (those are `transferred`). */
  cancelled: number;
  transferred: number;
  /** Rupees received and kept (@utsav/domain/revenue), exact to the paisa, as the dashboard counts it. */
  revenue: number;
  /** Tickets issued today (IST) that are active or used. */
  soldToday: number;
}

export async function ticketStats(ctx: AppContext): Promise<TicketStats> {
  const now = ctx.now();
  const [counts, revenue, soldToday] = await Promise.all([
    countTicketsByStatus(ctx.db),
    totalRevenue(ctx.db),
    soldTodayCount(ctx.db, now),
  ]);
  return { ...counts, sold: ticketsSold({ ...counts }), revenue: revenue.totalPaise / 100, soldToday };
}

/** Which of `tickets` a refund not called off holds the money of (the rule statusChangeRefusal reads). */
export function refundedAmong(ctx: AppContext, tickets: readonly TicketView[]): Promise<Set<string>> {
  return ticketsWithRefunds(
    ctx.db,
    tickets.map((ticket) => ticket.id),
  );
}

export interface StatusChangeResult {
  changed: number;
  tickets: TicketView[];
  refunded: Set<string>;
  /** The audit entry of a single ticket's change (what its undo names); null for bulk or no change. */
  changeId: string | null;
  /** Every ticket that changed and its audit entry (what a bulk update's undo names). */
  changes: { ticketId: string; changeId: string }[];
}

/** The columns a status change overwrites, kept in its audit entry so an undo restores them exactly. */
const RESTORED_COLUMNS = [
  'used_at',
  'scanned_by_user_id',
  'last_entry_at',
  'exited_at',
  'cancelled_at',
  'cancellation_reason',
] as const;
export type StatusSnapshot = Pick<TicketRow, (typeof RESTORED_COLUMNS)[number]>;

function snapshotOf(ticket: TicketRow): StatusSnapshot {
  return Object.fromEntries(
    RESTORED_COLUMNS.map((column) => [column, ticket[column] ?? null]),
  ) as StatusSnapshot;
}

/**
 * Sets the status of every ticket in `ids`, all or nothing, in one transaction. Unknown ids are refused
 * with 404 and a reason per id; re-activations beyond the stock with 409 SOLD_OUT and a reason per ticket;
 * a cancelled ticket whose money was refunded, or that was transferred, cannot be re-activated (409
 * CONFLICT). Every change is audited with the money it moves. With `expected` (the
 * status the admin confirmed from), a ticket no longer in it is refused with 409 TICKET_CHANGED.
 */
export async function changeTicketStatuses(
  ctx: AppContext,
  caller: UserRow,
  ids: readonly string[],
  status: TicketStatusValue,
  options: { bulk: boolean; expected?: TicketStatusValue },
): Promise<StatusChangeResult> {
  const unique = [...new Set(ids)];
  const now = ctx.now();
  const { changed, changeId, changes } = await transaction(ctx.db, async (trx) => {
    // Lock order everywhere: event row(s), then ticket rows. The event lock serialises this with
    // create-order and fulfilment; the ticket locks with a gate's mark-used on the same tickets.
    const events = await trx
      .selectFrom('tickets')
      .select('event_id')
      .distinct()
      .where('id', 'in', unique)
      .orderBy('event_id')
      .execute();
    const eventRows = [];
    for (const { event_id } of events) eventRows.push(await lockEvent(trx, event_id));
    const tickets = await lockTickets(trx, unique);
    const found = new Set(tickets.map((ticket) => ticket.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(
        'TICKET_NOT_FOUND',
        missing.length === 1
          ? 'Ticket not found'
          : msg('{{count}} tickets were not found', { count: missing.length }),
        missing.map((id) => ({ field: id, message: 'Ticket not found' })),
      );
    }
    const stale = options.expected ? tickets.filter((ticket) => ticket.status !== options.expected) : [];
    if (stale.length > 0) {
      throw new AppError(
        'TICKET_CHANGED',
        'This ticket changed meanwhile. Refresh the list and try again.',
        stale.map((ticket) => ({ field: ticket.id, message: 'This ticket changed meanwhile' })),
      );
    }

    const moving = tickets.filter((ticket) => ticket.status !== status);
    const reactivating = moving.filter((ticket) => ticket.status === 'cancelled');
    await refuseRevokedForGood(trx, reactivating, status);
    await refuseBeyondStock(trx, eventRows, reactivating, now, options.bulk);

    const changedCount = await setTicketStatus(
      trx,
      moving.map((ticket) => ticket.id),
      ['active', 'used', 'cancelled'].filter((from) => from !== status) as TicketStatusValue[],
      statusPatch(status, caller, now),
    );
    if (changedCount !== moving.length) throw new Error('tickets changed under their locks');
    const audit: AuditDraft[] = moving.map((ticket) => ({
      id: randomUUID(),
      actorUserId: caller.id,
      action: 'ticket.status_changed',
      entity: 'ticket',
      entityId: ticket.id,
      // Every change keeps what it overwrote, so that its undo can put it back (ticket-status-undo.ts).
      data: {
        from: ticket.status,
        to: status,
        bulk: options.bulk,
        ...moneyMoved(ticket, ticket.status, status),
        before: snapshotOf(ticket),
      },
    }));
    await recordAuditEntries(trx, audit, now);
    return {
      changed: changedCount,
      changeId: options.bulk ? null : (audit[0]?.id ?? null),
      changes: audit.map((entry) => ({ ticketId: entry.entityId, changeId: entry.id! })),
    };
  });
  const tickets = await findTicketViewsByIds(ctx.db, unique);
  // Cancelled seats are back: the waitlist's next in line is offered them now (ctx.seatsReturned).
  if (status === 'cancelled' && changed > 0) {
    for (const eventId of new Set(tickets.map((ticket) => ticket.event_id))) await ctx.seatsReturned(eventId);
  }
  return { changed, changeId, changes, tickets, refunded: await refundedAmong(ctx, tickets) };
}

/**
 * Re-activating cancelled tickets takes seats back. Invariant: active + used + live holds <= total_tickets,
 * checked under the event lock (the caller holds it for every event in `eventRows`).
 */
export async function refuseBeyondStock(
  trx: AppContext['db'],
  eventRows: readonly (EventRow | undefined)[],
  reactivating: readonly TicketRow[],
  now: Date,
  bulk: boolean,
): Promise<void> {
  for (const event of eventRows) {
    if (!event) continue;
    const wanted = reactivating.filter((ticket) => ticket.event_id === event.id);
    if (wanted.length === 0) continue;
    const available = Math.max(0, event.total_tickets - (await countTaken(trx, event.id, now)));
    if (wanted.length <= available) continue;
    const message =
      available === 0
        ? 'Sold out: no ticket is left to re-activate this one'
        : msg('Sold out: only {{count}} tickets left for {{wanted}} re-activations', {
            count: available,
            wanted: wanted.length,
          });
    throw new AppError(
      'SOLD_OUT',
      bulk
        ? available === 0
          ? 'Sold out: no ticket is left to re-activate these. Nothing was changed.'
          : msg('Sold out: only {{count}} tickets left for {{wanted}} re-activations. Nothing was changed.', {
              count: available,
              wanted: wanted.length,
            })
        : message,
      wanted.map((ticket) => ({
        field: ticket.id,
        message: 'Sold out: not enough tickets are left to re-activate this one',
      })),
    );
  }
}

/** The money a change of `ticket` moves, as its audit entry records it (@utsav/domain statusChangeMoney). */
export function moneyMoved(ticket: TicketRow, from: TicketStatusValue, to: TicketStatusValue) {
  return statusChangeMoney(
    {
      pricePaise: ticket.price_paise,
      issuedByAdmin: ticket.issued_by_admin === 1,
      paymentReceived: ticket.payment_received === 1,
    },
    from,
    to,
  );
}

const REVOKED_MESSAGES: Record<StatusChangeRefusal, { one: string; count: string }> = {
  REFUNDED: {
    one: 'This ticket was refunded and cannot be re-activated',
    count: '{{count}} tickets were refunded and cannot be re-activated',
  },
  TRANSFERRED: {
    one: 'This ticket was transferred to someone else and cannot be re-activated',
    count: '{{count}} tickets were transferred to someone else and cannot be re-activated',
  },
  RESOLD: {
    one: 'This ticket was resold to someone else and cannot be re-activated',
    count: '{{count}} tickets were resold to someone else and cannot be re-activated',
  },
};

/**
 * Refuses (409 CONFLICT, a reason per ticket, nothing changed) moving to `to` any of `tickets` that
 * @utsav/domain statusChangeRefusal says is revoked for good: single changes, bulk changes and undos alike.
 * The caller holds the ticket rows locked, so neither a refund nor a transfer can land in between.
 */
export async function refuseRevokedForGood(
  trx: AppContext['db'],
  tickets: readonly TicketRow[],
  to: TicketStatusValue,
): Promise<void> {
  const refunded = await ticketsWithRefunds(
    trx,
    tickets.map((ticket) => ticket.id),
  );
  const refused = tickets.flatMap((ticket) => {
    const refusal = statusChangeRefusal(
      {
        status: ticket.status,
        refunded: refunded.has(ticket.id),
        transferred: Boolean(ticket.transferred_at),
        resold: Boolean(ticket.resold_at),
      },
      to,
    );
    return refusal ? [{ id: ticket.id, refusal }] : [];
  });
  if (refused.length === 0) return;
  const kinds = new Set(refused.map((entry) => entry.refusal));
  const first = REVOKED_MESSAGES[refused[0]!.refusal];
  const message =
    refused.length === 1
      ? first.one
      : kinds.size === 1
        ? msg(first.count, { count: refused.length })
        : msg('{{count}} tickets were refunded or transferred and cannot be re-activated', {
            count: refused.length,
          });
  throw new AppError(
    'CONFLICT',
    message,
    refused.map((entry): FieldError => ({ field: entry.id, message: REVOKED_MESSAGES[entry.refusal].one })),
  );
}

/**
 * What each target status means for the other columns. Used -> active is an admin correction (a wrong
 * scan): the admission is cleared so the guest can be scanned again. The audit entry keeps the history.
 */
export function statusPatch(status: TicketStatusValue, caller: UserRow, now: Date): TicketStatusPatch {
  const stamp = now.toISOString();
  switch (status) {
    case 'active':
      return {
        status,
        used_at: null,
        scanned_by_user_id: null,
        last_entry_at: null,
        exited_at: null,
        cancelled_at: null,
        cancellation_reason: null,
        updated_at: stamp,
      };
    case 'used':
      return {
        status,
        used_at: stamp,
        scanned_by_user_id: caller.id,
        last_entry_at: stamp,
        exited_at: null,
        cancelled_at: null,
        cancellation_reason: null,
        updated_at: stamp,
      };
    case 'cancelled':
      // A used ticket keeps its admission time: the gate did let that guest in.
      return {
        status,
        cancelled_at: stamp,
        cancellation_reason: ADMIN_CANCELLATION_REASON,
        updated_at: stamp,
      };
  }
}
