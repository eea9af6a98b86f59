import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/database';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';

// DATABASE_POOL_SIZE (platform/db/database.ts): an instance opens at most that many PostgreSQL connections, however
// many statements it has in flight; the rest wait for one. (SQLite has one connection, whatever the setting.)

describeEachDatabase('the database pool', (engine) => {
  let database: ProvisionedDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await provisionDatabase(engine);
    db = createDatabase({ ...database, databasePoolSize: 3 });
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it.runIf(engine === 'postgres')('opens no more connections than DATABASE_POOL_SIZE', async () => {
    const backends = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(db),
      ),
    );
    expect(new Set(backends.map((result) => result.rows[0]!.pid)).size).toBe(3);
  });
});
