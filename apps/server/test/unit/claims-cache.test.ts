import { describe, expect, it } from 'vitest';
import { ClaimsCache } from '../../src/platform/auth/claims-cache';

describe('ClaimsCache', () => {
  it('returns cached claims until the token expires', () => {
    let now = 1000;
    const cache = new ClaimsCache<{ expiresAt: number }>(10, () => now);
    cache.set('token', { expiresAt: 2000 });
    expect(cache.get('token')).toEqual({ expiresAt: 2000 });
    now = 2000;
    expect(cache.get('token')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry beyond its bound', () => {
    const cache = new ClaimsCache<{ expiresAt: number }>(2, () => 0);
    cache.set('a', { expiresAt: 10 });
    cache.set('b', { expiresAt: 10 });
    cache.get('a');
    cache.set('c', { expiresAt: 10 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('forgets a token on sign-out', () => {
    const cache = new ClaimsCache<{ expiresAt: number }>(2, () => 0);
    cache.set('a', { expiresAt: 10 });
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('ClaimsCache bound', () => {
  it('stays within its bound when every entry has been used', () => {
    const cache = new ClaimsCache<{ expiresAt: number }>(3, () => 0);
    for (let index = 0; index < 50; index++) {
      cache.set(`t${index}`, { expiresAt: 10 });
      for (let earlier = 0; earlier <= index; earlier++) cache.get(`t${earlier}`);
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.get('t49')).toBeDefined();
  });
});

describe('ClaimsCache lookup by the token tail', () => {
  const tail = 'x'.repeat(40);

  it('two tokens ending alike never answer for each other; the newer replaces the older', () => {
    const cache = new ClaimsCache<{ expiresAt: number; who: string }>(10, () => 0);
    cache.set(`a.${tail}`, { expiresAt: 10, who: 'a' });
    expect(cache.get(`b.${tail}`)).toBeUndefined();
    expect(cache.get(`a.${tail}`)?.who).toBe('a');
    cache.set(`b.${tail}`, { expiresAt: 10, who: 'b' });
    expect(cache.get(`b.${tail}`)?.who).toBe('b');
    expect(cache.get(`a.${tail}`)).toBeUndefined();
    cache.delete(`a.${tail}`);
    expect(cache.get(`b.${tail}`)?.who).toBe('b');
    cache.delete(`b.${tail}`);
    expect(cache.size).toBe(0);
  });

  it('finds a token given as a new string each time, as every request gives it', () => {
    const cache = new ClaimsCache<{ expiresAt: number }>(10, () => 0);
    const token = `header.payload.${tail}`;
    cache.set(token, { expiresAt: 10 });
    expect(cache.get(`Bearer ${token}`.slice(7))).toEqual({ expiresAt: 10 });
  });
});
