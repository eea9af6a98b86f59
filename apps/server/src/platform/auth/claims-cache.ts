/**
 * Verified claims per token until the token's expiry. Most requests of a session carry the same token,
 * so this skips the RS256 check; the bound keeps memory flat under a sign-in rush.
 *
 * Eviction is "second chance" (CLOCK), an approximation of least-recently-used: a hit only marks the entry,
 * and when the cache is full the oldest entry is dropped unless it was used since it was (re)inserted, in which
 * case it goes to the young end unmarked. A strict LRU re-inserted the entry on every hit, which hashed the
 * ~900-character token three times per request (bench/history/platform.md).
 *
 * Entries are found by the token's last KEY_CHARS characters (part of its signature) and then compared whole.
 * Every request's token is a new string, and a Map keyed by the whole token hashed all ~900 characters of it
 * on each lookup (~1.4 µs, the largest single cost of a signed-in request after the socket write; bench/history/platform.md);
 * the tail is hashed in a few dozen nanoseconds, and the whole comparison is a memory compare.
 * Two tokens sharing a tail cannot both be valid RS256 signatures in practice; if they did, the newer one
 * would replace the older in the cache, and neither could ever answer for the other.
 */
const KEY_CHARS = 32;

interface Entry<T> {
  token: string;
  value: T;
  used: boolean;
}

export class ClaimsCache<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): T | undefined {
    const key = keyOf(token);
    const entry = this.entries.get(key);
    if (!entry || entry.token !== token) return undefined;
    if (entry.value.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }

  set(token: string, value: T): void {
    const key = keyOf(token);
    this.entries.delete(key);
    // Room is made before the new entry goes in, so it is never the one dropped. Each pass either drops an
    // entry or clears a mark, so this ends within 2 x size steps.
    while (this.entries.size >= this.maxEntries && this.entries.size > 0) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry<T>];
      this.entries.delete(oldest);
      if (entry.used) this.entries.set(oldest, { token: entry.token, value: entry.value, used: false });
    }
    this.entries.set(key, { token, value, used: false });
  }

  delete(token: string): void {
    const key = keyOf(token);
    if (this.entries.get(key)?.token === token) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

function keyOf(token: string): string {
  return token.length > KEY_CHARS ? token.slice(-KEY_CHARS) : token;
}
