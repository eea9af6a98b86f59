import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// What every hold writes, made cheaper (bench/history/purchase.md, docs/decisions/0319-hold-indexes-and-triggers.md).
//
// - orders_user_idx (user_id) goes: orders_person_holds_idx (0011) leads with user_id, so every query that could
//   use the one can use the other (EXPLAIN on both engines, in bench/RESULTS.md), and each order row wrote one
//   index entry more than it needed, at a random place (user ids are random).
// - PostgreSQL: the counter of seats in holds (0020) is moved once per insert statement instead of once per row.
//   A batch of holds is one insert (modules/purchase/hold-on-postgres.ts); a trigger per row ran the plpgsql function and
//   updated the one event_inventory row once per hold, each update a new version of that row inside the batch's
//   transaction. Now one update per statement, from the inserted rows (a transition table), summed per event:
//   the same count (hold-counter.test.ts). SQLite has no statement triggers and keeps its row trigger.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_idx').execute();
  if (!isPostgres(db)) return;
  await sql`drop trigger orders_held_insert on orders`.execute(db);
  await sql`create function orders_held_inserted() returns trigger language plpgsql as $$
    begin
      update event_inventory e set seats_in_holds = e.seats_in_holds + added.seats
        from (select event_id, sum(quantity) as seats from inserted where status = 'created' group by event_id) added
        where e.event_id = added.event_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_held_insert after insert on orders referencing new table as inserted
    for each statement execute function orders_held_inserted()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger orders_held_insert on orders`.execute(db);
    await sql`drop function orders_held_inserted()`.execute(db);
    await sql`create trigger orders_held_insert after insert on orders
      for each row when (new.status = 'created') execute function orders_held_count()`.execute(db);
  }
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
}
