import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../../src/platform/db/database';
import { groupCommitted, withSqliteFile } from '../../src/platform/db/sqlite-now';
import { type ProvisionedDatabase, provisionDatabase } from '../../support/databases';

// platform/db/sqlite-now.ts: the gate's writes on the embedded SQLite file. A group commit writes what one turn of
// the event loop queued in one transaction, settles every caller only after the commit, and rolls back an item that
// fails without losing the others. (SQLite only: PostgreSQL runs the same writes as statements of their own.)

describe('SQLite group commit', () => {
  let database: ProvisionedDatabase;
  let db: Db;
  // What the items write: a table of this test's own.
  const put = groupCommitted((sqlite, item: { key: string; fail?: boolean }) => {
    sqlite.run(CompiledQuery.raw('insert into group_commit_probe (key) values (?)', [item.key]));
    if (item.fail) throw new Error(`item ${item.key} refused`);
    return item.key.toUpperCase();
  });

  beforeAll(async () => {
    database = await provisionDatabase('sqlite');
    db = createDatabase(database);
    await migrateToLatest(db);
    await sql`create table group_commit_probe (key text primary key)`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const keys = async () =>
    (await sql<{ key: string }>`select key from group_commit_probe order by key`.execute(db)).rows.map(
      (row) => row.key,
    );

  it('items of one turn are all written, each caller told its own result', async () => {
    const results = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((key) => put(db, { key })));
    expect(results).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(await keys()).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('an item that fails is rolled back alone; the others of its turn are written', async () => {
    const settled = await Promise.allSettled([
      put(db, { key: 'b1' }),
      put(db, { key: 'b2', fail: true }),
      put(db, { key: 'b3' }),
      // A duplicate key fails in SQLite itself.
      put(db, { key: 'a1' }),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(await keys()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b3']);
  });

  it('nothing is visible before the caller is told: a reader of the same turn sees the rows only after', async () => {
    const writing = put(db, { key: 'c1' });
    // Queued, not yet written: the flush runs after this turn.
    expect(
      await withSqliteFile(db, (sqlite) =>
        sqlite.all(CompiledQuery.raw("select count(*) n from group_commit_probe where key = 'c1'", [])),
      ),
    ).toEqual([{ n: 0 }]);
    await writing;
    expect(await keys()).toContain('c1');
  });

  it('never runs inside another open transaction of the application', async () => {
    let insideSeen: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into group_commit_probe (key) values ('d-tx')`.execute(trx);
      // The group's flush waits for the connection: the transaction is still open here.
      await new Promise((resolve) => setTimeout(resolve, 20));
      insideSeen = (
        await sql<{ key: string }>`select key from group_commit_probe where key like 'd-%'`.execute(trx)
      ).rows.map((row) => row.key);
      throw new Error('roll back');
    });
    const grouped = put(db, { key: 'd-group' });
    await expect(transaction).rejects.toThrow('roll back');
    await grouped;
    // The group's row was not part of the transaction that rolled back, and the transaction's row is gone.
    expect(insideSeen).toEqual(['d-tx']);
    expect((await keys()).filter((key) => key.startsWith('d-'))).toEqual(['d-group']);
  });
});
