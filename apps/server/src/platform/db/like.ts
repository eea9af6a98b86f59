import { foldForSearch } from '@utsav/domain/search-text';
import { type Expression, type RawBuilder, sql } from 'kysely';

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

/** The name under which SQLite files know @utsav/domain/search-text foldForSearch (registerSearchFold). */
const SQLITE_FOLD = 'search_fold';

/** Makes foldForSearch callable from this SQLite file's SQL, as search_fold(text). */
export function registerSearchFold(file: {
  function(name: string, options: { deterministic: boolean }, fn: (text: unknown) => unknown): unknown;
}): void {
  file.function(SQLITE_FOLD, { deterministic: true }, (text) =>
    typeof text === 'string' ? foldForSearch(text) : text,
  );
}

/**
 * `column` folded as @utsav/domain/search-text foldForSearch folds what a person types, in SQL: on SQLite the
 * very function (registered on the file); on PostgreSQL the same steps spelled in SQL (joiners dropped, NFKC,
 * lower() by the database's Unicode-aware character type). Compare with containsPattern(foldForSearch(text)).
 */
export function searchFolded(postgres: boolean, column: Expression<string> | string): RawBuilder<string> {
  const value = typeof column === 'string' ? sql.ref(column) : column;
  return postgres
    ? sql<string>`lower(normalize(translate(${value}, U&'\\200C\\200D', ''), NFKC))`
    : sql<string>`${sql.raw(SQLITE_FOLD)}(${value})`;
}
