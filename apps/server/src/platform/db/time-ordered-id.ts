import { randomUUID } from 'node:crypto';

// Ids for rows written in bulk on the hot path (a hold's order and its audit row): UUID version 7 (RFC 9562),
// the first 48 bits the time in milliseconds, the other 74 random. Keys that grow with time go in at the end of
// their primary-key index (and of any index that carries them, like audit_log_entity_idx), so each commit
// writes the few pages at the end of those indexes instead of one page per row at a random place: on SQLite a
// batch of holds' commit cost 36-40 µs a hold with random ids against 21-24 µs with these (bench/history/purchase.md).
// Still 74 random bits: as hard to guess as any id here needs to be (they are never a secret
// on their own; every read is checked against its owner).

/** A UUID version 7 string for `nowMs` (default: now). */
export function timeOrderedId(nowMs: number = Date.now()): string {
  // randomUUID is version 4 ('xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx', V the variant): its random bits after the
  // version digit, behind the time and version 7. It draws from node's cached entropy, so this stays cheap.
  const random = randomUUID();
  const time = nowMs.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
