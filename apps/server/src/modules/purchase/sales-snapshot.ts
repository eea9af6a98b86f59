import type { ConvenienceFeeRule } from '@utsav/domain/convenience-fee';
import type { PromoCodeRule } from '@utsav/domain/promo-codes';
import { type AliasedRawBuilder, type Compilable, type Expression, sql } from 'kysely';
import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { SqliteNow } from '../../platform/db/sqlite-now';
import { type Counted, countersOf, type SalesCounters, type StoredType } from '../../stores/ticket-types';

// SQL only: what a hold of ticket types is priced on beyond the event's own figures. The price list (types, phases,
// codes) is read only when it changed (sales-catalogue.ts). The counters of types, phases and codes and the buyer's
// own tickets of each type and uses of each code are columns of the hold's one figures statement (hold-figures.ts),
// there only when the hold touches a limit they are needed for (FigureNeeds): a hold of a type without capacity,
// phase quantities, per-person limit or a limited code reads exactly what a hold read before types.

export interface PersonSales {
  /** Tickets of each type: bought (active or used, not hand-issued) and in live holds. */
  typeTickets: Map<string, number>;
  /** Uses of each code: tickets that took one, and uses reserved by live holds. */
  codeUses: Map<string, number>;
}

export interface SalesSnapshot {
  types: StoredType[];
  /** Read only when a limit needs them; else none (every figure 0, and no bounded figure is touched). */
  counters: SalesCounters;
  /** By normalised text; undefined: no such code for this event. */
  codes: ReadonlyMap<string, PromoCodeRule | undefined>;
  persons: Map<string, PersonSales>;
  /** The organiser's convenience fee (null: none), from the price list. */
  fee: ConvenienceFeeRule | null;
}

/** Which optional figures a hold (or a batch of holds) needs read with the event's. */
export interface FigureNeeds {
  /** sales_counters of the event: a touched type has a capacity or phase quantities, or the code a use limit. */
  counters: boolean;
  /** The buyer's tickets of each type: a touched type has a per-person limit. */
  personTypes: boolean;
  /** The buyer's uses of each code: the code has a per-person limit. */
  personCodes: boolean;
}

export const NO_NEEDS: FigureNeeds = { counters: false, personTypes: false, personCodes: false };

export function needsKey(needs: FigureNeeds): string {
  return `${Number(needs.counters)}${Number(needs.personTypes)}${Number(needs.personCodes)}`;
}

export function eitherNeeds(a: FigureNeeds, b: FigureNeeds): FigureNeeds {
  return {
    counters: a.counters || b.counters,
    personTypes: a.personTypes || b.personTypes,
    personCodes: a.personCodes || b.personCodes,
  };
}

/** The optional figures' rows as the statement returns them: lists in one text each (one row per hold or buyer). */
export interface SalesFigureRow {
  counters?: string | null;
  person_types?: string | null;
  person_type_holds?: string | null;
  person_codes?: string | null;
  person_code_holds?: string | null;
}

/**
 * The optional columns, for the figures statement of one buyer (`user` a value) or of a batch (`user` a column of
 * the outer query). Each is one text listing rows (`a b c,a b c`): string_agg on PostgreSQL, group_concat on SQLite.
 * The person's lists are read without grouping, so each engine walks the person's index (user, event, status), a
 * handful of entries, never the event's tickets.
 */
export function salesFigureColumns(
  postgres: boolean,
  needs: FigureNeeds,
  eventId: string,
  user: string | Expression<string>,
  nowIso: string,
): AliasedRawBuilder<unknown, string>[] {
  const list = (expression: string) =>
    sql.raw(postgres ? `string_agg(${expression}, ',')` : `group_concat(${expression}, ',')`);
  const heldBy = sql`from orders o join order_lines l on l.order_id = o.id
    where o.user_id = ${user} and o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${nowIso}`;
  const columns: AliasedRawBuilder<unknown, string>[] = [];
  if (needs.counters) {
    columns.push(
      sql`(select ${list("scope || ' ' || ref_id || ' ' || sold || ' ' || held")} from sales_counters
        where event_id = ${eventId})`.as('counters'),
    );
  }
  if (needs.personTypes) {
    columns.push(
      sql`(select ${list('ticket_type_id')} from tickets where user_id = ${user} and event_id = ${eventId}
        and status in ('active', 'used') and issued_by_admin = 0)`.as('person_types'),
      sql`(select ${list("l.ticket_type_id || ' ' || l.quantity")} ${heldBy})`.as('person_type_holds'),
    );
  }
  if (needs.personCodes) {
    columns.push(
      sql`(select ${list('promo_code_id')} from tickets where user_id = ${user} and event_id = ${eventId}
        and status in ('active', 'used') and promo_code_id is not null)`.as('person_codes'),
      sql`(select ${list("l.promo_code_id || ' ' || l.code_uses")} ${heldBy} and l.code_uses > 0)`.as(
        'person_code_holds',
      ),
    );
  }
  return columns;
}

