import { describe, expect, it } from 'vitest';
import {
  type OrderItem,
  type PricingFacts,
  type PricingResult,
  priceOrder,
  ticketsOfLines,
} from '../src/order-lines';
import {
  codeRefusalMessage,
  codeStanding,
  discountPerTicket,
  isWellFormedCode,
  normaliseCode,
  PROMO_MESSAGES,
  type PromoCodeRule,
  usesLeft,
} from '../src/promo-codes';
import type { TicketTypeRule } from '../src/ticket-types';
import { codeRule, typeRule } from './support/ticket-types';

const NOW = new Date('2026-10-01T12:00:00.000Z');
const female = typeRule({ id: 'female', name: 'Female pass', pricePaise: 24_900 });
const male = typeRule({ id: 'male', name: 'Male pass', pricePaise: 34_900 });
const couple = typeRule({ id: 'couple', name: 'Couple pass', pricePaise: 59_900, admits: 2 });
const artist = typeRule({ id: 'artist', name: 'Artist pass', pricePaise: 0, hidden: true });
const press = typeRule({ id: 'press', name: 'Press pass', pricePaise: 10_000, hidden: true });
const ALL = [female, male, couple, artist, press];

function withCode(
  rule: PromoCodeRule | undefined,
  uses = { total: 0, person: 0 },
  types: TicketTypeRule[] = ALL,
): PricingFacts {
  return {
    now: NOW,
    peopleLeft: 1000,
    types: new Map(types.map((type) => [type.id, type])),
    taken: new Map(),
    personTaken: new Map(),
    code: { rule, uses },
  };
}

const items = (...pairs: [string, number][]): OrderItem[] =>
  pairs.map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));

function priced(result: PricingResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.order;
}

describe('the text of a code', () => {
  it('is case-insensitive and trimmed', () => {
    expect(normaliseCode('  diwali-10 ')).toBe('DIWALI-10');
  });

  it.each(['GARBA', 'diwali-10', 'A1B', 'X'.repeat(32)])('%s is well formed', (code) => {
    expect(isWellFormedCode(code)).toBe(true);
  });

  it.each(['AB', 'X'.repeat(33), '-GARBA', 'GARBA-', 'GAR BA', 'GARBA!', 'गरबा', ''])('%s is not', (code) => {
    expect(isWellFormedCode(code)).toBe(false);
  });
});

