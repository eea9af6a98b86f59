import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Seats in holds per event as a counter the database keeps itself, beside tickets_sold
// (0011). Every hold summed the live holds of its event under the event lock: through a covering index, but one
// index entry per hold, ~0.07 µs each on SQLite, so in a rush with thousands of holds live it was the dearest
// statement of a hold (bench/RESULTS.md). event_inventory.seats_in_holds is the seats of the event's orders
// still `created`, moved by triggers on orders in the same transaction as the row (insert, delete, a status
// change into or out of `created`, a change of quantity or event), like tickets_sold.
//
// It counts holds whose time has run out but that the reconciliation job has not yet marked expired (no trigger
// sees time pass), so it is never below the live holds: a hold that fits with it fits for certain. Only when it
// says a hold does not fit is the exact sum of live holds read (modules/purchase/hold-figures.ts). The books checks
// compare it with a recount.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('event_inventory')
    .addColumn('seats_in_holds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update event_inventory set seats_in_holds = (select coalesce(sum(o.quantity), 0) from orders o
    where o.event_id = event_inventory.event_id and o.status = 'created')`.execute(db);
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger orders_held_insert after insert on orders when new.status = 'created' begin
    update event_inventory set seats_in_holds = seats_in_holds + new.quantity where event_id = new.event_id;
    end`.execute(db);
  await sql`create trigger orders_held_delete after delete on orders when old.status = 'created' begin
    update event_inventory set seats_in_holds = seats_in_holds - old.quantity where event_id = old.event_id;
    end`.execute(db);
  await sql`create trigger orders_held_update after update of status, quantity, event_id on orders
    when old.status = 'created' or new.status = 'created' begin
    update event_inventory set seats_in_holds = seats_in_holds - old.quantity
      where event_id = old.event_id and old.status = 'created';
    update event_inventory set seats_in_holds = seats_in_holds + new.quantity
      where event_id = new.event_id and new.status = 'created';
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function orders_held_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'created' then
        update event_inventory set seats_in_holds = seats_in_holds - old.quantity where event_id = old.event_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.status = 'created' then
        update event_inventory set seats_in_holds = seats_in_holds + new.quantity where event_id = new.event_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_held_insert after insert on orders
    for each row when (new.status = 'created') execute function orders_held_count()`.execute(db);
  await sql`create trigger orders_held_delete after delete on orders
    for each row when (old.status = 'created') execute function orders_held_count()`.execute(db);
  await sql`create trigger orders_held_update after update of status, quantity, event_id on orders
    for each row when (old.status = 'created' or new.status = 'created') execute function orders_held_count()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['orders_held_insert', 'orders_held_delete', 'orders_held_update']) {
    await sql`drop trigger ${sql.raw(trigger)}${isPostgres(db) ? sql` on orders` : sql``}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function orders_held_count()`.execute(db);
  await db.schema.alterTable('event_inventory').dropColumn('seats_in_holds').execute();
}
