import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PromoCodeRow } from '../../platform/db/schema-sales';

// SQL only: the organiser's promo codes and each code's use.

export async function findEventCodes(db: Db, eventId: string): Promise<PromoCodeRow[]> {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('code')
    .execute();
}

export async function findCode(db: Db, id: string): Promise<PromoCodeRow | undefined> {
  return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCode(db: Db, row: PromoCodeRow): Promise<void> {
  await db.insertInto('promo_codes').values(row).execute();
}

export async function updateCode(db: Db, id: string, patch: Partial<PromoCodeRow>): Promise<void> {
  await db.updateTable('promo_codes').set(patch).where('id', '=', id).execute();
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('promo_codes').where('id', '=', id).execute();
}

/** True when a ticket or an order (a hold, paid or not) carries the code: it is switched off, not deleted. */
export async function codeHasUses(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('tickets').select('id').where('promo_code_id', '=', id)).as('tickets'),
      eb.exists(eb.selectFrom('orders').select('id').where('promo_code_id', '=', id)).as('orders'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.tickets) || Boolean(row.orders);
}

export interface CodeUse {
  /** Tickets that took a use (active or used), and the uses live holds reserve now. */
  tickets: number;
  held: number;
  /** The orders those tickets came from. */
  orders: number;
  discountPaise: number;
  /** What was paid for those tickets (after the discount); the analytics' rule (@utsav/domain/sales-breakdown). */
  revenuePaise: number;
}

/**
 * Each code's use, counted from the rows (the admin panel and its CSV; not a hot path). Orders as the sales
 * breakdown counts them (admin/sales-breakdown-repo.ts codeOrders): a ticket transferred on is counted through its
 * revoked original, which keeps the order.
 */
export async function codeUses(db: Db, eventId: string, now: Date): Promise<Map<string, CodeUse>> {
  const rows = await sql<{
    id: string;
    tickets: number | null;
    held: number | null;
    orders: number | null;
    discount: number | null;
    revenue: number | null;
  }>`
    select c.id,
      (select count(*) from tickets t where t.promo_code_id = c.id and t.status in ('active', 'used')) as tickets,
      (select sum(l.code_uses) from order_lines l join orders o on o.id = l.order_id
        where l.promo_code_id = c.id and o.status = 'created' and o.hold_expires_at > ${now.toISOString()}) as held,
      (select count(distinct t.order_id) from tickets t where t.promo_code_id = c.id
        and (t.status in ('active', 'used') or t.transferred_at is not null)) as orders,
      (select sum(t.discount_paise) from tickets t where t.promo_code_id = c.id and t.status in ('active', 'used'))
        as discount,
      (select sum(t.price_paise) from tickets t
        where t.promo_code_id = c.id and t.status in ('active', 'used') and t.payment_received = 1) as revenue
    from promo_codes c where c.event_id = ${eventId}`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      {
        tickets: Number(row.tickets ?? 0),
        held: Number(row.held ?? 0),
        orders: Number(row.orders ?? 0),
        discountPaise: Number(row.discount ?? 0),
        revenuePaise: Number(row.revenue ?? 0),
      },
    ]),
  );
}
