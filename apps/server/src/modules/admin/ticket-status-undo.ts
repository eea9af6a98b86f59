import type { TicketStatusValue } from '@utsav/domain/admin-tickets-schema';
import { statusUndoRefusal } from '@utsav/domain/ticket-status-change';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
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

// Undo of one admin status change (docs/decisions/0909-status-change-confirm-undo.md): the ticket goes back to exactly what the change overwrote
// (admission time, who scanned, cancellation reason), taken from the change's audit entry, not re-derived.

interface RecordedChange {
  from: TicketStatusValue;
  to: TicketStatusValue;
  before?: StatusSnapshot;
}

export async function undoTicketStatusChange(
  ctx: AppContext,
  caller: UserRow,
  ticketId: string,
  changeId: string,
): Promise<TicketView> {
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    const eventId = (
      await trx.selectFrom('tickets').select('event_id').where('id', '=', ticketId).executeTakeFirst()
    )?.event_id;
    if (!eventId) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
    // Lock order as in every status change: the event (stock), then the ticket (a gate's scan).
    const event = await lockEvent(trx, eventId);
    const [ticket] = await lockTickets(trx, [ticketId]);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');

    const entry = await findAuditEntry(trx, changeId, 'ticket.status_changed', ticketId);
    const change = entry?.data ? (JSON.parse(entry.data) as RecordedChange) : null;
    if (!entry || !change?.before) {
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
      // Taking a cancellation back takes the seat again: the same refusals as any re-activation.
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
  });
  const [view] = await findTicketViewsByIds(ctx.db, [ticketId]);
  if (!view) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  return view;
}
