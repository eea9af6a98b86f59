import { SOLD_TICKET_STATUSES } from '@utsav/domain/gate-pass';
import type { SoldGroup } from '@utsav/domain/sales-breakdown';
import type { PricedSales } from '@utsav/domain/sales-tax';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// SQL only: sold tickets summed per (type, phase, code), and the orders behind each code's tickets. The rules of
// what counts (sold, revenue when the money was received) are @utsav/domain/sales-breakdown's; the sums below spell
// the same rule for the database (ticketRevenuePaise), over the tickets the export lists.

export async function soldGroups(db: Db, eventId: string): Promise<SoldGroup[]> {
  const rows = await db
    .selectFrom('tickets')
    .select((eb) => [
      'ticket_type_id',
      'phase_id',
      'promo_code_id',
      eb.fn.countAll<number>().as('tickets'),
      eb.fn.sum<number>('admits').as('people'),
      sql<number>`sum(case when payment_received = 1 then price_paise else 0 end)`.as('revenue'),
      eb.fn.sum<number>('discount_paise').as('discount'),
    ])
    .where('event_id', '=', eventId)
    .where('status', 'in', SOLD_TICKET_STATUSES)
    .groupBy(['ticket_type_id', 'phase_id', 'promo_code_id'])
    .execute();
  return rows.map((row) => ({
    typeId: row.ticket_type_id ?? null,
    phaseId: row.phase_id ?? null,
    codeId: row.promo_code_id ?? null,
    tickets: Number(row.tickets),
    people: Number(row.people ?? 0),
    revenuePaise: Number(row.revenue ?? 0),
    discountPaise: Number(row.discount ?? 0),
  }));
}

/**
 * Per code: the orders its sold tickets came from (a hand-issued ticket never carries a code). A ticket transferred
 * on has no order of its own (its copy is issued without one); the original it replaced, revoked with
 * `transferred_at` and still naming the order and the code, stands for it, so a transfer never takes an order off
 * the count. Keep in step with promo-codes/repo.ts codeUses.
 */
export async function codeOrders(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tickets')
    .select((eb) => ['promo_code_id', eb.fn.count<number>('order_id').distinct().as('orders')])
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('status', 'in', SOLD_TICKET_STATUSES), eb('transferred_at', 'is not', null)]))
    .where('promo_code_id', 'is not', null)
    .groupBy('promo_code_id')
    .execute();
  return new Map(rows.map((row) => [row.promo_code_id ?? '', Number(row.orders)]));
}

/** The event's codes, in the panel's order. */
export function eventCodes(db: Db, eventId: string): Promise<{ id: string; code: string }[]> {
  return db
    .selectFrom('promo_codes')
    .select(['id', 'code'])
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('code')
    .execute();
}

/** Sold tickets whose money was received, per type, price and admits: what analytics splits into gross, tax, net. */
export async function paidPriceGroups(db: Db, eventId: string): Promise<PricedSales[]> {
  const rows = await db
    .selectFrom('tickets')
    .select((eb) => ['ticket_type_id', 'price_paise', 'admits', eb.fn.countAll<number>().as('tickets')])
    .where('event_id', '=', eventId)
    .where('status', 'in', SOLD_TICKET_STATUSES)
    .where('payment_received', '=', 1)
    .groupBy(['ticket_type_id', 'price_paise', 'admits'])
    .execute();
  return rows.map((row) => ({
    typeId: row.ticket_type_id ?? null,
    pricePaise: Number(row.price_paise),
    admits: Number(row.admits ?? 1),
    paidTickets: Number(row.tickets),
  }));
}
