import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/database';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';
import { insertRow, migratorUpTo } from '../../support/migration-steps';

// Migration 0045: tickets its resale already sold get resold_at (their listing's sale time), and the gate refusals
// logged on them as 'cancelled' become 'resold'; a ticket cancelled for any other reason is left alone. Down again
// puts the log back and drops the column.

const STAMP = '2026-11-24T20:00:00.000Z';
const SOLD = '2026-11-25T08:15:00.000Z';

describeEachDatabase('migration 0045 (resold_at)', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const migrator = (last: string) => migratorUpTo(db!, last);
  const insert = (table: string, row: Record<string, unknown>) => insertRow(db!, table, row);

  const ticket = (id: string, status: string, reason: string | null) =>
    insert('tickets', {
      id,
      ticket_code: `CODE-${id}`,
      order_id: null,
      seq: 1,
      event_id: 'event-1',
      user_id: 'user-1',
      holder_name: 'Asha',
      price_paise: 29_900,
      status,
      qr_token: `token-${id}`,
      cancelled_at: status === 'cancelled' ? STAMP : null,
      cancellation_reason: reason,
      created_at: STAMP,
      updated_at: STAMP,
    });

  const refusal = (id: string, ticketId: string) =>
    insert('checkin_scans', {
      id,
      ticket_id: ticketId,
      checker_user_id: 'user-1',
      device_id: 'phone',
      gate: null,
      action: 'mark',
      result: 'cancelled',
      local_id: null,
      scanned_at: STAMP,
      created_at: STAMP,
    });

  const results = async () =>
    Object.fromEntries(
      (await db!.selectFrom('checkin_scans').select(['id', 'result']).execute()).map((row) => [
        row.id,
        row.result,
      ]),
    );

  it('backfills resold tickets and their logged refusals, and comes down again', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    expect((await migrator('0042_checkout_questions').migrateToLatest()).error).toBeUndefined();
    await insert('users', {
      id: 'user-1',
      email: 'asha@example.com',
      name: 'Asha',
      created_at: STAMP,
      updated_at: STAMP,
    });
    await insert('events', {
      id: 'event-1',
      name: 'Garba night',
      venue: 'NSCI Dome',
      description: 'Raas',
      date: '2026-10-10',
      start_time: '19:00',
      end_time: '23:00',
      ticket_price_paise: 29_900,
      group_price4_paise: 24_900,
      total_tickets: 100,
      created_at: STAMP,
      updated_at: STAMP,
    });
    await ticket('sold-on', 'cancelled', 'Resold');
    await ticket('no-listing', 'cancelled', 'Resold');
    await ticket('changed-plans', 'cancelled', 'Changed plans');
    await ticket('active', 'active', null);
    await insert('resale_listings', {
      id: 'listing-1',
      ticket_id: 'sold-on',
      event_id: 'event-1',
      seller_user_id: 'user-1',
      status: 'sold',
      price_paise: 29_900,
      paid_paise: 29_900,
      fee_paise: 5_000,
      refund_paise: 24_900,
      listed_at: STAMP,
      sold_at: SOLD,
      updated_at: SOLD,
    });
    await refusal('scan-1', 'sold-on');
    await refusal('scan-2', 'changed-plans');

    expect((await migrator('0045_ticket_resold_at').migrateToLatest()).error).toBeUndefined();
    const rows = await db!.selectFrom('tickets').select(['id', 'resold_at']).orderBy('id').execute();
    const resoldAt = Object.fromEntries(
      rows.map((row) => [row.id, row.resold_at ? new Date(row.resold_at).toISOString() : null]),
    );
    // From its listing's sale; without a listing, from its cancellation.
    expect(resoldAt).toEqual({ 'sold-on': SOLD, 'no-listing': STAMP, 'changed-plans': null, active: null });
    expect(await results()).toEqual({ 'scan-1': 'resold', 'scan-2': 'cancelled' });
    // The scan log takes the new result from now on.
    await insert('checkin_scans', {
      id: 'scan-3',
      ticket_id: 'sold-on',
      checker_user_id: 'user-1',
      device_id: 'phone',
      gate: null,
      action: 'verify',
      result: 'resold',
      local_id: null,
      scanned_at: SOLD,
      created_at: SOLD,
    });

    expect((await migrator('0045_ticket_resold_at').migrateDown()).error).toBeUndefined();
    expect(await results()).toEqual({ 'scan-1': 'cancelled', 'scan-2': 'cancelled', 'scan-3': 'cancelled' });
    const columns = await db!.introspection.getTables();
    const tickets = columns.find((table) => table.name === 'tickets')!;
    expect(tickets.columns.map((column) => column.name)).not.toContain('resold_at');
  });
});
