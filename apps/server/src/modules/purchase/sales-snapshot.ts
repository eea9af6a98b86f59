import type { PromoCodeRule } from '@utsav/domain/promo-codes';
import { type Compilable, type CompiledQuery, sql } from 'kysely';
import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { PricePhaseRow, PromoCodeRow, TicketTypeRow } from '../../platform/db/schema-sales';
import type { SqliteNow } from '../../platform/db/sqlite-now';
import { codeRuleOf } from '../../stores/promo-codes';
import {
  type Counted,
  countersOf,
  type SalesCounters,
  type StoredType,
  typeOf,
} from '../../stores/ticket-types';

// SQL only: what a batch of holds is priced on, read under the event lock once per batch (types, phases, the
// counters, the codes the batch names) and once per buyer (their tickets of each type, their uses of the code).
// The same compiled statements run synchronously on SQLite (inside the group commit) and awaited on PostgreSQL.

export interface PersonSales {
  /** Tickets of each type: bought (active or used, not hand-issued) and in live holds. */
  typeTickets: Map<string, number>;
  /** Uses of each code named in the batch: tickets that took one, and uses reserved by live holds. */
  codeUses: Map<string, number>;
}

export interface SalesSnapshot {
  types: StoredType[];
  counters: SalesCounters;
  /** By normalised text; undefined: no such code for this event. */
  codes: Map<string, PromoCodeRule | undefined>;
  persons: Map<string, PersonSales>;
}

export interface SnapshotWanted {
  eventId: string;
  buyers: string[];
  codes: string[];
  nowIso: string;
}

interface PersonRows {
  types: { ticket_type_id: string; n: number | string }[];
  uses: { code_id: string; n: number | string }[];
}

export function readSnapshotSync(sqlite: SqliteNow, db: Db, wanted: SnapshotWanted): SalesSnapshot {
  const run = <Row>(query: CompiledQuery<Row>) => sqlite.all(query) as Row[];
  const codes = wanted.codes.map((code) => run(codeQuery(db, wanted.eventId, code))[0]);
  const persons = wanted.buyers.map(
    (buyer): PersonRows => ({
      types: run(personTypesQuery(db, wanted.eventId, buyer, wanted.nowIso)),
      uses: codesFound(codes).flatMap((code) => run(personCodeQuery(db, code.id, buyer, wanted.nowIso))),
    }),
  );
  return assemble(
    run(typesQuery(db, wanted.eventId)),
    run(phasesQuery(db, wanted.eventId)),
    run(countersQuery(db, wanted.eventId)),
    wanted,
    codes,
    persons,
  );
}

export async function readSnapshot(db: Db, wanted: SnapshotWanted): Promise<SalesSnapshot> {
  const run = async <Row>(query: CompiledQuery<Row>) => (await db.executeQuery(query)).rows;
  const [types, phases, counters, codes] = await Promise.all([
    run(typesQuery(db, wanted.eventId)),
    run(phasesQuery(db, wanted.eventId)),
    run(countersQuery(db, wanted.eventId)),
    Promise.all(wanted.codes.map(async (code) => (await run(codeQuery(db, wanted.eventId, code)))[0])),
  ]);
  const persons = await Promise.all(
    wanted.buyers.map(
      async (buyer): Promise<PersonRows> => ({
        types: await run(personTypesQuery(db, wanted.eventId, buyer, wanted.nowIso)),
        uses: (
          await Promise.all(
            codesFound(codes).map((code) => run(personCodeQuery(db, code.id, buyer, wanted.nowIso))),
          )
        ).flat(),
      }),
    ),
  );
  return assemble(types, phases, counters, wanted, codes, persons);
}

function codesFound(codes: (PromoCodeRow | undefined)[]): PromoCodeRow[] {
  return codes.filter((row): row is PromoCodeRow => row !== undefined);
}

function assemble(
  types: TicketTypeRow[],
  phases: PricePhaseRow[],
  counters: { scope: string; ref_id: string; sold: number; held: number }[],
  wanted: SnapshotWanted,
  codes: (PromoCodeRow | undefined)[],
  persons: PersonRows[],
): SalesSnapshot {
  const byBuyer = new Map<string, PersonSales>();
  wanted.buyers.forEach((buyer, index) => {
    const rows = persons[index]!;
    const typeTickets = new Map<string, number>();
    for (const row of rows.types)
      typeTickets.set(row.ticket_type_id, (typeTickets.get(row.ticket_type_id) ?? 0) + Number(row.n));
    const codeUses = new Map<string, number>();
    for (const row of rows.uses) codeUses.set(row.code_id, (codeUses.get(row.code_id) ?? 0) + Number(row.n));
    byBuyer.set(buyer, { typeTickets, codeUses });
  });
  return {
    types: types.map((row) => typeOf(row, phases)),
    counters: countersOf(counters),
    codes: new Map(
      wanted.codes.map((code, index) => [code, codes[index] ? codeRuleOf(codes[index]!) : undefined]),
    ),
    persons: byBuyer,
  };
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

const typesQuery = compiledQueryOnce((db: Db, eventId: string) =>
  db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at'),
);

const phasesQuery = compiledQueryOnce((db: Db, eventId: string) =>
  db
    .selectFrom('price_phases')
    .innerJoin('ticket_types', 'ticket_types.id', 'price_phases.ticket_type_id')
    .selectAll('price_phases')
    .where('ticket_types.event_id', '=', eventId),
);

const countersQuery = compiledQueryOnce((db: Db, eventId: string) =>
  db.selectFrom('sales_counters').select(['scope', 'ref_id', 'sold', 'held']).where('event_id', '=', eventId),
);

const codeQuery = compiledQueryOnce((db: Db, eventId: string, code: string) =>
  db.selectFrom('promo_codes').selectAll().where('event_id', '=', eventId).where('code', '=', code),
);

const personTypesQuery = compiledQueryOnce((db: Db, eventId: string, userId: string, nowIso: string) =>
  raw<{ ticket_type_id: string; n: number }>(
    db,
    sql`select ticket_type_id, count(*) as n from tickets
      where user_id = ${userId} and event_id = ${eventId} and status in ('active', 'used') and issued_by_admin = 0
      group by ticket_type_id
    union all
    select l.ticket_type_id, sum(l.quantity) from orders o join order_lines l on l.order_id = o.id
      where o.user_id = ${userId} and o.event_id = ${eventId} and o.status = 'created' and o.hold_expires_at > ${nowIso}
      group by l.ticket_type_id`,
  ),
);

const personCodeQuery = compiledQueryOnce((db: Db, codeId: string, userId: string, nowIso: string) =>
  raw<{ code_id: string; n: number }>(
    db,
    sql`select promo_code_id as code_id, count(*) as n from tickets
      where user_id = ${userId} and promo_code_id = ${codeId} and status in ('active', 'used') group by promo_code_id
    union all
    select l.promo_code_id, sum(l.code_uses) from orders o join order_lines l on l.order_id = o.id
      where o.user_id = ${userId} and l.promo_code_id = ${codeId} and o.status = 'created'
        and o.hold_expires_at > ${nowIso}
      group by l.promo_code_id`,
  ),
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
