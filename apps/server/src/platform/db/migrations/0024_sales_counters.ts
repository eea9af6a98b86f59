import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// The triggers of 0024_ticket_types.ts. Like event_inventory (0011, 0020, 0022) the counters are moved by the
// database in the transaction that changes the rows, so no code path (a checkout, the gate, a fixture, a bench
// seeding rows directly) can leave them behind:
//
// - sales_counters: one row per type, phase and code (made and removed with them). `sold`: tickets active or
//   used of that type, at that phase, or that took a use of that code. `held`: tickets in the lines of orders still
//   `created` (a code: the lines' code_uses), including holds run out but not yet marked expired (an upper bound
//   of the live holds, as seats_in_holds is: packages/domain hold-bounds.ts says when the exact sum is read).
// - A ticket written without a type gets its event's default type (every path that predates types).
// - A new event gets its default type, and the default type follows the event's prices.
// - event_inventory counts people: a ticket adds its admits, an order its people (null: its quantity).

const SOLD = sql.raw(`('active', 'used')`);
const DEFAULT_TYPE = sql.raw(`'entry-' || new.id`);

/** The counter rows a ticket (or order line) touches: its type, its phase, its code. */
function touched(row: 'new' | 'old') {
  return sql.raw(`((scope = 'type' and ref_id = ${row}.ticket_type_id)
    or (scope = 'phase' and ref_id = ${row}.phase_id) or (scope = 'code' and ref_id = ${row}.promo_code_id))`);
}

export async function salesCounterTriggers(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await postgresSalesTriggers(db);
  else await sqliteSalesTriggers(db);
}

