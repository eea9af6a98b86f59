import type { ConvenienceFeeRule } from '@utsav/domain/convenience-fee';
import { exactHoldsMatter } from '@utsav/domain/hold-bounds';
import { type OrderItem, type PricedOrder, type PricingResult, priceOrder } from '@utsav/domain/order-lines';
import { normaliseCode, type PromoCodeRule } from '@utsav/domain/promo-codes';
import type { TypeTaken } from '@utsav/domain/ticket-types';
import type { SalesCounters, StoredType } from '../../stores/ticket-types';
import type { HoldFigures } from './hold-figures';
import { codeTextOf, type SalesCatalogue } from './sales-catalogue';
import { countersFromRow, type FigureNeeds, personFromRow, type SalesSnapshot } from './sales-snapshot';

// A hold priced line by line (@utsav/domain/order-lines) on the figures read under the event lock plus what the
// holds before it in the same batch took (BatchLedger): so a batch never sells a type's, a phase's or the event's
// last tickets twice, nor a code's last use. The counters' held figures are upper bounds (every order still
// `created`); when a limit the hold touches is within reach (hold-bounds.ts) the caller reads the exact live
// holds once for the batch and prices again on them.

/** What the holds accepted earlier in this batch took, per event, type, phase, code and person. */
export class BatchLedger {
  people = 0;
  readonly type = new Map<string, number>();
  readonly phase = new Map<string, number>();
  readonly code = new Map<string, number>();
  readonly personType = new Map<string, Map<string, number>>();
  readonly personCode = new Map<string, Map<string, number>>();

  add(userId: string, order: PricedOrder, codeId: string | null): void {
    this.people += order.people;
    const mine = mapOf(this.personType, userId);
    for (const line of order.lines) {
      bump(this.type, line.ticketTypeId, line.quantity);
      if (line.phaseId) bump(this.phase, line.phaseId, line.quantity);
      bump(mine, line.ticketTypeId, line.quantity);
      if (codeId && line.codeUses > 0) {
        bump(this.code, codeId, line.codeUses);
        bump(mapOf(this.personCode, userId), codeId, line.codeUses);
      }
    }
  }
}

function mapOf(maps: Map<string, Map<string, number>>, key: string): Map<string, number> {
  let map = maps.get(key);
  if (!map) {
    map = new Map();
    maps.set(key, map);
  }
  return map;
}

