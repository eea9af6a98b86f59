import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Tickets sold per event as a counter the database keeps itself. Checking stock used to
// count an event's active and used tickets on every hold: with 19,000 sold, each hold walked 19,000 index
// entries. Now event_inventory.tickets_sold is read instead, and triggers on tickets move it by one in the
// same transaction as the row that changed (insert, delete, a status change into or out of active/used, a
// move to another event), so no code path, today's or a later one, a fixture or a bench seeding rows
// directly, can leave it behind the rows. A check-in (active -> used) does not fire them. Live holds are still
// summed from orders (they end by time, which no trigger sees), through a covering index, and there are never
// more of them than unsold seats. The books checks compare the counter with a recount.

const SOLD = sql.raw(`('active', 'used')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_inventory')
    .addColumn('event_id', 'text', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('tickets_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('event_inventory_sold_check', sql`tickets_sold >= 0`)
    .execute();
  await sql`insert into event_inventory (event_id, tickets_sold)
    select e.id, (select count(*) from tickets t where t.event_id = e.id and t.status in ${SOLD}) from events e`.execute(
    db,
  );
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);

  await db.schema
    .createIndex('orders_live_holds_idx')
    .on('orders')
    .columns(['event_id', 'status', 'hold_expires_at', 'quantity'])
    .execute();
  // The per-person cap reads one person's tickets and live holds in the same transaction. With only
  // (event_id, status) to choose from, SQLite walked every sold ticket of the event for it: these lead with the
  // person, so it reads a handful of entries whatever has been sold.
  await db.schema
    .createIndex('tickets_person_idx')
    .on('tickets')
    .columns(['user_id', 'event_id', 'status'])
    .execute();
  await db.schema
    .createIndex('orders_person_holds_idx')
    .on('orders')
    .columns(['user_id', 'event_id', 'status', 'hold_expires_at', 'quantity'])
    .execute();
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger event_inventory_new after insert on events begin
    insert into event_inventory (event_id, tickets_sold) values (new.id, 0); end`.execute(db);
  await sql`create trigger tickets_sold_insert after insert on tickets when new.status in ${SOLD} begin
    update event_inventory set tickets_sold = tickets_sold + 1 where event_id = new.event_id; end`.execute(
    db,
  );
  await sql`create trigger tickets_sold_delete after delete on tickets when old.status in ${SOLD} begin
    update event_inventory set tickets_sold = tickets_sold - 1 where event_id = old.event_id; end`.execute(
    db,
  );
  await sql`create trigger tickets_sold_update after update of status, event_id on tickets
    when (old.status in ${SOLD}) <> (new.status in ${SOLD}) or old.event_id <> new.event_id begin
    update event_inventory set tickets_sold = tickets_sold - 1 where event_id = old.event_id and old.status in ${SOLD};
    update event_inventory set tickets_sold = tickets_sold + 1 where event_id = new.event_id and new.status in ${SOLD};
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function event_inventory_new() returns trigger language plpgsql as $$
    begin
      insert into event_inventory (event_id, tickets_sold) values (new.id, 0);
      return null;
    end $$`.execute(db);
  await sql`create trigger event_inventory_new after insert on events
    for each row execute function event_inventory_new()`.execute(db);
  await sql`create function tickets_sold_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
        update event_inventory set tickets_sold = tickets_sold - 1 where event_id = old.event_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.status in ${SOLD} then
        update event_inventory set tickets_sold = tickets_sold + 1 where event_id = new.event_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tickets_sold_insert after insert on tickets
    for each row when (new.status in ${SOLD}) execute function tickets_sold_count()`.execute(db);
  await sql`create trigger tickets_sold_delete after delete on tickets
    for each row when (old.status in ${SOLD}) execute function tickets_sold_count()`.execute(db);
  await sql`create trigger tickets_sold_update after update of status, event_id on tickets
    for each row when ((old.status in ${SOLD}) is distinct from (new.status in ${SOLD})
      or old.event_id is distinct from new.event_id)
    execute function tickets_sold_count()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_person_holds_idx').execute();
  await db.schema.dropIndex('tickets_person_idx').execute();
  await db.schema.dropIndex('orders_live_holds_idx').execute();
  for (const trigger of ['tickets_sold_insert', 'tickets_sold_delete', 'tickets_sold_update']) {
    await sql`drop trigger ${sql.raw(trigger)}${isPostgres(db) ? sql` on tickets` : sql``}`.execute(db);
  }
  await sql`drop trigger event_inventory_new${isPostgres(db) ? sql` on events` : sql``}`.execute(db);
  if (isPostgres(db)) {
    await sql`drop function tickets_sold_count()`.execute(db);
    await sql`drop function event_inventory_new()`.execute(db);
  }
  await db.schema.dropTable('event_inventory').execute();
}