const NO_COUNTERS: SalesCounters = { type: new Map(), phase: new Map(), code: new Map() };

/** The counters column, or none when it was not read. */
export function countersFromRow(row: SalesFigureRow): SalesCounters {
  if (row.counters === undefined) return NO_COUNTERS;
  const rows = (row.counters ?? '')
    .split(',')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [scope, ref_id, sold, held] = entry.split(' ');
      return { scope: scope!, ref_id: ref_id!, sold: Number(sold), held: Number(held) };
    });
  return countersOf(rows);
}

/** The person's columns (absent ones: nothing of that kind counted). */
export function personFromRow(row: SalesFigureRow): PersonSales {
  const typeTickets = new Map<string, number>();
  const codeUses = new Map<string, number>();
  for (const id of splitList(row.person_types)) bump(typeTickets, id, 1);
  for (const [id, n] of pairs(row.person_type_holds)) bump(typeTickets, id, n);
  for (const id of splitList(row.person_codes)) bump(codeUses, id, 1);
  for (const [id, n] of pairs(row.person_code_holds)) bump(codeUses, id, n);
  return { typeTickets, codeUses };
}

function splitList(text: string | null | undefined): string[] {
  return text ? text.split(',').filter((entry) => entry !== '') : [];
}

function pairs(text: string | null | undefined): [string, number][] {
  return splitList(text).map((entry) => {
    const [id, n] = entry.split(' ');
    return [id!, Number(n)];
  });
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * The counters' sold with the exact live holds (orders whose hold runs at `now`), per type, phase and code, in
 * one statement (one snapshot: on PostgreSQL a live hold is paid without the event lock, moving its tickets from
 * held to sold). Read only when a limit is within reach (@utsav/domain/hold-bounds).
 */
export function readExactSync(sqlite: SqliteNow, db: Db, eventId: string, nowIso: string): SalesCounters {
  return countersOf(sqlite.all(exactQuery(db, eventId, nowIso)) as ExactRow[]);
}

export async function readExact(db: Db, eventId: string, nowIso: string): Promise<SalesCounters> {
  return countersOf((await db.executeQuery(exactQuery(db, eventId, nowIso))).rows);
}

type ExactRow = { scope: string; ref_id: string; sold: number; held: number };

const raw = <Row>(db: Db, query: ReturnType<typeof sql<Row>>) =>
  ({ compile: () => query.compile(db) }) as unknown as Compilable<Row>;

// The price list, read when it changed (sales-catalogue.ts).
export const typesQuery = compiledQueryOnce((db: Db, eventId: string) =>
  db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at'),
);

export const phasesQuery = compiledQueryOnce((db: Db, eventId: string) =>
  db
    .selectFrom('price_phases')
    .innerJoin('ticket_types', 'ticket_types.id', 'price_phases.ticket_type_id')
    .selectAll('price_phases')
    .where('ticket_types.event_id', '=', eventId),
);

/** The organiser's convenience fee, read with the price list (the tax settings' one row; none: no row yet). */
export const feeQuery = compiledQueryOnce((db: Db, settingsId: string) =>
  db
    .selectFrom('tax_settings')
    .select(['convenience_fee_basis', 'convenience_fee_value', 'convenience_fee_paid_by'])
    .where('id', '=', settingsId),
);

export const codeQuery = compiledQueryOnce((db: Db, eventId: string, code: string) =>
  db.selectFrom('promo_codes').selectAll().where('event_id', '=', eventId).where('code', '=', code),
);

const exactQuery = compiledQueryOnce((db: Db, eventId: string, nowIso: string) =>
  raw<ExactRow>(
    db,
    sql`select c.scope, c.ref_id, c.sold, coalesce(h.n, 0) as held from sales_counters c
      left join (
        select 'type' as scope, l.ticket_type_id as ref_id, sum(l.quantity) as n
          from orders o join order_lines l on l.order_id = o.id
          where o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${nowIso}
          group by l.ticket_type_id
        union all
        select 'phase', l.phase_id, sum(l.quantity) from orders o join order_lines l on l.order_id = o.id
          where o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${nowIso}
            and l.phase_id is not null
          group by l.phase_id
        union all
        select 'code', l.promo_code_id, sum(l.code_uses) from orders o join order_lines l on l.order_id = o.id
          where o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${nowIso}
            and l.promo_code_id is not null
          group by l.promo_code_id
      ) h on h.scope = c.scope and h.ref_id = c.ref_id
      where c.event_id = ${eventId}`,
  ),
);

export type { Counted };
