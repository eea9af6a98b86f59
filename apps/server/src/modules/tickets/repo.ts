import type { Db } from '../../platform/db/database';

// SQL for the one change a guest makes to their own ticket. Reading tickets: src/stores/tickets.ts.

/**
 * Names who an active ticket is for. One conditional statement: a ticket scanned or cancelled a moment
 * earlier keeps the name it was admitted or refunded under. True when the ticket was renamed.
 */
export async function setHolderName(
  trx: Db,
  ticketId: string,
  holderName: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ holder_name: holderName, updated_at: now.toISOString() })
    .where('id', '=', ticketId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- webhook deliveries
