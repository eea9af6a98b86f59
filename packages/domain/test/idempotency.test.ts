import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  type IdempotencyRecord,
  isFinalAnswer,
  repeatOutcome,
} from '../src/idempotency';
import { idempotencyKeySchema } from '../src/idempotency-schema';

const T0 = Date.parse('2026-10-01T12:00:00.000Z');
const record = (overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord => ({
  request: 'POST /api/admin/ticket-types',
  bodyHash: 'hash-a',
  createdAt: T0,
  startedAt: T0,
  status: 200,
  ...overrides,
});
const repeat = (at: number, overrides: { request?: string; bodyHash?: string } = {}) => ({
  request: 'POST /api/admin/ticket-types',
  bodyHash: 'hash-a',
  now: at,
  ...overrides,
});

describe('repeatOutcome', () => {
  it('replays a finished answer to the same request and body, 2xx or 4xx, until the day is over', () => {
    expect(repeatOutcome(record(), repeat(T0))).toBe('replay');
    expect(repeatOutcome(record({ status: 409 }), repeat(T0 + 1000))).toBe('replay');
    expect(repeatOutcome(record(), repeat(T0 + IDEMPOTENCY_KEY_TTL_MS - 1))).toBe('replay');
  });

  it('refuses another body, another path or another method as the key reused', () => {
    expect(repeatOutcome(record(), repeat(T0, { bodyHash: 'hash-b' }))).toBe('reused');
    expect(repeatOutcome(record(), repeat(T0, { request: 'PUT /api/admin/ticket-types/tt-1' }))).toBe(
      'reused',
    );
    expect(repeatOutcome(record(), repeat(T0, { request: 'DELETE /api/admin/ticket-types' }))).toBe('reused');
    // ... while running too: the difference is the client's bug, whatever the first request is doing.
    expect(repeatOutcome(record({ status: null }), repeat(T0, { bodyHash: 'hash-b' }))).toBe('reused');
  });

  it('says "in progress" while the first runs, and lets a repeat take over a request running past the lease', () => {
    const running = record({ status: null });
    expect(repeatOutcome(running, repeat(T0))).toBe('in-progress');
    expect(repeatOutcome(running, repeat(T0 + IDEMPOTENCY_LEASE_MS - 1))).toBe('in-progress');
    expect(repeatOutcome(running, repeat(T0 + IDEMPOTENCY_LEASE_MS))).toBe('take-over');
    // A request that took a key over has its own lease, counted from when it started.
    const takenOver = record({ status: null, startedAt: T0 + IDEMPOTENCY_LEASE_MS });
    expect(repeatOutcome(takenOver, repeat(T0 + IDEMPOTENCY_LEASE_MS + 1))).toBe('in-progress');
  });

  it('forgets a key after a day, whatever it was used for: the same key is then a new request', () => {
    const at = T0 + IDEMPOTENCY_KEY_TTL_MS;
    expect(repeatOutcome(record(), repeat(at))).toBe('take-over');
    expect(repeatOutcome(record({ status: null }), repeat(at))).toBe('take-over');
    expect(repeatOutcome(record(), repeat(at, { bodyHash: 'hash-b' }))).toBe('take-over');
  });
});

describe('isFinalAnswer', () => {
  it('keeps JSON answers below 500, and nothing else', () => {
    expect([200, 201, 204, 400, 404, 409, 422, 499].map((status) => isFinalAnswer(status, true))).toEqual(
      Array(8).fill(true),
    );
    expect([500, 502, 503].map((status) => isFinalAnswer(status, true))).toEqual([false, false, false]);
    expect(isFinalAnswer(200, false)).toBe(false);
  });
});

describe('idempotencyKeySchema', () => {
  it('accepts a UUID and any 16 to 64 letters, digits, dashes and underscores', () => {
    for (const key of ['6f1c2a4e-1b7d-4c3e-9a55-0e2f7b9c1d20', 'a'.repeat(16), 'Z9_-'.repeat(16)]) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    }
  });

  it('refuses a key too short, too long, with other characters, or sent twice (a list)', () => {
    for (const key of [
      'a'.repeat(15),
      'a'.repeat(65),
      'has spaces in it, sixteen+',
      'ключ-ключ-ключ-ключ',
      '',
      ['a'.repeat(16), 'b'.repeat(16)],
    ]) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
    }
  });
});
