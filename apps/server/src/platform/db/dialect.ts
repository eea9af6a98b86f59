import { PostgresAdapter } from 'kysely';

interface HasExecutor {
  getExecutor(): { readonly adapter: unknown };
}

// The few places where SQLite and PostgreSQL need different words. Everything else is one code path.

export function isPostgres(db: HasExecutor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function columnTypes(db: HasExecutor) {
  const pg = isPostgres(db);
  return {
    timestamp: pg ? 'timestamptz' : 'text',
    bytes: pg ? 'bytea' : 'blob',
  } as const;
}