async function sqliteSalesTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create trigger sales_counter_type_new after insert on ticket_types begin
      insert into sales_counters (event_id, scope, ref_id) values (new.event_id, 'type', new.id); end`,
    sql`create trigger sales_counter_type_gone after delete on ticket_types begin
      delete from sales_counters where event_id = old.event_id and scope = 'type' and ref_id = old.id; end`,
    sql`create trigger sales_counter_phase_new after insert on price_phases begin
      insert into sales_counters (event_id, scope, ref_id)
        select event_id, 'phase', new.id from ticket_types where id = new.ticket_type_id; end`,
    sql`create trigger sales_counter_phase_gone after delete on price_phases begin
      delete from sales_counters where scope = 'phase' and ref_id = old.id; end`,
    sql`create trigger sales_counter_code_new after insert on promo_codes begin
      insert into sales_counters (event_id, scope, ref_id) values (new.event_id, 'code', new.id); end`,
    sql`create trigger sales_counter_code_gone after delete on promo_codes begin
      delete from sales_counters where event_id = old.event_id and scope = 'code' and ref_id = old.id; end`,
    sql`create trigger ticket_types_default_new after insert on events begin
      insert into ticket_types (id, event_id, name, name_hi, name_gu, price_paise, group_price4_paise, colour,
        is_default, created_at, updated_at)
      values (${DEFAULT_TYPE}, new.id, 'Entry', 'प्रवेश', 'પ્રવેશ', new.ticket_price_paise, new.group_price4_paise,
        '#C2410C', 1, new.created_at, new.created_at); end`,
    sql`create trigger ticket_types_default_price after update of ticket_price_paise, group_price4_paise on events
      begin update ticket_types set price_paise = new.ticket_price_paise, group_price4_paise = new.group_price4_paise,
        updated_at = new.updated_at where event_id = new.id and is_default = 1; end`,
    sql`create trigger tickets_default_type after insert on tickets when new.ticket_type_id is null begin
      update tickets set ticket_type_id =
        (select id from ticket_types where event_id = new.event_id and is_default = 1) where id = new.id; end`,
    sql`create trigger tickets_sales_insert after insert on tickets when new.status in ${SOLD} begin
      update sales_counters set sold = sold + 1 where event_id = new.event_id and ${touched('new')}; end`,
    sql`create trigger tickets_sales_delete after delete on tickets when old.status in ${SOLD} begin
      update sales_counters set sold = sold - 1 where event_id = old.event_id and ${touched('old')}; end`,
    sql`create trigger tickets_sales_update
      after update of status, event_id, ticket_type_id, phase_id, promo_code_id on tickets
      when (old.status in ${SOLD}) <> (new.status in ${SOLD}) or old.event_id <> new.event_id
        or old.ticket_type_id is not new.ticket_type_id or old.phase_id is not new.phase_id
        or old.promo_code_id is not new.promo_code_id begin
      update sales_counters set sold = sold - 1
        where old.status in ${SOLD} and event_id = old.event_id and ${touched('old')};
      update sales_counters set sold = sold + 1
        where new.status in ${SOLD} and event_id = new.event_id and ${touched('new')};
      end`,
    sql`create trigger order_lines_held_insert after insert on order_lines
      when (select status from orders where id = new.order_id) = 'created' begin
      update sales_counters set held = held + case scope when 'code' then new.code_uses else new.quantity end
        where event_id = new.event_id and ${touched('new')}; end`,
    sql`create trigger orders_lines_held_update after update of status on orders
      when (old.status = 'created') <> (new.status = 'created') begin
      update sales_counters set held = held + (case when new.status = 'created' then 1 else -1 end) * ${linesOf('new')}
        where event_id = new.event_id and ref_id in ${refsOf('new')}; end`,
    // Before the delete, while the order's lines (deleted with it) are still there to be counted.
    sql`create trigger orders_lines_held_delete before delete on orders when old.status = 'created' begin
      update sales_counters set held = held - ${linesOf('old')}
        where event_id = old.event_id and ref_id in ${refsOf('old')}; end`,
  ];
  for (const statement of statements) await statement.execute(db);
}

/** Tickets (a code: uses) of one order's lines that count on the counter row being updated. */
function linesOf(row: 'new' | 'old') {
  return sql.raw(`(select coalesce(sum(case sales_counters.scope when 'code' then l.code_uses else l.quantity end), 0)
    from order_lines l where l.order_id = ${row}.id and (
      (sales_counters.scope = 'type' and l.ticket_type_id = sales_counters.ref_id)
      or (sales_counters.scope = 'phase' and l.phase_id = sales_counters.ref_id)
      or (sales_counters.scope = 'code' and l.promo_code_id = sales_counters.ref_id)))`);
}

function refsOf(row: 'new' | 'old') {
  return sql.raw(`(select ticket_type_id from order_lines where order_id = ${row}.id
    union select phase_id from order_lines where order_id = ${row}.id
    union select promo_code_id from order_lines where order_id = ${row}.id)`);
}

/** One order's lines summed per counter row, as a from-list for PostgreSQL's update ... from. */
const ORDER_LINE_SUMS = `select 'type' as scope, ticket_type_id as ref_id, sum(quantity) as n
      from order_lines where order_id = target.id group by ticket_type_id
    union all select 'phase', phase_id, sum(quantity)
      from order_lines where order_id = target.id and phase_id is not null group by phase_id
    union all select 'code', promo_code_id, sum(code_uses)
      from order_lines where order_id = target.id and promo_code_id is not null group by promo_code_id`;

async function postgresSalesTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create function sales_counter_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if tg_table_name = 'price_phases' then
            insert into sales_counters (event_id, scope, ref_id)
              select event_id, 'phase', new.id from ticket_types where id = new.ticket_type_id;
          else
            insert into sales_counters (event_id, scope, ref_id)
              values (new.event_id, case tg_table_name when 'ticket_types' then 'type' else 'code' end, new.id);
          end if;
        else
          delete from sales_counters where ref_id = old.id
            and scope = case tg_table_name when 'ticket_types' then 'type' when 'price_phases' then 'phase' else 'code' end;
        end if;
        return null;
      end $$`,
    ...['ticket_types', 'price_phases', 'promo_codes'].map(
      (
        table,
      ) => sql`create trigger ${sql.raw(`${table}_counter_row`)} after insert or delete on ${sql.raw(table)}
        for each row execute function sales_counter_rows()`,
    ),
    sql`create function ticket_types_default() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into ticket_types (id, event_id, name, name_hi, name_gu, price_paise, group_price4_paise, colour,
            is_default, created_at, updated_at)
          values (${DEFAULT_TYPE}, new.id, 'Entry', 'प्रवेश', 'પ્રવેશ', new.ticket_price_paise, new.group_price4_paise,
            '#C2410C', 1, new.created_at, new.created_at);
        else
          update ticket_types set price_paise = new.ticket_price_paise, group_price4_paise = new.group_price4_paise,
            updated_at = new.updated_at where event_id = new.id and is_default = 1;
        end if;
        return null;
      end $$`,
    sql`create trigger ticket_types_default_new after insert on events
      for each row execute function ticket_types_default()`,
    sql`create trigger ticket_types_default_price after update of ticket_price_paise, group_price4_paise on events
      for each row execute function ticket_types_default()`,
    sql`create function tickets_default_type() returns trigger language plpgsql as $$
      begin
        select id into new.ticket_type_id from ticket_types where event_id = new.event_id and is_default = 1;
        return new;
      end $$`,
    sql`create trigger tickets_default_type before insert on tickets
      for each row when (new.ticket_type_id is null) execute function tickets_default_type()`,
    sql`create function tickets_sales_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
          update sales_counters set sold = sold - 1 where event_id = old.event_id and ${touched('old')};
        end if;
        if tg_op in ('UPDATE', 'INSERT') and new.status in ${SOLD} then
          update sales_counters set sold = sold + 1 where event_id = new.event_id and ${touched('new')};
        end if;
        return null;
      end $$`,
    sql`create trigger tickets_sales_insert after insert on tickets
      for each row when (new.status in ${SOLD}) execute function tickets_sales_count()`,
    sql`create trigger tickets_sales_delete after delete on tickets
      for each row when (old.status in ${SOLD}) execute function tickets_sales_count()`,
    sql`create trigger tickets_sales_update after update of status, event_id, ticket_type_id, phase_id, promo_code_id
      on tickets for each row when ((old.status in ${SOLD}) is distinct from (new.status in ${SOLD})
        or old.event_id is distinct from new.event_id or old.ticket_type_id is distinct from new.ticket_type_id
        or old.phase_id is distinct from new.phase_id or old.promo_code_id is distinct from new.promo_code_id)
      execute function tickets_sales_count()`,
    // A batch of holds is one insert of its lines: the counters move once per statement (as 0022 does for seats).
    sql`create function order_lines_held_inserted() returns trigger language plpgsql as $$
      begin
        update sales_counters c set held = c.held + a.n from (
          select l.event_id, 'type' as scope, l.ticket_type_id as ref_id, sum(l.quantity) as n
            from added l join orders o on o.id = l.order_id where o.status = 'created' group by 1, 3
          union all select l.event_id, 'phase', l.phase_id, sum(l.quantity)
            from added l join orders o on o.id = l.order_id
            where o.status = 'created' and l.phase_id is not null group by 1, 3
          union all select l.event_id, 'code', l.promo_code_id, sum(l.code_uses)
            from added l join orders o on o.id = l.order_id
            where o.status = 'created' and l.promo_code_id is not null group by 1, 3
        ) a where c.event_id = a.event_id and c.scope = a.scope and c.ref_id = a.ref_id;
        return null;
      end $$`,
    sql`create trigger order_lines_held_insert after insert on order_lines referencing new table as added
      for each statement execute function order_lines_held_inserted()`,
    sql`create function orders_lines_held() returns trigger language plpgsql as $$
      declare
        target orders%rowtype;
        direction integer;
      begin
        if tg_op = 'DELETE' then
          target := old;
          direction := -1;
        else
          target := new;
          direction := case when new.status = 'created' then 1 else -1 end;
        end if;
        update sales_counters c set held = c.held + direction * a.n from (${sql.raw(ORDER_LINE_SUMS)}) a
          where c.event_id = target.event_id and c.scope = a.scope and c.ref_id = a.ref_id;
        if tg_op = 'DELETE' then return old; end if;
        return null;
      end $$`,
    sql`create trigger orders_lines_held_update after update of status on orders
      for each row when ((old.status = 'created') is distinct from (new.status = 'created'))
      execute function orders_lines_held()`,
    sql`create trigger orders_lines_held_delete before delete on orders
      for each row when (old.status = 'created') execute function orders_lines_held()`,
  ];
  for (const statement of statements) await statement.execute(db);
}

