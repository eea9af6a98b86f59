import type { PricePhase, TicketTypeRule, TypeTaken } from '@utsav/domain/ticket-types';
import type { Db } from '../platform/db/database';
import type { PricePhaseRow, TicketTypeRow } from '../platform/db/schema-sales';

// An event's ticket types with their phases, and the counters of what each type, phase and code has sold and
// holds (migration 0024), as every module that sells, admits or reports them reads them. SQL only; the rules
// are @utsav/domain's.

/** A type as the rules see it, with what only the server and the admin need. */
export interface StoredType extends TicketTypeRule {
  eventId: string;
  isDefault: boolean;
  position: number;
}

export function typeOf(row: TicketTypeRow, phases: readonly PricePhaseRow[]): StoredType {
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    nameHi: row.name_hi,
    nameGu: row.name_gu,
    description: row.description,
    pricePaise: Number(row.price_paise),
    groupPrice4Paise: row.group_price4_paise === null ? null : Number(row.group_price4_paise),
    admits: Number(row.admits),
    capacity: row.capacity === null ? null : Number(row.capacity),
    perPersonLimit: row.per_person_limit === null ? null : Number(row.per_person_limit),
    salesStart: row.sales_start,
    salesEnd: row.sales_end,
    colour: row.colour,
    hidden: Boolean(row.hidden),
    paused: Boolean(row.paused),
    archived: row.archived_at !== null,
    isDefault: Boolean(row.is_default),
    position: Number(row.position),
    phases: phases
      .filter((phase) => phase.ticket_type_id === row.id)
      .sort((a, b) => a.position - b.position)
      .map(
        (phase): PricePhase => ({
          id: phase.id,
          label: phase.label,
          pricePaise: Number(phase.price_paise),
          endsAt: phase.ends_at,
          quantity: phase.quantity === null ? null : Number(phase.quantity),
        }),
      ),
  };
}

/** Every type of the event (archived and hidden too), in the organiser's order, with their phases. */
export async function findEventTypes(db: Db, eventId: string): Promise<StoredType[]> {
  const rows = await db
    .selectFrom('ticket_types')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  if (rows.length === 0) return [];
  const phases = await db
    .selectFrom('price_phases')
    .selectAll()
    .where(
      'ticket_type_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => typeOf(row, phases));
}

export async function findType(db: Db, id: string): Promise<StoredType | undefined> {
  const row = await db.selectFrom('ticket_types').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const phases = await db.selectFrom('price_phases').selectAll().where('ticket_type_id', '=', id).execute();
  return typeOf(row, phases);
}

export interface Counted {
  sold: number;
  /** Held by every order still `created`: at least the live holds. */
  heldAtMost: number;
}

/** sales_counters of one event, by scope and id. */
export interface SalesCounters {
  type: Map<string, Counted>;
  phase: Map<string, Counted>;
  code: Map<string, Counted>;
}

export async function findSalesCounters(db: Db, eventId: string): Promise<SalesCounters> {
  const rows = await db
    .selectFrom('sales_counters')
    .select(['scope', 'ref_id', 'sold', 'held'])
    .where('event_id', '=', eventId)
    .execute();
  return countersOf(rows);
}

export function countersOf(
  rows: readonly { scope: string; ref_id: string; sold: number | string; held: number | string }[],
): SalesCounters {
  const counters: SalesCounters = { type: new Map(), phase: new Map(), code: new Map() };
  for (const row of rows) {
    const scope = counters[row.scope as keyof SalesCounters];
    scope?.set(row.ref_id, { sold: Number(row.sold), heldAtMost: Number(row.held) });
  }
  return counters;
}

const NONE: Counted = { sold: 0, heldAtMost: 0 };

/** What the rules count as taken of a type and its phases: sold + held (an upper bound while held is). */
export function takenOf(counters: SalesCounters, type: Pick<TicketTypeRule, 'id' | 'phases'>): TypeTaken {
  const of = (counted: Counted = NONE) => counted.sold + counted.heldAtMost;
  return {
    tickets: of(counters.type.get(type.id)),
    phases: new Map(type.phases.map((phase) => [phase.id, of(counters.phase.get(phase.id))])),
  };
}

/**
 * True when the event's default type is priced by the event row alone, as before types: no phases, no capacity,
 * limit, window or pause of its own. The spec's checkout can then be priced (and its Razorpay order made) before
 * the hold; otherwise it is priced under the lock like any order of items.
 */
export async function defaultTypeIsPlain(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ticket_types as t')
    .select((eb) => [
      't.capacity',
      't.per_person_limit',
      't.sales_start',
      't.sales_end',
      't.paused',
      eb
        .exists(eb.selectFrom('price_phases as p').select('p.id').whereRef('p.ticket_type_id', '=', 't.id'))
        .as('phased'),
    ])
    .where('t.event_id', '=', eventId)
    .where('t.is_default', '=', 1)
    .executeTakeFirst();
  if (!row) return true;
  return (
    row.capacity === null &&
    row.per_person_limit === null &&
    row.sales_start === null &&
    row.sales_end === null &&
    !Number(row.paused) &&
    !row.phased
  );
}
