import { type Migration, Migrator, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../../src/platform/db/database';
import { MIGRATIONS } from '../../src/platform/db/migrations/list';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';

// Migration numbers are handed out per piece of work, so one with a lower number can ship after higher ones
// (0009_ticket_qr_images after 0015). A database deployed before it must still be brought up to date.

describeEachDatabase('migrations', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('a database that already ran the later migrations still gets a lower-numbered one that shipped after them', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    const before = MIGRATIONS.filter(([name]) => name !== '0009_ticket_qr_images');
    const deployed = new Migrator({
      db,
      provider: { getMigrations: async () => Object.fromEntries(before) as Record<string, Migration> },
    });
    const first = await deployed.migrateToLatest();
    expect(first.error).toBeUndefined();

    await migrateToLatest(db);
    const rows = await db.selectFrom('ticket_qr_images').selectAll().execute();
    expect(rows).toEqual([]);
    const ran = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(ran).toHaveLength(MIGRATIONS.length);
  });
});

// 0023 rebuilds the scan log on SQLite and swaps its replay guard for a partial index on both engines: the rows
// written before it stay, an offline admission's replay still collides, online rows never do, and it goes down.
describeEachDatabase('migration 0023 (the scan log)', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('keeps the rows, the replay guard and every other index; comes down again', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    const upTo = (last: string) =>
      new Migrator({
        db: db!,
        provider: {
          getMigrations: async () =>
            Object.fromEntries(
              MIGRATIONS.slice(0, MIGRATIONS.findIndex(([name]) => name === last) + 1),
            ) as Record<string, Migration>,
        },
      });
    expect((await upTo('0022_hold_writes').migrateToLatest()).error).toBeUndefined();
    const stamp = '2026-11-24T20:00:00.000Z';
    await db
      .insertInto('users')
      .values({
        id: 'gate-1',
        email: 'gate@example.com',
        name: 'Gita',
        role: 'qrchecker',
        created_at: stamp,
        updated_at: stamp,
      } as never)
      .execute();
    const scan = (id: string, localId: string | null) => ({
      id,
      ticket_id: 't-1',
      checker_user_id: 'gate-1',
      device_id: 'phone-1',
      gate: 'West',
      action: localId ? ('sync' as const) : ('verify' as const),
      result: localId ? ('admitted' as const) : ('verified' as const),
      local_id: localId,
      scanned_at: stamp,
      created_at: stamp,
      direction: 'in' as const,
      method: 'scan' as const,
    });
    await db
      .insertInto('checkin_scans')
      .values([scan('s-1', 'local-1'), scan('s-2', null)])
      .execute();

    await migrateToLatest(db);
    const indexes = await sql<{ name: string }>`${
      engine === 'postgres'
        ? sql`select indexname as name from pg_indexes where tablename = 'checkin_scans'`
        : sql`select name from sqlite_master where type = 'index' and tbl_name = 'checkin_scans' and sql is not null`
    }`.execute(db);
    expect(indexes.rows.map((row) => row.name).sort()).toEqual(
      [
        ...(engine === 'postgres' ? ['checkin_scans_pkey'] : []),
        'checkin_scans_created_at_idx',
        'checkin_scans_device_local_unique',
        'checkin_scans_result_gate_idx',
        'checkin_scans_scanned_at_idx',
        'checkin_scans_ticket_idx',
      ].sort(),
    );
    const rows = await db.selectFrom('checkin_scans').selectAll().orderBy('id').execute();
    expect(rows).toEqual([scan('s-1', 'local-1'), scan('s-2', null)]);
    await expect(db.insertInto('checkin_scans').values(scan('s-3', 'local-1')).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
    await db
      .insertInto('checkin_scans')
      .values([scan('s-4', null), scan('s-5', 'local-2')])
      .execute();
    const replay = await db
      .insertInto('checkin_scans')
      .values(scan('s-6', 'local-2'))
      .onConflict((c) => c.columns(['device_id', 'local_id']).where('local_id', 'is not', null).doNothing())
      .returning('id')
      .execute();
    expect(replay).toEqual([]);
    expect(await db.selectFrom('checkin_scans').select('id').execute()).toHaveLength(4);

    // Down through every later migration too (the migrator must know them all).
    const down = await upTo(MIGRATIONS.at(-1)![0]).migrateTo('0022_hold_writes');
    expect(down.error).toBeUndefined();
    expect(await db.selectFrom('checkin_scans').select('id').orderBy('id').execute()).toEqual(
      ['s-1', 's-2', 's-4', 's-5'].map((id) => ({ id })),
    );
    await expect(db.insertInto('checkin_scans').values(scan('s-7', 'local-2')).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
  });
});
