import type { PromoCodeRule } from '@utsav/domain/promo-codes';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import type { PromoCodeRow } from '../platform/db/schema-sales';

// Promo codes as the checkout, the code check and the admin read them, and what a person has taken of each type
// and code (migration 0024). SQL only.

export function codeRuleOf(row: PromoCodeRow): PromoCodeRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    ticketTypeIds: parseIds(row.ticket_type_ids),
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    maxUsesPerPerson: row.max_uses_per_person === null ? null : Number(row.max_uses_per_person),
    minQuantity: row.min_quantity === null ? null : Number(row.min_quantity),
    active: Boolean(row.active),
  };
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The event's code with this (normalised) text. */
export async function findCodeByText(
  db: Db,
  eventId: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** A code by its id (an order names the code it used by id). */
export async function findCodeById(db: Db, id: string): Promise<PromoCodeRow | undefined> {
  return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * One person's tickets per type of the event: bought (active or used, not hand-issued) plus those in their live
 * holds at `now` (the per-type limit counts both, as the event's per-person cap does).
 */
export async function personTypeTickets(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = await sql<{ ticket_type_id: string; n: number }>`
    select ticket_type_id, count(*) as n from tickets
      where user_id = ${userId} and event_id = ${eventId} and status in ('active', 'used') and issued_by_admin = 0
      group by ticket_type_id
    union all
    select l.ticket_type_id, sum(l.quantity) from orders o join order_lines l on l.order_id = o.id
      where o.user_id = ${userId} and o.event_id = ${eventId} and o.status = 'created'
        and o.hold_expires_at > ${now.toISOString()}
      group by l.ticket_type_id`.execute(db);
  const taken = new Map<string, number>();
  for (const row of rows.rows)
    taken.set(row.ticket_type_id, (taken.get(row.ticket_type_id) ?? 0) + Number(row.n));
  return taken;
}

/** Uses of one code by one person: their tickets that took a use, and the uses their live holds reserve. */
export async function personCodeUses(db: Db, codeId: string, userId: string, now: Date): Promise<number> {
  const row = await sql<{ bought: number | null; held: number | null }>`
    select
      (select count(*) from tickets where user_id = ${userId} and promo_code_id = ${codeId}
        and status in ('active', 'used')) as bought,
      (select sum(l.code_uses) from orders o join order_lines l on l.order_id = o.id
        where o.user_id = ${userId} and l.promo_code_id = ${codeId} and o.status = 'created'
          and o.hold_expires_at > ${now.toISOString()}) as held`.execute(db);
  const figures = row.rows[0];
  return Number(figures?.bought ?? 0) + Number(figures?.held ?? 0);
}
