import { ticketPageResponseSchema } from '@utsav/domain/api/admin-tickets';
import {
  admittedResponseSchema,
  checkinSnapshotResponseSchema,
  scannedTicketResponseSchema,
  syncResponseSchema,
} from '@utsav/domain/api/checkin';
import { currentEventResponseSchema } from '@utsav/domain/api/event';
import { allowanceResponseSchema, checkoutSchema, verifiedPaymentSchema } from '@utsav/domain/api/purchase';
import { myRefundsResponseSchema } from '@utsav/domain/api/refunds';
import { myTicketsResponseSchema, oneTicketResponseSchema } from '@utsav/domain/api/tickets';
import { userResponseSchema, userSchema } from '@utsav/domain/api/users';
import { waitlistMeResponseSchema } from '@utsav/domain/api/waitlist';
import { ROLES } from '@utsav/domain/roles';
import type { FastifySchema } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainWriter, responseSerializerCompiler } from '../../src/platform/response-serializer';

const userResponse = userResponseSchema;

type Serialize = (data: unknown) => string;
const compile = (compiler: unknown, schema: unknown): Serialize =>
  (
    compiler as (route: {
      schema: FastifySchema;
      method: string;
      url: string;
      httpStatus: string;
    }) => Serialize
  )({ schema: schema as FastifySchema, method: 'GET', url: '/t', httpStatus: '200' });

/** The answer of both serializers: the same text, or both refusing. */
function both(schema: z.ZodType, data: unknown): { ours: string; zods: string } {
  const outcome = (serialize: Serialize) => {
    try {
      return serialize(data);
    } catch (error) {
      return `refused: ${(error as { code?: string }).code}`;
    }
  };
  return {
    ours: outcome(compile(responseSerializerCompiler, schema)),
    zods: outcome(compile(serializerCompiler, schema)),
  };
}

const user = {
  _id: 'u1',
  id: 'u1',
  firebaseUID: null,
  email: 'a@example.com',
  name: 'Asha "A" \\ Patel',
  displayName: 'Asha',
  photoURL: null,
  profilePicture: null,
  phone: '+919876543210',
  role: 'guest',
  createdAt: '2026-11-24T00:00:00.000Z',
  lastLogin: null,
};

describe('the quick response serializer', () => {
  it('takes the quick path for the signed-in user answer', () => {
    expect(plainWriter(userResponse)).toBeDefined();
  });

  it("writes exactly zod's JSON: the schema's keys in its order, nothing else the data carries", () => {
    const shuffled = {
      secret: 'x',
      user: { extra: 1, ...Object.fromEntries(Object.entries(user).reverse()) },
      success: true,
    };
    const { ours, zods } = both(userResponse, shuffled);
    expect(ours).toBe(zods);
    expect(ours).not.toContain('secret');
    expect(ours).not.toContain('extra');
    expect(Object.keys(JSON.parse(ours).user)).toEqual(Object.keys(userSchema.shape));
  });

  it('refuses what zod refuses, with the same error', () => {
    const bad: unknown[] = [
      { success: true, user: { ...user, role: 'root' } },
      { success: false, user },
      { success: true, user: { ...user, phone: undefined } },
      { success: true, user: { ...user, email: 42 } },
      { success: true, user: { ...user, createdAt: new Date() } },
      { success: true, user: null },
      { success: true },
      [user],
      null,
      'text',
    ];
    for (const data of bad) {
      const { ours, zods } = both(userResponse, data);
      expect(zods).toBe('refused: FST_ERR_RESPONSE_SERIALIZATION');
      expect(ours).toBe(zods);
    }
  });

  it('agrees with zod on many generated answers (odd strings, nulls, every role, wrong types)', () => {
    const strings = [
      '',
      'plain',
      'ünïcödé ગરબા',
      '\u0000\u001f',
      '\ud800',
      'a\ud83d\ude00b',
      '"\\/',
      'x'.repeat(200),
    ];
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    for (let i = 0; i < 500; i++) {
      const data = {
        success: i % 17 === 0 ? 'true' : true,
        user: {
          ...user,
          name: pick(strings, i),
          photoURL: i % 3 === 0 ? null : pick(strings, i * 7),
          phone: i % 29 === 0 ? 5 : i % 2 === 0 ? null : pick(strings, i * 3),
          role: i % 31 === 0 ? 'ADMIN' : pick(ROLES, i),
          lastLogin: i % 5 === 0 ? pick(strings, i + 1) : null,
        },
      };
      const { ours, zods } = both(userResponse, data);
      expect(ours).toBe(zods);
    }
  });

  it('leaves every other shape to zod', () => {
    const others = [
      z.object({ a: z.email() }),
      z.object({ a: z.string().min(1) }),
      z.object({ a: z.string().exactOptional() }),
      z.object({ a: z.number().min(0) }),
      z.object({ a: z.number().positive() }),
      z.object({ a: z.number().int().max(10) }),
      z.object({ a: z.int32() }),
      z.object({ a: z.float32() }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.array(z.string()).min(1) }),
      z.object({ a: z.array(z.email()) }),
      z.object({ a: z.union([z.string(), z.boolean()]) }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.string() }).refine(() => true),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.string() }),
      z.object({ a: z.coerce.string() }),
      z.object({ a: z.iso.datetime() }),
    ];
    for (const schema of others) expect(plainWriter(schema)).toBeUndefined();
  });
});

