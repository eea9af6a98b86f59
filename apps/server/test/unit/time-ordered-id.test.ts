import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/platform/db/time-ordered-id';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a version 7 UUID carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 24, 10, 15, 7, 759);
    const id = timeOrderedId(at);
    expect(id).toMatch(V7);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by time, so new keys go in at the end of an index', () => {
    const start = Date.UTC(2026, 10, 24);
    const ids = Array.from({ length: 2000 }, (_, index) => timeOrderedId(start + index));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs within one millisecond (74 random bits)', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(at)));
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(id).toMatch(V7);
  });
});
