import { describe, expect, it } from 'vitest';
import { quote } from '../src/pricing';
import {
  bookingSchema,
  createOrderSchema,
  matchesQuote,
  orderTicketNames,
  quantityMessage,
  TICKET_NAMES_MESSAGE,
  verifyPaymentSchema,
} from '../src/purchase-schema';

const event = { ticketPrice: 299, groupPrice4: 249.5 };
const payload = {
  quantity: 2,
  amount: 598,
  eventId: 'event-1',
  eventName: 'Garba Night',
  pricePerTicket: 299,
  pricingTier: 'Individual',
};

describe('create-order payload', () => {
  it('accepts the payload of the original create-order call', () => {
    expect(createOrderSchema(20).parse(payload)).toEqual(payload);
  });

  it.each([0, -1, 21, 1.5, '2', null])('refuses quantity %s with the cap in the message', (quantity) => {
    const result = createOrderSchema(20).safeParse({ ...payload, quantity });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(quantityMessage(20));
  });

  it('the cap is configuration: 1 and cap are both accepted', () => {
    expect(bookingSchema(5).safeParse({ quantity: 5 }).success).toBe(true);
    expect(bookingSchema(5).safeParse({ quantity: 1 }).success).toBe(true);
    expect(bookingSchema(5).safeParse({ quantity: 6 }).success).toBe(false);
  });

  it('the pricing tier is any label, or absent', () => {
    expect(createOrderSchema(20).safeParse({ ...payload, pricingTier: 'Group 4+' }).success).toBe(true);
    const { pricingTier: _tier, ...untiered } = payload;
    expect(createOrderSchema(20).safeParse(untiered).success).toBe(true);
  });

  it('refuses a negative or non-numeric amount', () => {
    expect(createOrderSchema(20).safeParse({ ...payload, amount: -1 }).success).toBe(false);
    expect(createOrderSchema(20).safeParse({ ...payload, amount: '598' }).success).toBe(false);
  });
});

describe('names given to the tickets at checkout', () => {
  it('accepts up to one name per ticket, blanks included, in any script', () => {
    const names = ['Anjali', '', 'કાવ્યા પટેલ'];
    expect(createOrderSchema(20).parse({ ...payload, quantity: 3, ticketNames: names }).ticketNames).toEqual(
      names,
    );
  });

  it('refuses more names than tickets', () => {
    const result = createOrderSchema(20).safeParse({ ...payload, ticketNames: ['A', 'B', 'C'] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['ticketNames', TICKET_NAMES_MESSAGE],
    ]);
  });

  it('refuses a name over 100 characters with manual issuance’s message', () => {
    const result = createOrderSchema(20).safeParse({ ...payload, ticketNames: ['x'.repeat(101)] });
    expect(result.error?.issues[0]?.message).toBe('Name must be at most 100 characters');
    expect(createOrderSchema(20).safeParse({ ...payload, ticketNames: ['x'.repeat(100)] }).success).toBe(
      true,
    );
  });

  it('an order keeps the names only when at least one is not blank', () => {
    expect(orderTicketNames(undefined)).toBeNull();
    expect(orderTicketNames(['', '  '])).toBeNull();
    expect(orderTicketNames(['', 'Kabir'])).toEqual(['', 'Kabir']);
  });
});

describe('matchesQuote', () => {
  it('is true for exactly the server quote', () => {
    expect(matchesQuote({ amount: 598, pricePerTicket: 299 }, quote(event, 2))).toBe(true);
    expect(matchesQuote({ amount: 998, pricePerTicket: 249.5 }, quote(event, 4))).toBe(true);
  });

  it('compares in paise, so float noise in rupees does not matter', () => {
    expect(matchesQuote({ amount: 249.5 * 3 + 249.5, pricePerTicket: 249.5 }, quote(event, 4))).toBe(true);
  });

  it.each([
    ['amount one paisa off', { amount: 997.99, pricePerTicket: 249.5 }],
    ['old per-ticket price', { amount: 998, pricePerTicket: 249 }],
  ])('is false for %s', (_name, client) => {
    expect(matchesQuote(client, quote(event, 4))).toBe(false);
  });
});

describe('verify-payment payload', () => {
  const valid = {
    razorpay_order_id: 'order_ABCDEFGHIJ1234',
    razorpay_payment_id: 'pay_ABCDEFGHIJ1234',
    razorpay_signature: 'a'.repeat(64),
  };

  it('accepts the three checkout fields with or without quantity', () => {
    expect(verifyPaymentSchema.safeParse(valid).success).toBe(true);
    expect(verifyPaymentSchema.safeParse({ ...valid, quantity: 3 }).success).toBe(true);
  });

  it('refuses ids that are not Razorpay ids', () => {
    expect(verifyPaymentSchema.safeParse({ ...valid, razorpay_order_id: 'pay_X' }).success).toBe(false);
    expect(verifyPaymentSchema.safeParse({ ...valid, razorpay_payment_id: '../x' }).success).toBe(false);
  });
});
