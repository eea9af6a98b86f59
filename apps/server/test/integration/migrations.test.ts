import { type Migration, Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../../src/platform/db/database';
import { MIGRATIONS } from '../../src/platform/db/migrations/list';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../support/databases';

// Migration numbers are handed out per issue, so one with a lower number can ship after higher ones
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
