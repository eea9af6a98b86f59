import type { GateAdmitRequest } from '@utsav/domain/gate-search';
import { gateUndoRefusal } from '@utsav/domain/gate-undo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { scanRow } from './pass';
import { insertScan } from './scan-log-repo';
import { findEventTicketId } from './search-repo';
import { assertGate, CHECKIN_MESSAGES, scanSource } from './service';
import { findLatestAdmission, markAdmissionUndone, reopenAdmittedTicket } from './undo-repo';

// The gate's undo (@utsav/domain/gate-undo): a volunteer who admitted the wrong guest from a typed code or a search
// takes it back within seconds. In one transaction: the admission's log row turns 'undone' (the claim: a second
// undo finds nothing), the ticket goes back to active only if it is still as that admission left it (undo-repo.ts),
// and a row records who undid it, when, at which gate. Either both changes happen or neither does, so the Gates
// panel (admissions counted from the log, who is inside from the tickets) always agrees with itself.
//
// Lock order on PostgreSQL: the admission's log row, then the ticket. The gate's admissions lock only the ticket
// (their log row is a new one), so no two of these wait on each other in opposite orders.

export const UNDO_MESSAGES = {
  undone: 'Entry undone',
  nothingToUndo: 'There is no entry of this ticket to undo.',
  notYours: 'Only the volunteer who admitted this guest can undo the entry.',
  tooLate: 'Too late to undo this entry.',
  changed:
    'This entry cannot be undone: the ticket changed after it (an exit, a re-entry or a change by staff).',
} as const;

export async function undoAdmission(
  ctx: AppContext,
  checker: UserRow,
  input: GateAdmitRequest,
): Promise<TicketView> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  const ticketId = event ? await findEventTicketId(ctx.db, input.ticketId, event.id) : undefined;
  if (!event || !ticketId) throw new AppError('TICKET_NOT_FOUND', CHECKIN_MESSAGES.notFound);
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    const admission = await findLatestAdmission(trx, ticketId);
    // Only an online admission is offered an undo; an offline one reached the server long after it happened.
    const online = admission?.action === 'mark' ? admission : undefined;
    const refusal = gateUndoRefusal(
      online ? { at: online.created_at, checkerUserId: online.checker_user_id } : null,
      checker.id,
      now,
    );
    if (refusal === 'NOTHING_TO_UNDO') throw new AppError('NOTHING_TO_UNDO', UNDO_MESSAGES.nothingToUndo);
    if (refusal === 'NOT_YOUR_ADMISSION') throw new AppError('FORBIDDEN', UNDO_MESSAGES.notYours);
    if (refusal === 'UNDO_WINDOW_CLOSED') throw new AppError('UNDO_WINDOW_CLOSED', UNDO_MESSAGES.tooLate);
    if (!online) throw new Error('an undo allowed without its admission');
    // A concurrent undo of the same admission claimed it first: nothing is left to take back.
    if (!(await markAdmissionUndone(trx, online.id)))
      throw new AppError('NOTHING_TO_UNDO', UNDO_MESSAGES.nothingToUndo);
    const reopened = await reopenAdmittedTicket(trx, {
      ticketId,
      eventId: event.id,
      checkerUserId: checker.id,
      at: online.scanned_at,
      now: now.toISOString(),
    });
    // Thrown inside the transaction: the admission's row goes back to 'admitted' with it.
    if (!reopened) throw new AppError('TICKET_CHANGED', UNDO_MESSAGES.changed);
    const undo = scanSource(ctx, checker, input, 'undo', 'in', online.method);
    await insertScan(trx, scanRow(undo, ticketId, 'undone'));
  });
  const ticket = await findTicketView(ctx.db, ticketId);
  if (!ticket) throw new Error(`ticket ${ticketId} vanished at the gate`);
  return ticket;
}
