import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledOnce } from '../../src/platform/db/compiled';
import { createDatabase, type Db, migrateToLatest } from '../../src/platform/db/database';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';

// platform/db/compiled.ts: a hot query compiled once per dialect gives, for any arguments, what building it
// anew would give, keeps its constants, and refuses to freeze an argument that is not a value.

describeEachDatabase('queries compiled once', (engine) => {
  let database: ProvisionedDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    await migrateToLatest(db);
    const stamp = new Date().toISOString();
    await db
      .insertInto('users')
      .values(
        ['a', 'b', 'c'].map((name, index) => ({
          id: `user-${name}`,
          firebase_uid: `uid-${name}`,
          email: `${name}@compiled.test`,
          name,
          photo_url: null,
          phone: null,
          role: index === 2 ? ('admin' as const) : ('guest' as const),
          created_at: stamp,
          updated_at: stamp,
          last_login_at: null,
          deleted_at: null,
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const usersByRole = compiledOnce((db: Db, email: string, uid: string) =>
    db
      .selectFrom('users')
      .select(['id', 'role'])
      .where((eb) => eb.or([eb('email', '=', email), eb('firebase_uid', '=', uid)]))
      .where('role', '=', 'guest')
      .orderBy('id'),
  );

  it('each call runs with its own arguments, in their places, and the constants stay', async () => {
    expect(await usersByRole(db, 'a@compiled.test', 'uid-b')).toEqual([
      { id: 'user-a', role: 'guest' },
      { id: 'user-b', role: 'guest' },
    ]);
    expect(await usersByRole(db, 'nobody@compiled.test', 'uid-a')).toEqual([{ id: 'user-a', role: 'guest' }]);
    // user-c matches the arguments but not the constant role = 'guest'.
    expect(await usersByRole(db, 'c@compiled.test', 'uid-c')).toEqual([]);
  });

  it('works inside a transaction too', async () => {
    const rows = await db.transaction().execute((trx) => usersByRole(trx, 'b@compiled.test', 'none'));
    expect(rows).toEqual([{ id: 'user-b', role: 'guest' }]);
  });

  // SQLite runs a constant limit written into the text several times faster than one bound as a parameter
  // (compiled.ts): the constant is written in, a limit that is an argument stays one.
  it('a constant limit and a limit given as an argument both hold', async () => {
    const firstGuest = compiledOnce((db: Db, role: 'guest' | 'admin') =>
      db.selectFrom('users').select('id').where('role', '=', role).orderBy('id').limit(1),
    );
    expect(await firstGuest(db, 'guest')).toEqual([{ id: 'user-a' }]);
    expect(await firstGuest(db, 'admin')).toEqual([{ id: 'user-c' }]);
    const someUsers = compiledOnce((db: Db, count: number) =>
      db.selectFrom('users').select('id').orderBy('id').limit(count),
    );
    expect(await someUsers(db, 1)).toEqual([{ id: 'user-a' }]);
    expect(await someUsers(db, 3)).toHaveLength(3);
    expect(await someUsers(db, 2)).toEqual([{ id: 'user-a' }, { id: 'user-b' }]);
  });

  it('refuses an argument that chooses part of the query instead of being a value', async () => {
    const byColumn = compiledOnce((db: Db, column: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where(column === 'email' ? 'email' : 'name', '=', 'a'),
    );
    await expect(byColumn(db, 'email')).rejects.toThrow(/argument 0 is not used as a value/);
  });

  // PostgreSQL planned the gate's eight-table ticket view anew on every scan (2-6 ms each): a compiled text
  // is a prepared statement of each connection that runs it (prepared.ts), parsed and planned once.
  it.runIf(engine === 'postgres')(
    'runs as a prepared statement of the connection on PostgreSQL',
    async () => {
      const prepared = await db.transaction().execute(async (trx) => {
        await usersByRole(trx, 'a@compiled.test', 'none');
        await usersByRole(trx, 'b@compiled.test', 'none');
        return (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)
        ).rows.map((row) => row.statement);
      });
      expect(
        prepared.filter((text) => text.includes('"users"') && text.includes('"firebase_uid"')),
      ).toHaveLength(1);
    },
  );

  it('a prepared statement keeps working on its connection after a failed transaction', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await usersByRole(trx, 'a@compiled.test', 'none');
      await sql`select * from no_such_table`.execute(trx);
    });
    await expect(failed).rejects.toThrow();
    for (let round = 0; round < 12; round++) {
      expect(await usersByRole(db, 'a@compiled.test', 'uid-b')).toHaveLength(2);
    }
  });
});
