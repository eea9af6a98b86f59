import { type Migration, Migrator, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Db, migrateToLatest } from '../../src/platform/db/database';
import { MIGRATIONS } from '../../src/platform/db/migrations/list';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';

// Migration 0024 (ticket types): existing events, orders and tickets become the default "Entry" type without a
// figure moving; afterwards the database keeps every counter (people per event; tickets per type, phase and code,
// sold and held) equal to a recount, whatever writes the rows; and it comes down again.

const STAMP = '2026-11-24T20:00:00.000Z';
const LATER = '2026-11-24T21:00:00.000Z';

describeEachDatabase('migration 0024 (ticket types)', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const migrator = (last: string) =>
    new Migrator({
      db: db!,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            MIGRATIONS.slice(0, MIGRATIONS.findIndex(([name]) => name === last) + 1),
          ) as Record<string, Migration>,
      },
    });

  const insert = (table: string, row: Record<string, unknown>) =>
    db!
      .insertInto(table as never)
      .values(row as never)
      .execute();

  const event = (id: string, pricePaise = 29_900) =>
    insert('events', {
      id,
      name: 'Garba night',
      venue: 'NSCI Dome',
      description: 'Raas',
      date: '2026-10-10',
      start_time: '19:00',
      end_time: '23:00',
      ticket_price_paise: pricePaise,
      group_price4_paise: 24_900,
      total_tickets: 100,
      created_at: STAMP,
      updated_at: STAMP,
    });

  let ticketNo = 0;
  const ticket = (eventId: string, status: string, extra: Record<string, unknown> = {}) => {
    ticketNo += 1;
    return insert('tickets', {
      id: `ticket-${ticketNo}`,
      ticket_code: `CODE${ticketNo}`,
      order_id: null,
      seq: 1,
      event_id: eventId,
      user_id: 'user-1',
      holder_name: 'Asha',
      price_paise: 29_900,
      status,
      qr_token: `token-${ticketNo}`,
      created_at: STAMP,
      updated_at: STAMP,
      ...extra,
    });
  };

  const order = (
    id: string,
    eventId: string,
    status: string,
    quantity: number,
    extra: Record<string, unknown> = {},
  ) =>
    insert('orders', {
      id,
      user_id: 'user-1',
      event_id: eventId,
      quantity,
      price_per_ticket_paise: 29_900,
      amount_paise: 29_900 * quantity,
      pricing_tier: 'Individual',
      status,
      hold_expires_at: LATER,
      created_at: STAMP,
      updated_at: STAMP,
      ...extra,
    });

  const inventory = async (eventId: string) =>
    db!
      .selectFrom('event_inventory')
      .select(['tickets_sold', 'seats_in_holds'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();

  const counters = async (eventId: string) => {
    const rows = await db!
      .selectFrom('sales_counters')
      .select(['scope', 'ref_id', 'sold', 'held'])
      .where('event_id', '=', eventId)
      .execute();
    return Object.fromEntries(
      rows.map((row) => [`${row.scope}:${row.ref_id}`, [Number(row.sold), Number(row.held)]]),
    );
  };

  /** The same figures counted from the rows. */
  const recount = async (eventId: string) => {
    const sold = await sql<{ key: string; n: number }>`
      select 'type:' || ticket_type_id as key, count(*) as n from tickets
        where event_id = ${eventId} and status in ('active', 'used') group by ticket_type_id
      union all select 'phase:' || phase_id, count(*) from tickets
        where event_id = ${eventId} and status in ('active', 'used') and phase_id is not null group by phase_id
      union all select 'code:' || promo_code_id, count(*) from tickets
        where event_id = ${eventId} and status in ('active', 'used') and promo_code_id is not null group by promo_code_id`.execute(
      db!,
    );
    const held = await sql<{ key: string; n: number }>`
      select 'type:' || l.ticket_type_id as key, sum(l.quantity) as n from order_lines l
        join orders o on o.id = l.order_id where l.event_id = ${eventId} and o.status = 'created' group by l.ticket_type_id
      union all select 'phase:' || l.phase_id, sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
        where l.event_id = ${eventId} and o.status = 'created' and l.phase_id is not null group by l.phase_id
      union all select 'code:' || l.promo_code_id, sum(l.code_uses) from order_lines l join orders o on o.id = l.order_id
        where l.event_id = ${eventId} and o.status = 'created' and l.promo_code_id is not null group by l.promo_code_id`.execute(
      db!,
    );
    const figures: Record<string, [number, number]> = {};
    for (const key of Object.keys(await counters(eventId))) figures[key] = [0, 0];
    for (const row of sold.rows) figures[row.key]![0] = Number(row.n);
    for (const row of held.rows) figures[row.key]![1] = Number(row.n);
    return figures;
  };

  it('existing events, orders and tickets become the default type; no figure moves', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    expect((await migrator('0023_scan_log_writes').migrateToLatest()).error).toBeUndefined();
    await insert('users', {
      id: 'user-1',
      email: 'asha@example.com',
      name: 'Asha',
      created_at: STAMP,
      updated_at: STAMP,
    });
    await event('event-1');
    await ticket('event-1', 'active');
    await ticket('event-1', 'used');
    await ticket('event-1', 'cancelled');
    await order('order-held', 'event-1', 'created', 3);
    await order('order-paid', 'event-1', 'paid', 2, { pricing_tier: 'Group' });
    const before = await inventory('event-1');

    await migrateToLatest(db);

    expect(await inventory('event-1')).toEqual(before);
    const entry = await db.selectFrom('ticket_types').selectAll().where('event_id', '=', 'event-1').execute();
    expect(entry).toEqual([
      expect.objectContaining({
        id: 'entry-event-1',
        name: 'Entry',
        price_paise: 29_900,
        group_price4_paise: 24_900,
        admits: 1,
        is_default: 1,
      }),
    ]);
    const types = await db.selectFrom('tickets').select('ticket_type_id').distinct().execute();
    expect(types).toEqual([{ ticket_type_id: 'entry-event-1' }]);
    const lines = await db.selectFrom('order_lines').selectAll().orderBy('order_id').execute();
    expect(
      lines.map((line) => [line.order_id, line.quantity, line.unit_price_paise, line.group_price]),
    ).toEqual([
      ['order-held', 3, 29_900, 0],
      ['order-paid', 2, 29_900, 1],
    ]);
    expect(await counters('event-1')).toEqual({ 'type:entry-event-1': [2, 3] });
    expect(await counters('event-1')).toEqual(await recount('event-1'));
  });

  it('keeps every counter equal to a recount: people per event, tickets per type, phase and code', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    await migrateToLatest(db);
    await insert('users', {
      id: 'user-1',
      email: 'asha@example.com',
      name: 'Asha',
      created_at: STAMP,
      updated_at: STAMP,
    });
    await event('event-2');
    // A new event gets its default type, which follows the event's prices.
    await db
      .updateTable('events')
      .set({ ticket_price_paise: 34_900, updated_at: LATER })
      .where('id', '=', 'event-2')
      .execute();
    expect(
      await db
        .selectFrom('ticket_types')
        .select(['id', 'price_paise'])
        .where('event_id', '=', 'event-2')
        .execute(),
    ).toEqual([{ id: 'entry-event-2', price_paise: 34_900 }]);

    await insert('ticket_types', {
      id: 'couple',
      event_id: 'event-2',
      name: 'Couple pass',
      price_paise: 59_900,
      admits: 2,
      colour: '#BE185D',
      position: 1,
      created_at: STAMP,
      updated_at: STAMP,
    });
    await insert('price_phases', {
      id: 'early',
      ticket_type_id: 'couple',
      position: 0,
      label: 'Early bird',
      price_paise: 49_900,
      quantity: 10,
    });
    await insert('promo_codes', {
      id: 'code',
      event_id: 'event-2',
      code: 'GARBA',
      kind: 'percent',
      value: 10,
      created_at: STAMP,
      updated_at: STAMP,
    });

    // A hold of two couple passes at the early-bird price, one of them with the code; and one of the default type.
    await order('hold-1', 'event-2', 'created', 2, { people: 4 });
    const line = { event_id: 'event-2', unit_price_paise: 49_900 };
    await insert('order_lines', {
      ...line,
      order_id: 'hold-1',
      line_no: 1,
      ticket_type_id: 'couple',
      phase_id: 'early',
      promo_code_id: 'code',
      quantity: 1,
      admits: 2,
      discount_per_ticket_paise: 4_990,
      code_uses: 1,
    });
    await insert('order_lines', {
      ...line,
      order_id: 'hold-1',
      line_no: 2,
      ticket_type_id: 'couple',
      phase_id: 'early',
      quantity: 1,
      admits: 2,
    });
    await order('hold-2', 'event-2', 'created', 1);
    await insert('order_lines', {
      ...line,
      order_id: 'hold-2',
      line_no: 1,
      ticket_type_id: 'entry-event-2',
      quantity: 1,
    });
    expect(await inventory('event-2')).toEqual({ tickets_sold: 0, seats_in_holds: 5 });
    expect(await counters('event-2')).toEqual({
      'type:entry-event-2': [0, 1],
      'type:couple': [0, 2],
      'phase:early': [0, 2],
      'code:code': [0, 1],
    });

    // Paid: the hold's tickets are issued and the hold ends in one transaction.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status: 'paid' }).where('id', '=', 'hold-1').execute();
      for (const [seq, code] of [
        [1, 'code'],
        [2, null],
      ] as const) {
        ticketNo += 1;
        await trx
          .insertInto('tickets')
          .values({
            id: `ticket-${ticketNo}`,
            ticket_code: `CODE${ticketNo}`,
            order_id: 'hold-1',
            seq,
            event_id: 'event-2',
            user_id: 'user-1',
            holder_name: 'Asha',
            price_paise: 44_910,
            status: 'active',
            qr_token: `token-${ticketNo}`,
            created_at: STAMP,
            updated_at: STAMP,
            ticket_type_id: 'couple',
            phase_id: 'early',
            promo_code_id: code,
            admits: 2,
          } as never)
          .execute();
      }
    });
    // Expired: the other hold gives its seat back; a ticket written without a type gets the default one.
    await db.updateTable('orders').set({ status: 'expired' }).where('id', '=', 'hold-2').execute();
    await ticket('event-2', 'active');
    expect(await inventory('event-2')).toEqual({ tickets_sold: 5, seats_in_holds: 0 });
    expect(await counters('event-2')).toEqual({
      'type:entry-event-2': [1, 0],
      'type:couple': [2, 0],
      'phase:early': [2, 0],
      'code:code': [1, 0],
    });

    // Checked in, then cancelled: the couple pass gives back two people, its type, phase and code use.
    await db.updateTable('tickets').set({ status: 'used' }).where('promo_code_id', '=', 'code').execute();
    expect(await inventory('event-2')).toEqual({ tickets_sold: 5, seats_in_holds: 0 });
    await db
      .updateTable('tickets')
      .set({ status: 'cancelled' })
      .where('promo_code_id', '=', 'code')
      .execute();
    expect(await inventory('event-2')).toEqual({ tickets_sold: 3, seats_in_holds: 0 });
    expect(await counters('event-2')).toEqual({
      'type:entry-event-2': [1, 0],
      'type:couple': [1, 0],
      'phase:early': [1, 0],
      'code:code': [0, 0],
    });

    // A hold deleted while live gives its lines back.
    await order('hold-3', 'event-2', 'created', 1, { people: 2 });
    await insert('order_lines', {
      ...line,
      order_id: 'hold-3',
      line_no: 1,
      ticket_type_id: 'couple',
      phase_id: 'early',
      quantity: 1,
      admits: 2,
    });
    expect((await counters('event-2'))['phase:early']).toEqual([1, 1]);
    await db.deleteFrom('orders').where('id', '=', 'hold-3').execute();
    expect(await counters('event-2')).toEqual(await recount('event-2'));
    expect((await counters('event-2'))['phase:early']).toEqual([1, 0]);
    expect(await inventory('event-2')).toEqual({ tickets_sold: 3, seats_in_holds: 0 });

    // Never below zero: a counter driven negative is an error, not negative capacity.
    await expect(
      db.updateTable('sales_counters').set({ sold: -1 }).where('ref_id', '=', 'couple').execute(),
    ).rejects.toThrow();

    // A type removed takes its counter row with it.
    await insert('ticket_types', {
      id: 'unsold',
      event_id: 'event-2',
      name: 'VIP',
      price_paise: 1,
      colour: '#000000',
      created_at: STAMP,
      updated_at: STAMP,
    });
    expect(await counters('event-2')).toHaveProperty('type:unsold');
    await db.deleteFrom('ticket_types').where('id', '=', 'unsold').execute();
    expect(await counters('event-2')).not.toHaveProperty('type:unsold');
  });

  it('comes down again, leaving the counters of people as counters of tickets', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    // Up to this migration only: a later one applied would be missing from this migrator's list.
    expect((await migrator('0024_ticket_types').migrateToLatest()).error).toBeUndefined();
    const { error } = await migrator('0024_ticket_types').migrateTo('0023_scan_log_writes');
    expect(error).toBeUndefined();
    await insert('users', {
      id: 'user-1',
      email: 'asha@example.com',
      name: 'Asha',
      created_at: STAMP,
      updated_at: STAMP,
    });
    await event('event-3');
    await ticket('event-3', 'active');
    await order('hold', 'event-3', 'created', 2);
    expect(await inventory('event-3')).toEqual({ tickets_sold: 1, seats_in_holds: 2 });
  });
});
