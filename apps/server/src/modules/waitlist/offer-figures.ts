import type { TypeTaken } from '@utsav/domain/ticket-types';
import type { Db } from '../../platform/db/database';
import { findSalesCounters, type StoredType } from '../../stores/ticket-types';

// What each ticket type and phase has taken, exactly, for an offer pass: tickets sold (the counters' `sold`, exact)
// plus the tickets in live holds, summed from the holds' lines. The counters' `held` also counts holds that ran out
// and are not marked expired yet (an upper bound, right for a checkout's quick judgement); an offer pass must see
// those seats free the moment the hold ends, so it reads the live ones. Read under the event lock (offers.ts).

export async function typesTaken(
  db: Db,
  eventId: string,
  types: readonly StoredType[],
  now: Date,
): Promise<Map<string, TypeTaken>> {
  const counters = await findSalesCounters(db, eventId);
  const held = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => [
      'order_lines.ticket_type_id as type_id',
      'order_lines.phase_id as phase_id',
      eb.fn.sum<number>('order_lines.quantity').as('tickets'),
    ])
    .where('orders.event_id', '=', eventId)
    .where('orders.status', '=', 'created')
    .where('orders.hold_expires_at', '>', now.toISOString())
    .groupBy(['order_lines.ticket_type_id', 'order_lines.phase_id'])
    .execute();
  const taken = new Map<string, { tickets: number; phases: Map<string, number> }>(
    types.map((type) => [
      type.id,
      {
        tickets: counters.type.get(type.id)?.sold ?? 0,
        phases: new Map(type.phases.map((phase) => [phase.id, counters.phase.get(phase.id)?.sold ?? 0])),
      },
    ]),
  );
  for (const row of held) {
    const figure = taken.get(row.type_id);
    if (!figure) continue;
    figure.tickets += Number(row.tickets);
    if (row.phase_id)
      figure.phases.set(row.phase_id, (figure.phases.get(row.phase_id) ?? 0) + Number(row.tickets));
  }
  return taken;
}
