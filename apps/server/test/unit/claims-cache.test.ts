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
