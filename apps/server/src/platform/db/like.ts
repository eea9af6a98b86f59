import { type RawBuilder, sql } from 'kysely';

/**
 * `%text%` for a LIKE/ILIKE with `escape '\'`: what a person typed is matched as written, never as a
 * wildcard (a guest named "50%_off" finds themselves and nobody else).
 */
export function containsPattern(search: string): RawBuilder<string> {
  const escaped = search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<string>`${`%${escaped}%`} escape '\\'`;
}

/**
 * Case-insensitive without lower() on every row: SQLite's LIKE folds ASCII case itself (as its lower()
 * does); PostgreSQL spells it ILIKE.
 */
export function caseInsensitiveLike(postgres: boolean): 'ilike' | 'like' {
  return postgres ? 'ilike' : 'like';
}
