import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/database';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';
import { insertRow, migratorUpTo } from '../../support/migration-steps';

// Migration 0047: the document of each paid staff issuance issued before it is linked to that issuance's tickets,
// found as the ticket views found them until then (the first ticket's owner, issuer and instant, no order, payment
// received); unpaid tickets of the same instant, another issuer's and another owner's are not. Down drops the table.

const STAMP = '2026-10-10T06:30:00.000Z';
const LATER = '2026-10-10T06:31:00.000Z';

describeEachDatabase('migration 0047 (tax_document_tickets)', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const insert = (table: string, row: Record<string, unknown>) => insertRow(db!, table, row);

  const ticket = (
    id: string,
    seq: number,
    options: { user?: string; issuer?: string; at?: string; paid?: boolean } = {},
  ) =>
    insert('tickets', {
      id,
      ticket_code: `CODE-${id}`,
      order_id: null,
      seq,
      event_id: 'event-1',
      user_id: options.user ?? 'owner',
      holder_name: 'Dev',
      price_paise: 118_000,
      status: 'active',
      qr_token: `token-${id}`,
      issued_by_admin: 1,
      issued_by_user_id: options.issuer ?? 'staff',
      payment_received: options.paid === false ? 0 : 1,
      created_at: options.at ?? STAMP,
      updated_at: options.at ?? STAMP,
    });

  const document = (id: string, firstTicket: string, serial: number) =>
    insert('tax_documents', {
      id,
      kind: 'tax-invoice',
      series: 'I',
      financial_year: 2026,
      serial,
      number: `UTSAV/I26/${serial}`,
      source: `issuance:${firstTicket}`,
      order_id: null,
      refers_to: null,
      issued_at: STAMP,
      supplier: '{}',
      place_of_supply: '27',
      buyer_name: 'Dev',
      buyer_email: null,
      buyer_gstin: null,
      buyer_legal_name: null,
      buyer_address: null,
      lines: '[]',
      taxable_paise: 100_000,
      cgst_paise: 9_000,
      sgst_paise: 9_000,
      igst_paise: 0,
      total_paise: 118_000,
    });

  it('links each issued document to its issuance’s paid tickets, and comes down again', async () => {
    database = await provisionDatabase(engine);
    db = createDatabase(database);
    expect((await migratorUpTo(db, '0046_convenience_fee').migrateToLatest()).error).toBeUndefined();
    for (const id of ['owner', 'other', 'staff', 'staff-2']) {
      await insert('users', {
        id,
        email: `${id}@example.com`,
        name: id,
        created_at: STAMP,
        updated_at: STAMP,
      });
    }
    await insert('events', {
      id: 'event-1',
      name: 'Garba night',
      venue: 'NSCI Dome',
      description: 'Raas',
      date: '2026-10-10',
      start_time: '19:00',
      end_time: '23:00',
      ticket_price_paise: 118_000,
      group_price4_paise: 118_000,
      total_tickets: 100,
      created_at: STAMP,
      updated_at: STAMP,
    });
    // Two paid tickets of one issuance; beside them, at the same instant, an unpaid one, another issuer's and
    // another owner's (separate issuances, whose first tickets have no document here); a later paid issuance.
    await ticket('a1', 1);
    await ticket('a2', 2);
    await ticket('unpaid', 1, { paid: false });
    await ticket('by-other-staff', 1, { issuer: 'staff-2' });
    await ticket('to-other', 1, { user: 'other' });
    await ticket('b1', 1, { at: LATER });
    await document('doc-a', 'a1', 1);
    await document('doc-b', 'b1', 2);

    expect((await migratorUpTo(db, '0047_tax_document_tickets').migrateToLatest()).error).toBeUndefined();
    const links = await db
      .selectFrom('tax_document_tickets')
      .select(['document_id', 'ticket_id'])
      .orderBy('document_id')
      .orderBy('ticket_id')
      .execute();
    expect(links).toEqual([
      { document_id: 'doc-a', ticket_id: 'a1' },
      { document_id: 'doc-a', ticket_id: 'a2' },
      { document_id: 'doc-b', ticket_id: 'b1' },
    ]);

    expect((await migratorUpTo(db, '0047_tax_document_tickets').migrateDown()).error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('tax_document_tickets');
  });
});
