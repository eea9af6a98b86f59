import type { TicketStatusValue } from '@utsav/domain/admin-tickets-schema';
import { statusUndoRefusal } from '@utsav/domain/ticket-status-change';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow, TicketRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { lockEvent } from '../../stores/events';
import type { TicketView } from '../../stores/tickets';
import {
  findAuditEntry,
  findTicketViewsByIds,
  lockTickets,
  recordAuditEntries,
  setTicketStatus,
} from './tickets-repo';
import { moneyMoved, refuseBeyondStock, refuseRevokedForGood, type StatusSnapshot } from './tickets-service';

// Undo of admin status changes (docs/decisions/0909-status-change-confirm-undo.md): each ticket goes back to exactly
// what its change overwrote (admission time, who scanned, cancellation reason), taken from the change's audit entry,
// not re-derived. A single change or a whole bulk update, all or nothing, in one transaction.

interface RecordedChange {
  from: TicketStatusValue;
  to: TicketStatusValue;
  before?: StatusSnapshot;
  bulk?: boolean;
}

export interface NamedChange {
  ticketId: string;
  changeId: string;
}

export async function undoTicketStatusChange(
  ctx: AppContext,
  caller: UserRow,
  ticketId: string,
  changeId: string,
): Promise<TicketView> {
  const [view] = await undoTicketStatusChanges(ctx, caller, [{ ticketId, changeId }], false);
  if (!view) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  return view;
}

export async function undoTicketStatusChanges(
  ctx: AppContext,
  caller: UserRow,
  changes: readonly NamedChange[],
  /** A bulk update is undone whole through its own call, a single change through the ticket's. */
  bulk = true,
): Promise<TicketView[]> {
  const now = ctx.now();
  const ids = [...new Set(changes.map((change) => change.ticketId))];
  if (ids.length !== changes.length) {
    // A bulk update changes a ticket once: two changes of one ticket are not one update's.
    throw new AppError('NOT_FOUND', 'This status change cannot be undone: it was not found');
  }
  await transaction(ctx.db, async (trx) => {
    // Lock order as in every status change: the event rows (stock), then the ticket rows (a gate's scan).
    const eventIds = await trx
      .selectFrom('tickets')
      .select('event_id')
      .distinct()
      .where('id', 'in', ids)
      .orderBy('event_id')
      .execute();
    const events = new Map<string, EventRow>();
    for (const { event_id } of eventIds) {
      const event = await lockEvent(trx, event_id);
      if (event) events.set(event_id, event);
    }
    const tickets = new Map((await lockTickets(trx, ids)).map((ticket) => [ticket.id, ticket]));
    for (const { ticketId, changeId } of changes) {
      const ticket = tickets.get(ticketId);
      const event = ticket ? events.get(ticket.event_id) : undefined;
      if (!ticket || !event) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
      await undoOne(trx, caller, ticket, event, { changeId, bulk }, now);
    }
  });
  return findTicketViewsByIds(ctx.db, ids);
}

async function undoOne(
  trx: Db,
  caller: UserRow,
  ticket: TicketRow,
  event: EventRow,
  { changeId, bulk }: { changeId: string; bulk: boolean },
  now: Date,
): Promise<void> {
  const entry = await findAuditEntry(trx, changeId, 'ticket.status_changed', ticket.id);
  const change = entry?.data ? (JSON.parse(entry.data) as RecordedChange) : null;
  if (!entry || !change?.before || Boolean(change.bulk) !== bulk) {
    throw new AppError('NOT_FOUND', 'This status change cannot be undone: it was not found');
  }
  const refusal = statusUndoRefusal(
    { at: entry.created_at, to: change.to },
    { status: ticket.status, updatedAt: ticket.updated_at },
    now,
  );
  if (refusal === 'UNDO_WINDOW_CLOSED') {
    throw new AppError('UNDO_WINDOW_CLOSED', 'Too late to undo: change the status again instead');
  }
  if (refusal === 'TICKET_CHANGED') {
    throw new AppError(
      'TICKET_CHANGED',
      'This ticket changed after that status change, so it cannot be undone. Refresh the list.',
    );
  }

  if (change.to === 'cancelled') {
    // Taking a cancellation back takes the seat again: the same refusals as any re-activation (seats taken back
    // earlier in this undo count: they are already written in this transaction).
    await refuseRevokedForGood(trx, [ticket], change.from);
    await refuseBeyondStock(trx, [event], [ticket], now, false);
  }
  const restored = await setTicketStatus(trx, [ticket.id], [change.to], {
    ...change.before,
    status: change.from,
    updated_at: now.toISOString(),
  });
  if (restored !== 1) throw new Error('ticket changed under its lock');
  await recordAuditEntries(
    trx,
    [
      {
        actorUserId: caller.id,
        action: 'ticket.status_change_undone',
        entity: 'ticket',
        entityId: ticket.id,
        data: { changeId, from: change.to, to: change.from, ...moneyMoved(ticket, change.to, change.from) },
      },
    ],
    now,
  );
}