const SQLITE_TRIGGERS = [
  'sales_counter_type_new',
  'sales_counter_type_gone',
  'sales_counter_phase_new',
  'sales_counter_phase_gone',
  'sales_counter_code_new',
  'sales_counter_code_gone',
  'ticket_types_default_new',
  'ticket_types_default_price',
  'tickets_default_type',
  'tickets_sales_insert',
  'tickets_sales_delete',
  'tickets_sales_update',
  'order_lines_held_insert',
  'orders_lines_held_update',
  'orders_lines_held_delete',
];

const POSTGRES_TRIGGERS: [trigger: string, table: string][] = [
  ['ticket_types_counter_row', 'ticket_types'],
  ['price_phases_counter_row', 'price_phases'],
  ['promo_codes_counter_row', 'promo_codes'],
  ['ticket_types_default_new', 'events'],
  ['ticket_types_default_price', 'events'],
  ['tickets_default_type', 'tickets'],
  ['tickets_sales_insert', 'tickets'],
  ['tickets_sales_delete', 'tickets'],
  ['tickets_sales_update', 'tickets'],
  ['order_lines_held_insert', 'order_lines'],
  ['orders_lines_held_update', 'orders'],
  ['orders_lines_held_delete', 'orders'],
];

export async function dropSalesCounterTriggers(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    return;
  }
  for (const [trigger, table] of POSTGRES_TRIGGERS) {
    await sql`drop trigger ${sql.raw(trigger)} on ${sql.raw(table)}`.execute(db);
  }
  for (const fn of [
    'sales_counter_rows',
    'ticket_types_default',
    'tickets_default_type',
    'tickets_sales_count',
    'order_lines_held_inserted',
    'orders_lines_held',
  ]) {
    await sql`drop function ${sql.raw(fn)}()`.execute(db);
  }
}

