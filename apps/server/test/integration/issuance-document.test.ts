import { beforeAll, expect, it } from 'vitest';
import { type DocumentDraft, issueTaxDocument } from '../../src/modules/tax-documents/issue';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';
import { saveTaxSettings } from '../../support/tax';

// Tickets staff issue with payment received get their sale's document in the issuance's own transaction: the
// answer of POST /tickets/admin/issue-manual names it (number and kind), the document is linked to exactly those
// tickets, and numbers stay consecutive while issuances and other documents are issued at once. The clock is
// still, so every issuance here shares one instant: two paid issuances to one person by one staff member each
// offer only their own document.

const OCTOBER = new Date('2026-10-10T06:30:00Z');

describeEachDatabase('the document of a paid manual issuance', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV, now: () => OCTOBER });
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    await newEvent(server, { totalTickets: 500, ticketPrice: 1180, groupPrice4: 1180 });
    admin = await newUser(server, { role: 'admin' });
    owner = await newUser(server, { name: 'Dev Shah' });
    await saveTaxSettings(server, admin.token);
  });

  const issue = (body: Record<string, unknown>) =>
    issueManual(server, admin.token, { userName: 'Dev Shah', userEmail: owner.email, ...body });

  const linkedTickets = async (number: string) =>
    (
      await server.ctx.db
        .selectFrom('tax_document_tickets as link')
        .innerJoin('tax_documents as document', 'document.id', 'link.document_id')
        .select('link.ticket_id')
        .where('document.number', '=', number)
        .execute()
    )
      .map((row) => row.ticket_id)
      .sort();

  it('answers the document made with the tickets, linked to them, and queues no document job', async () => {
    const issued = await issue({ quantity: 2, paymentDone: true });
    expect(issued.document).toEqual({ number: 'UTSAV/I26/1', kind: 'tax-invoice' });
    const ids = issued.tickets.map((ticket: { id: string }) => ticket.id).sort();
    expect(await linkedTickets('UTSAV/I26/1')).toEqual(ids);
    const stored = await server.ctx.db
      .selectFrom('tax_documents')
      .select(['source', 'total_paise', 'buyer_name'])
      .where('number', '=', 'UTSAV/I26/1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: `issuance:${issued.tickets[0].id}`, buyer_name: 'Dev Shah' });
    expect(Number(stored.total_paise)).toBe(2 * 118_000);
    const jobs = await server.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'tax-document')
      .execute();
    expect(jobs).toEqual([]);
  });

  it('tickets issued unpaid, or free, answer no document and take no number', async () => {
    expect((await issue({ quantity: 1 })).document).toBeNull();
    expect((await issue({ quantity: 1, paymentDone: true, free: true })).document).toBeNull();
    expect((await issue({ quantity: 1, paymentDone: true })).document).toEqual({
      number: 'UTSAV/I26/2',
      kind: 'tax-invoice',
    });
  });

  it('two paid issuances to one person in the same instant each offer only their own document', async () => {
    const first = await issue({ quantity: 2, paymentDone: true });
    const second = await issue({ quantity: 1, paymentDone: true });
    const firstIds: string[] = first.tickets.map((ticket: { id: string }) => ticket.id);
    const secondIds: string[] = second.tickets.map((ticket: { id: string }) => ticket.id);
    const created = await server.ctx.db
      .selectFrom('tickets')
      .select('created_at')
      .where('id', 'in', [...firstIds, ...secondIds])
      .execute();
    // The still clock gives both the same instant: matching by owner, issuer and instant could not tell them apart.
    expect(new Set(created.map((row) => String(row.created_at))).size).toBe(1);
    const expected = new Map([
      ...firstIds.map((id) => [id, [{ ...first.document, of: 'issuance' }]] as const),
      ...secondIds.map((id) => [id, [{ ...second.document, of: 'issuance' }]] as const),
    ]);
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    const listed = await server.request(
      'GET',
      `/api/admin/tickets/management?search=${encodeURIComponent(owner.email)}&limit=100`,
      { token: admin.token },
    );
    expect(listed.status, listed.text).toBe(200);
    for (const tickets of [mine.body.tickets, listed.body.tickets]) {
      for (const [id, documents] of expected) {
        expect(tickets.find((ticket: { id: string }) => ticket.id === id)?.documents).toEqual(documents);
      }
    }
  });

  it('issuances and other documents issued at once are numbered without a gap or a repeat', async () => {
    const before = await server.ctx.db
      .selectFrom('tax_documents')
      .select('serial')
      .where('series', '=', 'I')
      .execute();
    const draft = (source: string): DocumentDraft => ({
      source,
      kind: 'tax-invoice',
      prefix: 'UTSAV',
      orderId: null,
      refersTo: null,
      supplier: { gstin: null, legalName: 'Navratri', tradeName: null, address: 'Mumbai', stateCode: '27' },
      placeOfSupply: '27',
      buyer: { name: 'Asha', email: null, gstin: null, legalName: null, address: null },
      lines: [],
      totals: {
        taxablePaise: 100_000,
        cgstPaise: 9_000,
        sgstPaise: 9_000,
        igstPaise: 0,
        totalPaise: 118_000,
      },
    });
    const RUSH = 8;
    const [issued, others] = await Promise.all([
      Promise.all(Array.from({ length: RUSH }, () => issue({ quantity: 1, paymentDone: true }))),
      Promise.all(
        Array.from({ length: RUSH }, (_, i) =>
          issueTaxDocument(server.ctx.db, draft(`test:rush-${i}`), OCTOBER),
        ),
      ),
    ]);
    const numbers = [
      ...issued.map((answer) => answer.document.number as string),
      ...others.map((result) => result.document.number),
    ];
    expect(new Set(numbers).size).toBe(2 * RUSH);
    const serials = (
      await server.ctx.db.selectFrom('tax_documents').select('serial').where('series', '=', 'I').execute()
    )
      .map((row) => Number(row.serial))
      .sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: before.length + 2 * RUSH }, (_, i) => i + 1));
    // Each answer's number is the document linked to that answer's ticket.
    for (const answer of issued) {
      expect(await linkedTickets(answer.document.number)).toEqual([answer.tickets[0].id]);
    }
  });
});
