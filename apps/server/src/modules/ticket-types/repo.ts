import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PricePhaseRow, TicketTypeRow } from '../../platform/db/schema-sales';

// SQL only: the organiser's writes to ticket types and their phases, and the figures the admin list shows.

export async function insertType(db: Db, row: TicketTypeRow): Promise<void> {
  await db.insertInto('ticket_types').values(row).execute();
}

export async function updateType(db: Db, id: string, patch: Partial<TicketTypeRow>): Promise<void> {
  await db.updateTable('ticket_types').set(patch).where('id', '=', id).execute();
}

export async function deleteType(db: Db, id: string): Promise<void> {
  await db.deleteFrom('ticket_types').where('id', '=', id).execute();
}

export async function insertPhase(db: Db, row: PricePhaseRow): Promise<void> {
  await db.insertInto('price_phases').values(row).execute();
}

export async function updatePhase(db: Db, id: string, patch: Partial<PricePhaseRow>): Promise<void> {
  await db.updateTable('price_phases').set(patch).where('id', '=', id).execute();
}

export async function deletePhase(db: Db, id: string): Promise<void> {
  await db.deleteFrom('price_phases').where('id', '=', id).execute();
}

export async function nextPosition(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('ticket_types')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function setPositions(db: Db, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('ticket_types').set({ position }).where('id', '=', id).execute();
  }
}

/** True when any ticket or order line (a hold, paid or not) names the type: it is archived, never deleted. */
export async function typeHasSales(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('tickets').select('id').where('ticket_type_id', '=', id)).as('tickets'),
      eb.exists(eb.selectFrom('order_lines').select('order_id').where('ticket_type_id', '=', id)).as('lines'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.tickets) || Boolean(row.lines);
}

export async function phaseHasSales(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('tickets').select('id').where('phase_id', '=', id)).as('tickets'),
      eb.exists(eb.selectFrom('order_lines').select('order_id').where('phase_id', '=', id)).as('lines'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.tickets) || Boolean(row.lines);
}

export interface TypeSales {
  /** Active and used tickets, the people they admit, and what was paid for them (paise). */
  sold: number;
  people: number;
  revenuePaise: number;
}

/** Per type: tickets sold, people, revenue, counted from the tickets (the admin list; not a hot path). */
export async function salesByType(db: Db, eventId: string): Promise<Map<string, TypeSales>> {
  const rows = await db
    .selectFrom('tickets')
    .select((eb) => [
      'ticket_type_id',
      eb.fn.countAll<number>().as('sold'),
      eb.fn.sum<number>('admits').as('people'),
      // Revenue as the analytics count it (@utsav/domain/sales-breakdown): paid for, and the money received.
      sql<number>`sum(case when payment_received = 1 then price_paise else 0 end)`.as('revenue'),
    ])
    .where('event_id', '=', eventId)
    .where('status', 'in', ['active', 'used'])
    .groupBy('ticket_type_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.ticket_type_id ?? '',
      { sold: Number(row.sold), people: Number(row.people ?? 0), revenuePaise: Number(row.revenue ?? 0) },
    ]),
  );
}

/** Tickets in live holds per type and per phase, exactly (only orders whose hold still runs at `now`). */
export async function liveHeldByTypeAndPhase(
  db: Db,
  eventId: string,
  now: Date,
): Promise<{ type: Map<string, number>; phase: Map<string, number> }> {
  const rows = await sql<{ scope: string; ref_id: string; n: number }>`
    select 'type' as scope, l.ticket_type_id as ref_id, sum(l.quantity) as n from order_lines l
      join orders o on o.id = l.order_id
      where o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${now.toISOString()}
      group by l.ticket_type_id
    union all
    select 'phase', l.phase_id, sum(l.quantity) from order_lines l
      join orders o on o.id = l.order_id
      where o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${now.toISOString()}
        and l.phase_id is not null
      group by l.phase_id`.execute(db);
  const held = { type: new Map<string, number>(), phase: new Map<string, number>() };
  for (const row of rows.rows) held[row.scope as 'type' | 'phase'].set(row.ref_id, Number(row.n));
  return held;
}
