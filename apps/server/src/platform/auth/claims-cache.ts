/**
 * Verified claims per token until the token's expiry. Most requests of a session carry the same token,
 * so this skips the RS256 check; the bound keeps memory flat under a sign-in rush.
 *
 * Eviction is "second chance" (CLOCK), an approximation of least-recently-used: a hit only marks the entry,
 * and when the cache is full the oldest entry is dropped unless it was used since it was (re)inserted, in which
 * case it goes to the young end unmarked. A strict LRU re-inserted the entry on every hit, which hashed the
 * ~900-character token three times per request (bench/RESULTS.md, third round); now a hit hashes it once.
 */
export class ClaimsCache<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, { value: T; used: boolean }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.value.expiresAt <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }

  set(token: string, value: T): void {
    this.entries.delete(token);
    // Room is made before the new entry goes in, so it is never the one dropped. Each pass either drops an
    // entry or clears a mark, so this ends within 2 x size steps.
    while (this.entries.size >= this.maxEntries && this.entries.size > 0) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { value: T; used: boolean }];
      this.entries.delete(oldest);
      if (entry.used) this.entries.set(oldest, { value: entry.value, used: false });
    }
    this.entries.set(token, { value, used: false });
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
