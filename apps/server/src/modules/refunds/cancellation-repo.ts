import type { Db } from '../../platform/db/database';

// The one write cancellation makes to a ticket. Kept beside the refunds that depend on it.

/**
 * active → cancelled, only for a ticket its owner may cancel. One conditional statement: a gate marking the
 * ticket used, or a second cancel, racing this one makes it change 0 rows, and the caller creates nothing.
 */
export async function cancelTicketRow(
  trx: Db,
  ticketId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('tickets')
    .set({ status: 'cancelled', cancelled_at: stamp, cancellation_reason: reason, updated_at: stamp })
    .where('id', '=', ticketId)
    .where('status', '=', 'active')
    .where('issued_by_admin', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
