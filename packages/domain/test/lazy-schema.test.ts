import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ticketSchema } from '../src/api/tickets';
import { lazySchema } from '../src/lazy-schema';

describe('lazySchema', () => {
  it('builds nothing until the schema is first used, then once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: 'Asha' })).toEqual({ name: 'Asha' });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['name']);
    expect(builds).toBe(1);
  });

  it('builds nothing when a parsing method is only read, so `schema.parse(await answer)` builds on the answer', async () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().trim() });
    });
    let answer: (value: unknown) => void = () => undefined;
    const parsed = schema.parse(
      await new Promise((resolve) => {
        answer = resolve;
        expect(builds).toBe(0);
        queueMicrotask(() => answer({ name: ' Asha ' }));
      }),
    );
    expect(parsed).toEqual({ name: 'Asha' });
    expect(builds).toBe(1);
    const { safeParse } = lazySchema(() => z.number());
    expect(safeParse('1').success).toBe(false);
    expect(schema.parse).toBe(schema.parse);
  });

  it('on a server (no document), builds it on the call and queues no task for it', () => {
    vi.useFakeTimers();
    const scope = globalThis as { document?: unknown };
    try {
      let builds = 0;
      const schema = lazySchema(() => {
        builds += 1;
        return z.string();
      });
      const parse = schema.parse;
      expect(builds).toBe(0);
      expect(parse('a')).toBe('a');
      expect(builds).toBe(1);
      expect(scope.document).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is a zod schema of its kind, usable inside and as the base of other schemas', () => {
    const code = lazySchema(() => z.string().trim().min(3));
    const ticket = lazySchema(() => z.object({ code, seats: z.number().int() }));
    const withNote = lazySchema(() => ticket.extend({ note: z.string().optional() }));
    expect(ticket instanceof $ZodType).toBe(true);
    expect(ticket instanceof z.ZodObject).toBe(true);
    expect(withNote.parse({ code: ' UT-1 ', seats: 2 })).toEqual({ code: 'UT-1', seats: 2 });
    expect(withNote.safeParse({ code: 'U', seats: 2 }).error?.issues[0]?.path).toEqual(['code']);
    expect(z.array(ticket).parse([{ code: 'abc', seats: 1 }])).toHaveLength(1);
    expect(ticket.optional().parse(undefined)).toBeUndefined();
  });

  it("keeps one identity, so zod's JSON Schema conversion (the API docs, the fuzz suite) reads it", () => {
    const code = lazySchema(() => z.string().min(2).optional());
    const answer = lazySchema(() => z.object({ a: code, b: code, n: z.number() }));
    expect(z.toJSONSchema(answer, { io: 'input' })).toMatchObject({
      type: 'object',
      properties: { a: { type: 'string', minLength: 2 }, n: { type: 'number' } },
      required: ['n'],
    });
  });

  it("is how the domain's answer schemas are declared", () => {
    expect(ticketSchema.shape.ticketId).toBeInstanceOf(z.ZodString);
  });
});
