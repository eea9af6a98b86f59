import { randomUUID } from 'node:crypto';
import { AUDIT_QUERY_MESSAGES as M } from '@utsav/domain/api/audit';
import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { createOrder, newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';

// The audit log viewer: admins only; newest first by keyset pages that neither skip nor repeat an entry while
// others are written; filtered by action, by person (email or id), by ticket (code or id), by order (id or
// Razorpay's); bad filters refused on their own field.

interface Entry {
  id: string;
  at: string;
  action: string;
  entity: string;
  entityId: string | null;
  actor: { id: string; email: string } | null;
  data: Record<string, unknown> | null;
}

describeEachDatabase('audit log viewer', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let checker: TestUser;
  let guest: TestUser;
  let razorpayOrderId: string;
  let ticketCode: string;
  let ticketId: string;

  const audit = (query: string, who: TestUser = admin) =>
    server.request('GET', `/api/admin/audit${query}`, { token: who.token });

  /** Every page of a query, following `next`; fails on a page that is not 200. */
  async function allPages(query: string, between?: () => Promise<void>): Promise<Entry[]> {
    const entries: Entry[] = [];
    let before: string | null = null;
    for (;;) {
      const separator = query ? '&' : '?';
      const marker: string = before ? `${separator}before=${encodeURIComponent(before)}` : '';
      const page = await audit(`${query}${marker}`);
      expect(page.status, page.text).toBe(200);
      entries.push(...page.body.entries);
      before = page.body.next;
      if (before === null) return entries;
      await between?.();
    }
  }

  /** Audit rows written straight to the table at chosen times (the paging needs many sharing one instant). */
  async function writeEntries(action: string, stamps: string[]): Promise<void> {
    await server.ctx.db
      .insertInto('audit_log')
      .values(
        stamps.map((stamp) => ({
          id: randomUUID(),
          actor_user_id: null,
          action,
          entity: 'event',
          entity_id: event.id,
          data: JSON.stringify({ n: 1 }),
          created_at: stamp,
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager' });
    checker = await newUser(server, { role: 'qrchecker' });
    guest = await newUser(server, { name: 'Hetal Desai' });
    const order = await createOrder(server, guest, event, 1);
    expect(order.status, order.text).toBe(200);
    razorpayOrderId = order.body.orderId;
    expect((await verify(server, guest, await pay(server, razorpayOrderId))).status).toBe(200);
    const issued = await issueManual(server, admin.token, {
      userName: 'Walk In',
      userEmail: `walk.${randomUUID().slice(0, 6)}@example.test`,
      quantity: 1,
      paymentDone: true,
    });
    ticketId = issued.tickets[0].id;
    ticketCode = issued.tickets[0].ticketId;
    const changed = await server.request('PATCH', `/api/tickets/admin/${ticketId}/status`, {
      token: admin.token,
      body: { status: 'cancelled' },
    });
    expect(changed.status, changed.text).toBe(200);
  });

  it('is for admins: managers, gate staff and guests are refused, and so is nobody', async () => {
    for (const who of [manager, checker, guest]) {
      const refused = await audit('', who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await server.request('GET', '/api/admin/audit')).status).toBe(401);
  });

  it('refuses a bad filter on its own field', async () => {
    const bad = await audit(
      `?action=${encodeURIComponent('drop table;')}&before=yesterday&limit=0&ticketId=${'x'.repeat(65)}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const fields = Object.fromEntries(
      bad.body.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(fields).toEqual({ action: M.action, before: M.before, limit: M.limit, ticketId: M.ticket });
  });

  it('lists newest first, each entry with who did it and what it recorded', async () => {
    const page = await audit('?limit=100');
    expect(page.status, page.text).toBe(200);
    const entries: Entry[] = page.body.entries;
    const times = entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const change = entries.find((entry) => entry.action === 'ticket.status_changed')!;
    expect(change).toMatchObject({
      entity: 'ticket',
      entityId: ticketId,
      actor: { id: admin.user.id, email: admin.email },
      data: expect.objectContaining({ from: 'active', to: 'cancelled' }),
    });
    expect(entries.find((entry) => entry.action === 'order.paid')?.actor).toBe(null);
  });

  it('words each entry in the reader’s language: its label, what it is about by name, its facts', async () => {
    const read = async (action: string, language: string) => {
      const page = await server.request('GET', `/api/admin/audit?action=${action}`, {
        token: admin.token,
        headers: { 'accept-language': language },
      });
      expect(page.status, page.text).toBe(200);
      return page.body.entries as (Entry & {
        label: string;
        about: string;
        facts: { label: string; value: string; parts?: { label: string; value: string }[] }[];
      })[];
    };
    const factsOf = (entry: { facts: { label: string; value: string }[] }) =>
      Object.fromEntries(entry.facts.map((fact) => [fact.label, fact.value]));

    const [issued] = await read('tickets.issued_manually', 'en');
    expect(issued).toMatchObject({
      label: 'Tickets issued by hand',
      about: expect.stringMatching(/^Account: Walk In \(walk\./),
    });
    expect(factsOf(issued!)).toMatchObject({
      Tickets: '1',
      'Ticket type': 'Entry',
      'Price per ticket': expect.stringMatching(/^₹[\d,]+$/),
      'Payment received': 'Yes',
      Free: 'No',
    });

    const [change] = await read('ticket.status_changed', 'en');
    expect(change).toMatchObject({ label: 'Ticket status changed', about: `Ticket: ${ticketCode}` });
    expect(factsOf(change!)).toMatchObject({
      'Changed from': 'Active',
      'Changed to': 'Cancelled',
      'Part of a bulk change': 'No',
    });
    // What the change overwrote (an active ticket's admission and cancellation, all empty) says nothing.
    expect(change!.facts.map((fact) => fact.label)).not.toContain('Before');

    const [hindi] = await read('ticket.status_changed', 'hi');
    expect(hindi).toMatchObject({ label: 'टिकट की स्थिति बदली गई', about: `टिकट: ${ticketCode}` });
    expect(factsOf(hindi!)).toMatchObject({ पहले: 'सक्रिय', अब: 'रद्द' });
    const [gujarati] = await read('order.created', 'gu');
    expect(gujarati).toMatchObject({ label: 'ઓર્ડર શરૂ થયો', actor: { id: guest.user.id } });
    expect(factsOf(gujarati!)).toMatchObject({ રકમ: expect.stringMatching(/^₹[\d,]+(\.\d{2})?$/) });

    // An action this version has no words for (written by an older one) is shown by its name.
    await writeEntries('legacy.thing', [new Date().toISOString()]);
    const [legacy] = await read('legacy.thing', 'hi');
    expect(legacy).toMatchObject({
      label: 'legacy.thing',
      about: 'कार्यक्रम',
      facts: [{ key: 'n', label: 'n', value: '1' }],
    });
  });

  it('pages by marker: never skips or repeats an entry, even while new ones are written', async () => {
    const base = Date.parse('2026-10-01T10:00:00.000Z');
    // 130 entries, every third sharing one instant with its neighbours: the marker must order them by id too.
    await writeEntries(
      'test.paged',
      Array.from({ length: 130 }, (_, i) => new Date(base + Math.floor(i / 3) * 1000).toISOString()),
    );
    const entries = await allPages('?action=test.paged&limit=50', () =>
      // Newer entries arriving while the admin reads go on top: the pages below the marker do not move.
      writeEntries('test.paged', Array(5).fill(new Date(base + 10_000_000).toISOString())),
    );
    expect(entries).toHaveLength(130);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(130);
    expect(entries.every((entry) => Date.parse(entry.at) < base + 10_000_000)).toBe(true);
    const keys = entries.map((entry) => `${entry.at}_${entry.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);
  });

  it('filters by action, by person (email or id), by ticket (code or id) and by order (Razorpay’s id)', async () => {
    const paid = await allPages('?action=order.paid');
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((entry) => entry.action === 'order.paid')).toBe(true);

    const byEmail = await allPages(`?userId=${encodeURIComponent(admin.email)}`);
    const byId = await allPages(`?userId=${admin.user.id}`);
    expect(byEmail.map((entry) => entry.id)).toEqual(byId.map((entry) => entry.id));
    expect(byId.map((entry) => entry.action)).toContain('ticket.status_changed');
    expect(
      byId.every(
        (entry) =>
          entry.actor?.id === admin.user.id || (entry.entity === 'user' && entry.entityId === admin.user.id),
      ),
    ).toBe(true);

    const byCode = await allPages(`?ticketId=${ticketCode.toLowerCase()}`);
    expect(byCode.map((entry) => entry.action)).toContain('ticket.status_changed');
    expect(byCode.every((entry) => entry.entity === 'ticket' && entry.entityId === ticketId)).toBe(true);
    expect((await allPages(`?ticketId=${ticketId}`)).map((entry) => entry.id)).toEqual(
      byCode.map((entry) => entry.id),
    );

    const byOrder = await allPages(`?orderId=${razorpayOrderId}`);
    expect(byOrder.map((entry) => entry.action)).toEqual(expect.arrayContaining(['order.paid']));
    expect(new Set(byOrder.map((entry) => entry.entityId)).size).toBe(1);

    // A name that matches nothing lists nothing (not everything).
    const none = await audit('?orderId=order_nothing');
    expect(none.body).toEqual({ success: true, entries: [], next: null });
    expect((await audit('?ticketId=UT-NOTHING0')).body.entries).toEqual([]);
  });
});
