import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Part of 0026 (the checkout of ticket types): an order's amount is the sum of its lines, each at its own price
// after any code, so it is no longer its price per ticket times its quantity (a couple pass and two discounted
// female passes come to ₹1,047.20 for 3 tickets). The check becomes "not negative". PostgreSQL changes the
// constraint in place; SQLite cannot, so the table is rebuilt by SQLite's documented procedure (a new table from
// the stored definition with the check changed, the rows copied, the old one dropped and the new one renamed, its
// indexes and triggers made again), with foreign keys off for the swap (migrations on SQLite run outside a
// transaction) and checked before they are switched back on. Triggers of other tables name orders (0024's
// order_lines counters): with legacy_alter_table on, the rename leaves them as they are (they name `orders`, which
// the new table is called again) instead of checking them against a schema in which orders is briefly missing.

const STRICT = 'amount_paise = price_per_ticket_paise * quantity';
const LOOSE = 'amount_paise >= 0';

export async function relaxOrderAmountCheck(db: Kysely<unknown>, relax: boolean): Promise<void> {
  const [from, to] = relax ? [STRICT, LOOSE] : [LOOSE, STRICT];
  if (isPostgres(db)) {
    await sql`alter table orders drop constraint orders_amount_check`.execute(db);
    await sql.raw(`alter table orders add constraint orders_amount_check check (${to})`).execute(db);
    return;
  }
  const found = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'orders' and type in ('table', 'index', 'trigger')`.execute(
    db,
  );
  const table = found.rows.find((row) => row.type === 'table')!;
  const quoted = (text: string) => text.replace(/(\w+_paise|quantity)/g, '"$1"');
  const definition = table.sql!.includes(from) ? table.sql! : table.sql!.replace(quoted(from), from);
  if (!definition.includes(from)) throw new Error(`orders has no check "${from}" to change`);
  const rebuilt = definition
    .replace(from, to)
    .replace(/^create table "?orders"?/i, 'create table "orders_new"');
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into orders_new select * from orders`.execute(db);
    await sql`drop table orders`.execute(db);
    await sql`alter table orders_new rename to orders`.execute(db);
    // Explicit indexes and the triggers (sql is null for an automatic index, made again by the table itself).
    for (const row of found.rows) if (row.type !== 'table' && row.sql) await sql.raw(row.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('rebuilding orders broke a foreign key');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
