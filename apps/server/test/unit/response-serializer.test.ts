import { ROLES } from '@utsav/domain/roles';
import type { FastifySchema } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userJsonSchema } from '../../src/modules/users/presenter';
import { plainWriter, responseSerializerCompiler } from '../../src/platform/response-serializer';

const userResponse = z.object({ success: z.literal(true), user: userJsonSchema });

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
    expect(Object.keys(JSON.parse(ours).user)).toEqual(Object.keys(userJsonSchema.shape));
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
      z.object({ a: z.string().optional() }),
      z.object({ a: z.number() }),
      z.object({ a: z.array(z.string()) }),
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
