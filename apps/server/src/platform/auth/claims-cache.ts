/**
 * Verified claims per token until the token's expiry. Most requests of a session carry the same token,
 * so this skips the RS256 check; the bound keeps memory flat under a sign-in rush (oldest entry dropped).
 */
export class ClaimsCache<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserting moves the entry to the young end of the Map's insertion order (least recently used first).
    this.entries.set(token, entry);
    return entry;
  }

  set(token: string, entry: T): void {
    this.entries.delete(token);
    this.entries.set(token, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }
}
