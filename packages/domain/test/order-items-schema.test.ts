import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../src/event-schema';
import {
  bookingItemsSchema,
  createOrderItemsSchema,
  ORDER_ITEMS_MESSAGES as M,
} from '../src/order-items-schema';
import { PROMO_CODE_MESSAGES, promoCheckSchema, promoCodeInputSchema } from '../src/promo-codes-schema';
import { createOrderSchema, quantityMessage } from '../src/purchase-schema';

const spec = { quantity: 2, amount: 598, eventId: 'event-1', pricePerTicket: 299 };

function errors(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : fieldErrors(parsed.error).map(({ field, message }) => [field, message]);
}

describe('create-order with items', () => {
  const schema = createOrderItemsSchema(20);

  it("the product's payload is read as before", () => {
    expect(schema.parse(spec)).toEqual(createOrderSchema(20).parse(spec));
  });

  it("the product's payload without quantity or price is refused as before", () => {
    const { quantity: _q, pricePerTicket: _p, ...rest } = spec;
    expect(errors(schema, rest)).toEqual([
      ['quantity', quantityMessage(20)],
      ['pricePerTicket', 'pricePerTicket must be a number of rupees'],
    ]);
  });

  it('items need no quantity or price per ticket, and take an optional code', () => {
    const parsed = schema.parse({
      amount: 1097,
      eventId: 'event-1',
      items: [
        { ticketTypeId: 'couple', quantity: 1 },
        { ticketTypeId: 'female', quantity: 2 },
      ],
      promoCode: ' garba ',
    });
    expect(parsed.items).toHaveLength(2);
    expect(parsed.promoCode).toBe(' garba ');
    expect(
      schema.parse({ amount: 1, eventId: 'e', items: [{ ticketTypeId: 'a', quantity: 1 }], promoCode: '  ' })
        .promoCode,
    ).toBeUndefined();
  });

  it('a quantity given with items must be their tickets', () => {
    const input = { amount: 1, eventId: 'e', quantity: 2, items: [{ ticketTypeId: 'a', quantity: 3 }] };
    expect(errors(schema, input)).toEqual([['quantity', M.quantityMismatch]]);
  });

  it('each type once, at least one, at most the per-order cap in all', () => {
    const base = { amount: 1, eventId: 'e' };
    expect(errors(schema, { ...base, items: [] })).toEqual([['items', M.items]]);
    expect(
      errors(schema, {
        ...base,
        items: [
          { ticketTypeId: 'a', quantity: 1 },
          { ticketTypeId: 'a', quantity: 1 },
        ],
      }),
    ).toEqual([['items', M.repeated]]);
    expect(
      errors(schema, {
        ...base,
        items: [
          { ticketTypeId: 'a', quantity: 15 },
          { ticketTypeId: 'b', quantity: 6 },
        ],
      }),
    ).toEqual([['items', quantityMessage(20)]]);
    expect(errors(schema, { ...base, items: [{ ticketTypeId: '', quantity: 0 }] })).toEqual([
      ['items.0.ticketTypeId', M.ticketTypeId],
      ['items.0.quantity', quantityMessage(20)],
    ]);
  });

  it('names at most one per ticket of the items', () => {
    const input = {
      amount: 1,
      eventId: 'e',
      items: [{ ticketTypeId: 'a', quantity: 1 }],
      ticketNames: ['A', 'B'],
    };
    expect(errors(schema, input)).toEqual([['ticketNames', 'Give at most one name per ticket']]);
  });

  it('the booking path takes quantity or items', () => {
    expect(bookingItemsSchema(20).parse({ quantity: 2 })).toEqual({ quantity: 2 });
    expect(errors(bookingItemsSchema(20), {})).toEqual([['quantity', quantityMessage(20)]]);
    expect(bookingItemsSchema(20).parse({ items: [{ ticketTypeId: 'a', quantity: 2 }] }).items).toHaveLength(
      1,
    );
  });
});

describe('promo codes as the panel and the server accept them', () => {
  const code = { code: ' diwali-10 ', kind: 'percent', value: 10 };

  it('stores the code normalised, unlock codes at 0', () => {
    expect(promoCodeInputSchema.parse(code)).toMatchObject({
      code: 'DIWALI-10',
      value: 10,
      ticketTypeIds: [],
      active: true,
    });
    expect(promoCodeInputSchema.parse({ code: 'ARTIST', kind: 'unlock', value: 55 }).value).toBe(0);
  });

  it.each([
    [{ code: 'a b' }, 'code', PROMO_CODE_MESSAGES.code],
    [{ kind: 'free' }, 'kind', PROMO_CODE_MESSAGES.kind],
    [{ value: 0 }, 'value', PROMO_CODE_MESSAGES.percent],
    [{ value: 101 }, 'value', PROMO_CODE_MESSAGES.percent],
    [{ value: 12.5 }, 'value', PROMO_CODE_MESSAGES.percent],
    [{ kind: 'amount', value: 0 }, 'value', PROMO_CODE_MESSAGES.amount],
    [{ kind: 'amount', value: undefined }, 'value', PROMO_CODE_MESSAGES.amount],
    [{ maxUses: 0 }, 'maxUses', PROMO_CODE_MESSAGES.maxUses],
    [{ minQuantity: 1.5 }, 'minQuantity', PROMO_CODE_MESSAGES.minQuantity],
    [
      { validFrom: '2026-10-02T00:00', validUntil: '2026-10-01T00:00' },
      'validUntil',
      PROMO_CODE_MESSAGES.validUntilAfterFrom,
    ],
  ])('refuses %j on its field', (change, field, message) => {
    expect(errors(promoCodeInputSchema, { ...code, ...change })).toContainEqual([field, message]);
  });

  it('an amount code may carry paise; its type list keeps each id once', () => {
    expect(
      promoCodeInputSchema.parse({
        code: 'FIFTY',
        kind: 'amount',
        value: '49.5',
        ticketTypeIds: ['a', 'a', 'b'],
      }),
    ).toMatchObject({
      value: 49.5,
      ticketTypeIds: ['a', 'b'],
    });
  });

  it('a check may come before any ticket is chosen; the code is not judged by the schema', () => {
    expect(promoCheckSchema(20).parse({ code: 'wrong code!' })).toEqual({ code: 'wrong code!', items: [] });
  });
});