function bump(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export interface HoldAsked {
  userId: string;
  /** The spec's quantity of the default type, when no items were given. */
  quantity: number;
  items: OrderItem[] | null;
  promoCode: string | null;
}

export interface EventFigures {
  total: number;
  /** People sold and held (held: the upper bound, or exact), before this batch. */
  sold: number;
  held: number;
}

export interface PricedHold {
  result: PricingResult;
  /**
   * An upper bound was judged near a limit: price again on the exact live holds, of the event alone ('event': one
   * covering-index sum, as before types) or of the types, phases and code too ('sales').
   */
  needsExact: 'none' | 'event' | 'sales';
  types: Map<string, StoredType>;
  defaultType: StoredType;
  code: PromoCodeRule | undefined;
  /** The organiser's convenience fee the hold is charged under (null: none). */
  fee: ConvenienceFeeRule | null;
}

/**
 * The optional figures this hold is priced on: the counters only when a type it asks for has a capacity or phase
 * quantities, or its code a use limit; the person's tickets per type only for a per-person limit, their uses of
 * codes only for a code's per-person limit. Without any, the hold reads what it read before types.
 */
export function figureNeeds(catalogue: SalesCatalogue, asked: HoldAsked): FigureNeeds {
  const touched = (asked.items ?? [{ ticketTypeId: catalogue.defaultType.id, quantity: asked.quantity }])
    .map((item) => catalogue.byId.get(item.ticketTypeId))
    .filter((type): type is StoredType => type !== undefined);
  const codeText = codeTextOf(asked.promoCode);
  const code = codeText === null ? undefined : catalogue.codes.get(codeText);
  return {
    counters:
      touched.some(
        (type) => type.capacity !== null || type.phases.some((phase) => phase.quantity !== null),
      ) ||
      (code !== undefined && code.maxUses !== null),
    personTypes: touched.some((type) => type.perPersonLimit !== null),
    personCodes: code !== undefined && code.maxUsesPerPerson !== null,
  };
}

/** What a hold (or a batch) is priced on: the price list, and the figures read for each buyer. */
export function snapshotOf(
  catalogue: SalesCatalogue,
  byBuyer: ReadonlyMap<string, HoldFigures>,
): SalesSnapshot {
  const [first] = byBuyer.values();
  return {
    types: catalogue.types,
    // The same event-wide column on every buyer's row.
    counters: countersFromRow(first?.sales ?? {}),
    codes: catalogue.codes,
    fee: catalogue.fee,
    persons: new Map([...byBuyer].map(([buyer, figures]) => [buyer, personFromRow(figures.sales)])),
  };
}

export function defaultTypeOf(snapshot: SalesSnapshot): StoredType {
  const found = snapshot.types.find((type) => type.isDefault);
  if (!found) throw new Error('the event has no default ticket type');
  return found;
}

/** The items a hold asks for: the spec's payload buys `quantity` of the default type. */
export function itemsOf(asked: HoldAsked, snapshot: SalesSnapshot): OrderItem[] {
  return asked.items ?? [{ ticketTypeId: defaultTypeOf(snapshot).id, quantity: asked.quantity }];
}

export function priceHold(
  asked: HoldAsked,
  snapshot: SalesSnapshot,
  counters: SalesCounters,
  event: EventFigures,
  ledger: BatchLedger,
  now: Date,
  exact: boolean,
): PricedHold {
  const types = new Map(snapshot.types.map((type) => [type.id, type]));
  const defaultType = defaultTypeOf(snapshot);
  const items = itemsOf(asked, snapshot);
  const codeText = asked.promoCode ? normaliseCode(asked.promoCode) : null;
  const code = codeText ? snapshot.codes.get(codeText) : undefined;
  const person = snapshot.persons.get(asked.userId);
  const personTaken = new Map(person?.typeTickets ?? []);
  for (const [typeId, n] of ledger.personType.get(asked.userId) ?? []) bump(personTaken, typeId, n);
  const counted = (scope: 'type' | 'phase' | 'code', id: string) => {
    const figure = counters[scope].get(id);
    return { sold: figure?.sold ?? 0, heldAtMost: (figure?.heldAtMost ?? 0) + (ledger[scope].get(id) ?? 0) };
  };
  const taken = new Map<string, TypeTaken>(
    snapshot.types.map((type) => {
      const own = counted('type', type.id);
      return [
        type.id,
        {
          tickets: own.sold + own.heldAtMost,
          phases: new Map(
            type.phases.map((phase) => {
              const at = counted('phase', phase.id);
              return [phase.id, at.sold + at.heldAtMost];
            }),
          ),
        },
      ];
    }),
  );
  const codeCount = code ? counted('code', code.id) : { sold: 0, heldAtMost: 0 };
  const personUses =
    (code ? (person?.codeUses.get(code.id) ?? 0) : 0) +
    (code ? (ledger.personCode.get(asked.userId)?.get(code.id) ?? 0) : 0);
  const peopleLeft = Math.max(0, event.total - event.sold - event.held - ledger.people);
  const result = priceOrder(items, {
    now,
    peopleLeft,
    types,
    taken,
    personTaken,
    code:
      codeText === null
        ? null
        : { rule: code, uses: { total: codeCount.sold + codeCount.heldAtMost, person: personUses } },
  });
  let needsExact: PricedHold['needsExact'] = 'none';
  if (!exact) {
    const people = result.ok
      ? result.order.people
      : items.reduce((sum, item) => sum + item.quantity * (types.get(item.ticketTypeId)?.admits ?? 1), 0);
    const tickets = items.reduce((sum, item) => sum + item.quantity, 0);
    // Limits of the types, phases and code this hold touches: only those make the dearer exact read worth it.
    const bounded =
      items.some((item) => {
        const type = types.get(item.ticketTypeId);
        return (
          type !== undefined &&
          (type.capacity !== null || type.phases.some((phase) => phase.quantity !== null))
        );
      }) ||
      (code !== undefined && code.maxUses !== null);
    const salesNear =
      items.some((item) => {
        const type = types.get(item.ticketTypeId);
        if (!type) return false;
        return (
          exactHoldsMatter({ limit: type.capacity, ...counted('type', type.id) }, item.quantity) ||
          type.phases.some((phase) =>
            exactHoldsMatter({ limit: phase.quantity, ...counted('phase', phase.id) }, item.quantity),
          )
        );
      }) ||
      (code !== undefined && exactHoldsMatter({ limit: code.maxUses, ...codeCount }, tickets));
    const eventNear = exactHoldsMatter(
      { limit: event.total, sold: event.sold, heldAtMost: event.held + ledger.people },
      people,
    );
    if (salesNear || (!result.ok && bounded)) needsExact = 'sales';
    else if (eventNear || !result.ok) needsExact = 'event';
  }
  return { result, needsExact, types, defaultType, code, fee: snapshot.fee };
}