describe('whether a code can be used at all', () => {
  const code = codeRule({
    kind: 'percent',
    value: 10,
    validFrom: '2026-10-01T00:00:00.000Z',
    validUntil: '2026-10-02T00:00:00.000Z',
    maxUses: 10,
    maxUsesPerPerson: 2,
  });
  const none = { total: 0, person: 0 };

  it('unknown and inactive codes read alike', () => {
    expect(codeStanding(undefined, NOW, none)).toBe('unknown');
    expect(codeStanding({ ...code, active: false }, NOW, none)).toBe('unknown');
  });

  it('its window is [validFrom, validUntil)', () => {
    expect(codeStanding(code, new Date('2026-09-30T23:59:59.999Z'), none)).toBe('not-yet');
    expect(codeStanding(code, new Date('2026-10-01T00:00:00.000Z'), none)).toBeNull();
    expect(codeStanding(code, new Date('2026-10-01T23:59:59.999Z'), none)).toBeNull();
    expect(codeStanding(code, new Date('2026-10-02T00:00:00.000Z'), none)).toBe('expired');
  });

  it("uses left: the smaller of everyone's and the person's, never negative", () => {
    expect(usesLeft(code, { total: 0, person: 0 })).toBe(2);
    expect(usesLeft(code, { total: 9, person: 0 })).toBe(1);
    expect(usesLeft(code, { total: 12, person: 0 })).toBe(0);
    expect(usesLeft(code, { total: 3, person: 2 })).toBe(0);
    expect(usesLeft(codeRule({ kind: 'percent', value: 5 }), { total: 1e6, person: 1e6 })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(codeStanding(code, NOW, { total: 10, person: 0 })).toBe('used-up');
    expect(codeStanding(code, NOW, { total: 1, person: 2 })).toBe('used-up');
  });

  it('each refusal has its sentence', () => {
    expect(codeRefusalMessage('unknown').template).toBe(PROMO_MESSAGES.unknown);
    expect(codeRefusalMessage('min-quantity', 4)).toEqual({
      template: PROMO_MESSAGES.minQuantity,
      params: { count: 4 },
    });
  });
});

describe('discounts', () => {
  it('percent rounds to the paisa, 100% is the whole price', () => {
    expect(discountPerTicket({ kind: 'percent', value: 10 }, 24_900)).toBe(2_490);
    expect(discountPerTicket({ kind: 'percent', value: 15 }, 24_950)).toBe(3_743);
    expect(discountPerTicket({ kind: 'percent', value: 100 }, 24_900)).toBe(24_900);
  });

  it('an amount never takes a ticket below ₹0', () => {
    expect(discountPerTicket({ kind: 'amount', value: 5_000 }, 24_900)).toBe(5_000);
    expect(discountPerTicket({ kind: 'amount', value: 50_000 }, 24_900)).toBe(24_900);
    expect(discountPerTicket({ kind: 'amount', value: 50_000 }, 0)).toBe(0);
  });

  it('an access code takes nothing off', () => {
    expect(discountPerTicket({ kind: 'unlock', value: 0 }, 24_900)).toBe(0);
  });
});

describe('a code applied to an order', () => {
  it('discounts only the lines of the types it names, never the whole order', () => {
    const code = codeRule({ kind: 'percent', value: 50, ticketTypeIds: ['female'] });
    const order = priced(priceOrder(items(['male', 1], ['female', 2]), withCode(code)));
    expect(
      order.lines.map((line) => [line.ticketTypeId, line.quantity, line.discountPerTicketPaise]),
    ).toEqual([
      ['male', 1, 0],
      ['female', 2, 12_450],
    ]);
    expect(order.discountPaise).toBe(24_900);
    expect(order.totalPaise).toBe(34_900 + 24_900);
    expect(order.code).toMatchObject({ refusal: null, uses: 2, partial: false });
  });

  it('a single-use 100% code frees one ticket, not the order', () => {
    const code = codeRule({ kind: 'percent', value: 100, maxUses: 1 });
    const order = priced(priceOrder(items(['female', 5]), withCode(code)));
    expect(order.lines.map((line) => [line.quantity, line.discountPerTicketPaise, line.codeUses])).toEqual([
      [1, 24_900, 1],
      [4, 0, 0],
    ]);
    expect(order.totalPaise).toBe(4 * 24_900);
    expect(order.code).toMatchObject({ uses: 1, partial: true });
    expect(ticketsOfLines(order.lines).map((ticket) => [ticket.pricePaise, ticket.usesCode])).toEqual([
      [0, true],
      [24_900, false],
      [24_900, false],
      [24_900, false],
      [24_900, false],
    ]);
  });

  it('a 10-use code with 1 use left discounts exactly one of three tickets', () => {
    const code = codeRule({ kind: 'amount', value: 5_000, maxUses: 10 });
    const order = priced(priceOrder(items(['male', 3]), withCode(code, { total: 9, person: 0 })));
    expect(order.discountPaise).toBe(5_000);
    expect(order.code?.uses).toBe(1);
  });

  it('a used-up code does not apply and says so; the lines keep their prices', () => {
    const code = codeRule({ kind: 'amount', value: 5_000, maxUses: 10 });
    const order = priced(priceOrder(items(['male', 1]), withCode(code, { total: 10, person: 0 })));
    expect(order.code?.refusal).toBe('used-up');
    expect(order.totalPaise).toBe(34_900);
  });

  it('a 100% code makes a ₹0 order', () => {
    const code = codeRule({ kind: 'percent', value: 100 });
    expect(priced(priceOrder(items(['couple', 1], ['female', 1]), withCode(code))).totalPaise).toBe(0);
  });

  it('an amount code larger than a ticket leaves it at ₹0, not below', () => {
    const code = codeRule({ kind: 'amount', value: 30_000 });
    const order = priced(priceOrder(items(['female', 2], ['male', 1]), withCode(code)));
    expect(order.totalPaise).toBe(4_900);
    expect(order.lines.every((line) => line.unitPricePaise - line.discountPerTicketPaise >= 0)).toBe(true);
  });

  it('minQuantity counts only the tickets of its types', () => {
    const code = codeRule({ kind: 'percent', value: 20, ticketTypeIds: ['female'], minQuantity: 4 });
    expect(priced(priceOrder(items(['female', 3], ['male', 5]), withCode(code))).code).toMatchObject({
      refusal: 'min-quantity',
      minQuantity: 4,
    });
    expect(priced(priceOrder(items(['female', 4]), withCode(code))).code?.refusal).toBeNull();
  });

  it('a code for other types says it is not for these tickets', () => {
    const code = codeRule({ kind: 'percent', value: 20, ticketTypeIds: ['couple'] });
    expect(priced(priceOrder(items(['female', 1]), withCode(code))).code?.refusal).toBe('not-for-these');
  });

  it("a per-person limit counts the person's earlier uses", () => {
    const code = codeRule({ kind: 'percent', value: 20, maxUsesPerPerson: 2 });
    const order = priced(priceOrder(items(['female', 3]), withCode(code, { total: 50, person: 1 })));
    expect(order.code).toMatchObject({ uses: 1, partial: true });
  });

  it('an unknown, expired or inactive code changes nothing', () => {
    for (const rule of [undefined, codeRule({ kind: 'percent', value: 50, active: false })]) {
      const order = priced(priceOrder(items(['female', 1]), withCode(rule)));
      expect(order.code?.refusal).toBe('unknown');
      expect(order.discountPaise).toBe(0);
    }
  });
});

describe('access codes and hidden types', () => {
  it('an unlock code naming no type opens every hidden type, counts their tickets as uses and discounts nothing', () => {
    const code = codeRule({ kind: 'unlock', value: 0, maxUses: 5 });
    const order = priced(priceOrder(items(['artist', 2], ['female', 1]), withCode(code)));
    expect(order.code).toMatchObject({ refusal: null, uses: 2, revealed: ['artist', 'press'] });
    expect(order.discountPaise).toBe(0);
  });

  it('an unlock code naming one hidden type opens only that one', () => {
    const code = codeRule({ kind: 'unlock', value: 0, ticketTypeIds: ['press'] });
    expect(priced(priceOrder(items(['press', 1]), withCode(code))).code?.revealed).toEqual(['press']);
    expect(priceOrder(items(['artist', 1]), withCode(code))).toMatchObject({
      ok: false,
      refusal: { kind: 'unknown-type' },
    });
  });

  it('a discount code naming a hidden type opens and discounts it; one naming none opens nothing', () => {
    const named = codeRule({ kind: 'percent', value: 50, ticketTypeIds: ['press'] });
    expect(priced(priceOrder(items(['press', 1]), withCode(named))).totalPaise).toBe(5_000);
    const everyType = codeRule({ kind: 'percent', value: 50 });
    expect(priceOrder(items(['press', 1]), withCode(everyType)).ok).toBe(false);
  });

  it('a hidden type needs a use per ticket: too few left refuses the code', () => {
    const code = codeRule({ kind: 'unlock', value: 0, maxUses: 3 });
    const order = priced(priceOrder(items(['artist', 2]), withCode(code, { total: 2, person: 0 })));
    expect(order.code?.refusal).toBe('used-up');
  });

  it('an expired access code reveals nothing', () => {
    const code = codeRule({ kind: 'unlock', value: 0, validUntil: '2026-09-01T00:00:00.000Z' });
    expect(priceOrder(items(['artist', 1]), withCode(code))).toMatchObject({
      ok: false,
      refusal: { kind: 'unknown-type' },
    });
  });

  it("hidden types' tickets take the uses first, then the others in order", () => {
    const code = codeRule({ kind: 'percent', value: 10, ticketTypeIds: ['female', 'press'], maxUses: 2 });
    const order = priced(priceOrder(items(['female', 2], ['press', 1]), withCode(code)));
    expect(order.lines.map((line) => [line.ticketTypeId, line.quantity, line.codeUses])).toEqual([
      ['female', 1, 1],
      ['female', 1, 0],
      ['press', 1, 1],
    ]);
  });
});