/**
 * event_inventory's counters of tickets and seats in holds, counting people (a ticket's admits, an order's people,
 * null meaning its quantity) or, going down, tickets and quantities as 0011, 0020 and 0022 made them.
 */
export async function peopleCounterTriggers(
  db: Kysely<unknown>,
  counting: 'people' | 'quantity',
): Promise<void> {
  const perTicket = (row: 'new' | 'old') => sql.raw(counting === 'people' ? `${row}.admits` : '1');
  const perOrder = (row: 'new' | 'old') =>
    sql.raw(counting === 'people' ? `coalesce(${row}.people, ${row}.quantity)` : `${row}.quantity`);
  const ticketColumns = sql.raw(counting === 'people' ? 'status, event_id, admits' : 'status, event_id');
  const orderColumns = sql.raw(
    counting === 'people' ? 'status, quantity, people, event_id' : 'status, quantity, event_id',
  );
  if (!isPostgres(db)) {
    for (const trigger of ['tickets_sold_insert', 'tickets_sold_delete', 'tickets_sold_update']) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    for (const trigger of ['orders_held_insert', 'orders_held_delete', 'orders_held_update']) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`create trigger tickets_sold_insert after insert on tickets when new.status in ${SOLD} begin
      update event_inventory set tickets_sold = tickets_sold + ${perTicket('new')} where event_id = new.event_id;
      end`.execute(db);
    await sql`create trigger tickets_sold_delete after delete on tickets when old.status in ${SOLD} begin
      update event_inventory set tickets_sold = tickets_sold - ${perTicket('old')} where event_id = old.event_id;
      end`.execute(db);
    await sql`create trigger tickets_sold_update after update of ${ticketColumns} on tickets
      when (old.status in ${SOLD}) <> (new.status in ${SOLD}) or old.event_id <> new.event_id
        or ${perTicket('old')} <> ${perTicket('new')} begin
      update event_inventory set tickets_sold = tickets_sold - ${perTicket('old')}
        where event_id = old.event_id and old.status in ${SOLD};
      update event_inventory set tickets_sold = tickets_sold + ${perTicket('new')}
        where event_id = new.event_id and new.status in ${SOLD};
      end`.execute(db);
    await sql`create trigger orders_held_insert after insert on orders when new.status = 'created' begin
      update event_inventory set seats_in_holds = seats_in_holds + ${perOrder('new')} where event_id = new.event_id;
      end`.execute(db);
    await sql`create trigger orders_held_delete after delete on orders when old.status = 'created' begin
      update event_inventory set seats_in_holds = seats_in_holds - ${perOrder('old')} where event_id = old.event_id;
      end`.execute(db);
    await sql`create trigger orders_held_update after update of ${orderColumns} on orders
      when old.status = 'created' or new.status = 'created' begin
      update event_inventory set seats_in_holds = seats_in_holds - ${perOrder('old')}
        where event_id = old.event_id and old.status = 'created';
      update event_inventory set seats_in_holds = seats_in_holds + ${perOrder('new')}
        where event_id = new.event_id and new.status = 'created';
      end`.execute(db);
    return;
  }
  await sql`create or replace function tickets_sold_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status in ${SOLD} then
        update event_inventory set tickets_sold = tickets_sold - ${perTicket('old')} where event_id = old.event_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.status in ${SOLD} then
        update event_inventory set tickets_sold = tickets_sold + ${perTicket('new')} where event_id = new.event_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger tickets_sold_update on tickets`.execute(db);
  await sql`create trigger tickets_sold_update after update of ${ticketColumns} on tickets
    for each row when ((old.status in ${SOLD}) is distinct from (new.status in ${SOLD})
      or old.event_id is distinct from new.event_id or ${perTicket('old')} is distinct from ${perTicket('new')})
    execute function tickets_sold_count()`.execute(db);
  await sql`create or replace function orders_held_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'created' then
        update event_inventory set seats_in_holds = seats_in_holds - ${perOrder('old')} where event_id = old.event_id;
      end if;
      if tg_op in ('UPDATE', 'INSERT') and new.status = 'created' then
        update event_inventory set seats_in_holds = seats_in_holds + ${perOrder('new')} where event_id = new.event_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger orders_held_update on orders`.execute(db);
  await sql`create trigger orders_held_update after update of ${orderColumns} on orders
    for each row when (old.status = 'created' or new.status = 'created') execute function orders_held_count()`.execute(
    db,
  );
  const seats = sql.raw(counting === 'people' ? 'sum(coalesce(people, quantity))' : 'sum(quantity)');
  await sql`create or replace function orders_held_inserted() returns trigger language plpgsql as $$
    begin
      update event_inventory e set seats_in_holds = e.seats_in_holds + added.seats
        from (select event_id, ${seats} as seats from inserted where status = 'created' group by event_id) added
        where e.event_id = added.event_id;
      return null;
    end $$`.execute(db);
}