/** zod's text, and whether the quick path wrote it itself (true) or handed the value to zod (false). */
function quickly(schema: z.ZodType, data: unknown): { ours: string; zods: string; quick: boolean } {
  const written = plainWriter(schema)!(data);
  return { ...both(schema, data), quick: typeof written !== 'symbol' };
}

describe('the quick serializer: numbers, arrays and optional keys', () => {
  const numbers: unknown[] = [
    0,
    -0,
    1,
    -1,
    0.1 + 0.2,
    1e21,
    1e-7,
    -123456789.125,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '5',
    null,
    undefined,
    true,
    5n,
    {},
  ];

  it('writes the create-order and gate answers on the quick path', () => {
    expect(plainWriter(checkoutSchema)).toBeDefined();
    expect(plainWriter(oneTicketResponseSchema)).toBeDefined();
  });

  it('writes the busiest answers of packages/domain/src/api on the quick path', () => {
    const busiest = [
      currentEventResponseSchema,
      userResponseSchema,
      myTicketsResponseSchema,
      verifiedPaymentSchema,
      allowanceResponseSchema,
      waitlistMeResponseSchema,
      scannedTicketResponseSchema,
      admittedResponseSchema,
      checkinSnapshotResponseSchema,
      syncResponseSchema,
      myRefundsResponseSchema,
      ticketPageResponseSchema,
    ];
    for (const schema of busiest) expect(plainWriter(schema)).toBeDefined();
  });

  it('a number, an int and a nullable or optional one: the same text as zod, quick exactly when zod accepts', () => {
    const schemas = [
      z.object({ a: z.number() }),
      z.object({ a: z.int() }),
      z.object({ a: z.number().int() }),
      z.object({ a: z.number().nullable() }),
      z.object({ a: z.int().optional() }),
      z.object({ a: z.number().optional().nullable() }),
    ];
    for (const schema of schemas) {
      for (const value of numbers) {
        for (const data of [{ a: value }, { b: 1, a: value }]) {
          const { ours, zods, quick } = quickly(schema, data);
          expect(ours, `${String(value)}`).toBe(zods);
          expect(quick, `${String(value)}: ${zods}`).toBe(!zods.startsWith('refused'));
        }
      }
    }
  });

  it('optional keys: absent or undefined leaves the key out, as zod and JSON.stringify do; present is written', () => {
    const schema = z.object({
      first: z.string().optional(),
      middle: z.number(),
      last: z.object({ x: z.boolean().optional(), y: z.string() }).optional(),
    });
    const cases: unknown[] = [
      { middle: 1 },
      { first: undefined, middle: 1, last: undefined },
      { first: 'a', middle: 1, last: { y: 'b' } },
      { last: { x: undefined, y: 'b', z: 'extra' }, middle: 2, first: '' },
      { first: null, middle: 1 },
      { middle: 1, last: { x: 'yes', y: 'b' } },
      { middle: 1, last: {} },
      { first: 'a' },
    ];
    for (const data of cases) {
      const { ours, zods, quick } = quickly(schema, data);
      expect(ours).toBe(zods);
      expect(quick).toBe(!zods.startsWith('refused'));
    }
    expect(quickly(schema, cases[1]).ours).toBe('{"middle":1}');
    // An object of optional keys only: an array, null or a string is still no object.
    const loose = z.object({ a: z.string().optional(), b: z.object({ c: z.int().optional() }).optional() });
    for (const data of [{}, { b: {} }, [], ['x'], { b: [] }, null, 'ab', new Map()]) {
      const { ours, zods, quick } = quickly(loose, data);
      expect(ours).toBe(zods);
      expect(quick).toBe(!zods.startsWith('refused'));
    }
  });

  it('arrays of plain items: a new array in order, extra keys of items left out; holes and non-arrays go to zod', () => {
    const schema = z.object({
      list: z.array(z.object({ n: z.number(), s: z.string().nullable() })),
      tags: z.array(z.string().optional()),
      grid: z.array(z.array(z.int())),
    });
    const good = { list: [{ n: 1, s: null, extra: true }], tags: ['a', undefined], grid: [[1, 2], []] };
    const cases: unknown[] = [
      good,
      { ...good, list: [] },
      { ...good, tags: [] },
      { ...good, grid: [[1.5]] },
      { ...good, list: [{ n: Number.NaN, s: 'x' }] },
      // biome-ignore lint/suspicious/noSparseArray: a hole, which zod reads as undefined
      { ...good, tags: ['a', , 'b'] },
      // biome-ignore lint/suspicious/noSparseArray: a hole in an array of numbers
      { ...good, grid: [[1, , 2]] },
      { ...good, list: { length: 0 } },
      { ...good, list: 'abc' },
      { ...good, grid: [null] },
    ];
    for (const data of cases) {
      const { ours, zods, quick } = quickly(schema, data);
      expect(ours).toBe(zods);
      expect(quick).toBe(!zods.startsWith('refused'));
    }
    expect(quickly(schema, good).ours).toBe(
      '{"list":[{"n":1,"s":null}],"tags":["a",null],"grid":[[1,2],[]]}',
    );
  });

  it('keys that need escaping, look like numbers or name Object methods are read and written as zod does', () => {
    const schema = z.object({
      'say "hi"\\': z.string(),
      '2': z.number(),
      '10': z.boolean(),
      constructor: z.string().optional(),
      toString: z.array(z.literal(null)),
      'line\u2028break': z.enum(['a', "b'c"]),
      '': z.string().nullable(),
    });
    const data = {
      '': null,
      toString: [null, null],
      'line\u2028break': "b'c",
      constructor: 'x',
      '10': false,
      '2': -0,
      'say "hi"\\': '"',
      extra: 1,
    };
    for (const each of [
      data,
      { ...data, constructor: undefined },
      { ...data, '2': '2' },
      { ...data, toString: [0] },
    ]) {
      const { ours, zods, quick } = quickly(schema, each);
      expect(ours).toBe(zods);
      expect(quick).toBe(!zods.startsWith('refused'));
    }
    expect(plainWriter(z.object({ ['__proto__']: z.string() }))).toBeUndefined();
  });

  it('agrees with zod on many generated tickets and checkout answers', () => {
    const ticketAnswer = oneTicketResponseSchema;
    const checkout = checkoutSchema;
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const ticket = {
      id: 't1',
      _id: 't1',
      ticketId: 'UTS-1',
      eventId: 'e1',
      eventName: 'Garba',
      event: { name: 'Garba', date: '2026-10-10', startTime: '19:00', endTime: '23:00', venue: 'Ground' },
      price: 499,
      status: 'active',
      createdAt: 'c',
      updatedAt: 'u',
      entryTime: null,
      usedAt: null,
      exitedAt: null,
      scannedBy: null,
      cancelledAt: null,
      cancellationReason: null,
      qrCode: 'q',
      qrCodeImage: 'data:image/png;base64,AAAA',
      user: { name: 'A', email: 'a@example.com' },
      holderName: 'A',
      metadata: { issuedByAdmin: false, issuedBy: null, notes: null },
      orderId: 'o1',
      transfer: null,
      receivedByTransfer: false,
    };
    for (let i = 0; i < 300; i++) {
      const price = pick(numbers, i);
      const data = {
        success: true,
        ticket: {
          ...ticket,
          price,
          scannedBy: i % 4 === 0 ? { name: 'Gate 1', id: 'hidden' } : null,
          status: i % 23 === 0 ? 'lost' : pick(['active', 'used', 'cancelled', 'transferred'], i),
          transfer: i % 5 === 0 ? { toName: 'B', toEmail: 'b@example.com', at: 'now' } : null,
        },
      };
      const answer = quickly(ticketAnswer, data);
      expect(answer.ours).toBe(answer.zods);
      expect(answer.quick).toBe(!answer.zods.startsWith('refused'));
      const order = quickly(checkout, {
        success: true,
        orderId: 'order_1',
        amount: price,
        amountPaise: pick(numbers, i * 7),
        currency: 'INR',
        key: 'rzp_test',
        quantity: pick([1, 2, 10, 0.5], i),
        pricePerTicket: 499,
        pricingTier: 'early',
        total: 998,
        holdExpiresAt: '2026-11-24T10:00:00.000Z',
      });
      expect(order.ours).toBe(order.zods);
      expect(order.quick).toBe(!order.zods.startsWith('refused'));
    }
  });
});
