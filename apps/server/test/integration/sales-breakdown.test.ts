import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';

// Sales per ticket type, price phase and promo code: the analytics answer, the export's rows, the Ticket Types and
// Promo Codes panels and the totals agree to the paisa. The figures are computed here independently, from the
// ticket rows in the database and from the export's own rows, after a mix of sales: codes, a phase running out
// inside one order, a couple pass, hand-issued tickets (paid, unpaid, free) and a cancellation.

interface ExportTicket {
  id: string;
  status: string;
  price: number;
  paymentReceived: boolean;
  ticketType: string | null;
  admits: number;
  phase: string | null;
  promoCode: string | null;
  discount: number;
}

interface Figures {
  tickets: number;
  people: number;
  revenue: number;
  discount: number;
}

const EMPTY: Figures = { tickets: 0, people: 0, revenue: 0, discount: 0 };

/** Sums in paise, so the comparison is exact; answered in rupees like the API. */
function sumBy<T>(rows: readonly T[], key: (row: T) => string, figures: (row: T) => Figures) {
  const sums = new Map<string, Figures>();
  for (const row of rows) {
    const was = sums.get(key(row)) ?? EMPTY;
    const add = figures(row);
    sums.set(key(row), {
      tickets: was.tickets + add.tickets,
      people: was.people + add.people,
      revenue: (Math.round(was.revenue * 100) + Math.round(add.revenue * 100)) / 100,
      discount: (Math.round(was.discount * 100) + Math.round(add.discount * 100)) / 100,
    });
  }
  return sums;
}

describeEachDatabase('sales per type, phase and code', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV, now: () => new Date('2026-10-01T06:30:00.000Z') });
  let event: TestEvent;
  let admin: TestUser;
  let couple: string;
  let female: string;
  let codeIds: Map<string, string>;

  const post = (path: string, body: Record<string, unknown>, token = admin.token) =>
    server.request('POST', path, { token, body });

  /** An order of items with a code, at the server's price (asked once, then bought), paid and verified. */
  async function buyItems(items: { ticketTypeId: string; quantity: number }[], promoCode?: string) {
    const buyer = await newUser(server);
    const body = { eventId: event.id, items, ...(promoCode ? { promoCode } : {}) };
    const asked = await post('/api/tickets/create-order', { ...body, amount: 0 }, buyer.token);
    expect(asked.body.code, asked.text).toBe('PRICE_CHANGED');
    const order = await post(
      '/api/tickets/create-order',
      { ...body, amount: asked.body.figures.total },
      buyer.token,
    );
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    return verified.body.tickets as { id: string }[];
  }

  async function issue(body: Record<string, unknown>) {
    const guest = await newUser(server);
    const response = await post('/api/tickets/admin/issue-manual', { userId: guest.user.id, ...body });
    expect(response.status, response.text).toBe(200);
    return response.body.tickets as { id: string }[];
  }

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    const type = async (body: Record<string, unknown>) =>
      (await post('/api/admin/ticket-types', body)).body.ticketType.id as string;
    couple = await type({
      name: 'Couple pass',
      price: 599,
      admits: 2,
      phases: [
        { label: 'Early bird', price: 499.5, quantity: 3 },
        { label: 'Regular', price: 599 },
      ],
    });
    female = await type({ name: 'Female pass', price: 349 });
    const code = async (body: Record<string, unknown>) =>
      [
        body.code as string,
        (await post('/api/admin/promo-codes', body)).body.promoCode.id as string,
      ] as const;
    codeIds = new Map([
      await code({ code: 'FRIENDS-15', kind: 'percent', value: 15, ticketTypeIds: [couple] }),
      await code({ code: 'FLAT-50', kind: 'amount', value: 50 }),
      await code({ code: 'UNUSED', kind: 'percent', value: 5 }),
    ]);

    await buyItems([{ ticketTypeId: couple, quantity: 2 }], 'FRIENDS-15');
    // The early bird's last ticket and one at the regular price, in one order, with a female pass and a flat code.
    await buyItems(
      [
        { ticketTypeId: couple, quantity: 2 },
        { ticketTypeId: female, quantity: 1 },
      ],
      'FLAT-50',
    );
    const entry = await buy(server, await newUser(server), event, 2);
    const cancelled = await server.request('PATCH', `/api/tickets/admin/${entry.tickets[0].id}/status`, {
      token: admin.token,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await issue({ ticketTypeId: female, quantity: 2 }); // payment pending: sold, no revenue yet
    await issue({ ticketTypeId: couple, quantity: 1, free: true });
    await issue({ quantity: 1, paymentDone: true });
  });

  it('the analytics, the export rows, the database rows and both panels agree to the paisa', async () => {
    const answer = await server.request('GET', '/api/admin/analytics/sales-breakdown', {
      token: admin.token,
    });
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    const exported = await server.request('GET', '/api/admin/tickets/export?format=json', {
      token: admin.token,
    });
    const rows: ExportTicket[] = exported.body.tickets;
    const sold = rows.filter((row) => row.status === 'active' || row.status === 'used');
    const ofRow = (row: ExportTicket): Figures => ({
      tickets: 1,
      people: row.admits,
      revenue: row.paymentReceived ? row.price : 0,
      discount: row.discount,
    });

    // From the export's rows.
    const byType = sumBy(sold, (row) => row.ticketType ?? '', ofRow);
    for (const type of data.types) {
      const expected = byType.get(type.name) ?? EMPTY;
      expect(type, type.name).toMatchObject({
        tickets: expected.tickets,
        people: expected.people,
        revenue: expected.revenue,
      });
    }
    const byPhase = sumBy(sold, (row) => row.phase ?? '', ofRow);
    for (const phase of data.phases) {
      const expected = byPhase.get(phase.label ?? '') ?? EMPTY;
      expect(phase, String(phase.label)).toMatchObject({
        tickets: expected.tickets,
        revenue: expected.revenue,
      });
    }
    const byCode = sumBy(
      sold.filter((row) => row.promoCode !== null),
      (row) => row.promoCode ?? '',
      ofRow,
    );
    for (const code of data.codes) {
      const expected = byCode.get(code.code) ?? EMPTY;
      expect(code, code.code).toMatchObject({
        tickets: expected.tickets,
        people: expected.people,
        discount: expected.discount,
        revenue: expected.revenue,
      });
    }
    const totals = sumBy(sold, () => 'all', ofRow).get('all')!;
    // Not registered for GST: the gross is the revenue, with no tax in it.
    expect(data.totals).toEqual({ ...totals, gross: totals.revenue, tax: 0, net: totals.revenue });

    // The totals are the sum of each table (every sold ticket has one type and one phase row, a code at most).
    const sum = (list: { tickets: number; revenue: number }[]) => ({
      tickets: list.reduce((n, row) => n + row.tickets, 0),
      revenuePaise: list.reduce((n, row) => n + Math.round(row.revenue * 100), 0),
    });
    const totalOf = { tickets: totals.tickets, revenuePaise: Math.round(totals.revenue * 100) };
    expect(sum(data.types)).toEqual(totalOf);
    expect(sum(data.phases)).toEqual(totalOf);

    // From the database rows, by ids, independently of names (and the orders behind each code).
    const tickets = await server.ctx.db
      .selectFrom('tickets')
      .select(['ticket_type_id', 'phase_id', 'promo_code_id', 'order_id', 'admits', 'price_paise', 'status'])
      .select(['payment_received', 'discount_paise'])
      .where('event_id', '=', event.id)
      .where('status', 'in', ['active', 'used'])
      .execute();
    expect(tickets).toHaveLength(sold.length);
    const ofTicket = (row: (typeof tickets)[number]): Figures => ({
      tickets: 1,
      people: Number(row.admits),
      revenue: Number(row.payment_received) === 1 ? Number(row.price_paise) / 100 : 0,
      discount: Number(row.discount_paise) / 100,
    });
    const typeRows = sumBy(tickets, (row) => row.ticket_type_id ?? '', ofTicket);
    for (const type of data.types) {
      const { tickets: count, people, revenue } = typeRows.get(type.id) ?? EMPTY;
      expect(type).toMatchObject({ tickets: count, people, revenue });
    }
    for (const [name, id] of codeIds) {
      const mine = tickets.filter((row) => row.promo_code_id === id);
      const code = data.codes.find((entry: { id: string }) => entry.id === id);
      expect(code, name).toMatchObject({
        tickets: mine.length,
        orders: new Set(mine.map((row) => row.order_id)).size,
      });
    }

    // The figures are not trivially zero: the sale mix above is in them.
    const coupleFigures = data.types.find((type: { id: string }) => type.id === couple);
    expect(coupleFigures).toMatchObject({ tickets: 5, people: 10 });
    const friends = data.codes.find((code: { code: string }) => code.code === 'FRIENDS-15');
    expect(friends).toMatchObject({ tickets: 2, orders: 1, discount: 149.86, revenue: 849.14 });
    expect(data.phases.find((phase: { label: string }) => phase.label === 'Early bird').tickets).toBe(3);

    // The Ticket Types and Promo Codes panels say the same.
    const types = (await server.request('GET', '/api/admin/ticket-types', { token: admin.token })).body
      .ticketTypes;
    for (const type of types) {
      const analysed = data.types.find((entry: { id: string }) => entry.id === type.id);
      expect({ sold: type.sold, people: type.people, revenue: type.revenue }).toEqual({
        sold: analysed.tickets,
        people: analysed.people,
        revenue: analysed.revenue,
      });
    }
    const codes = (await server.request('GET', '/api/admin/promo-codes', { token: admin.token })).body
      .promoCodes;
    for (const code of codes) {
      const analysed = data.codes.find((entry: { id: string }) => entry.id === code.id);
      expect(code.use).toMatchObject({
        tickets: analysed.tickets,
        orders: analysed.orders,
        discount: analysed.discount,
        revenue: analysed.revenue,
      });
    }
  });

  it('the list, its count and the export honour the same type, phase and code filters', async () => {
    const all: ExportTicket[] = (
      await server.request('GET', '/api/admin/tickets/export?format=json', { token: admin.token })
    ).body.tickets;
    const early = (
      await server.request('GET', '/api/admin/ticket-types', { token: admin.token })
    ).body.ticketTypes
      .find((type: { id: string }) => type.id === couple)
      .phases.find((phase: { label: string }) => phase.label === 'Early bird').id;
    const cases: [string, (row: ExportTicket) => boolean][] = [
      [`ticketTypeId=${couple}`, (row) => row.ticketType === 'Couple pass'],
      [`phaseId=${early}`, (row) => row.phase === 'Early bird'],
      ['phaseId=none', (row) => row.phase === null],
      [`promoCodeId=${codeIds.get('FLAT-50')}`, (row) => row.promoCode === 'FLAT-50'],
      ['promoCodeId=none', (row) => row.promoCode === null],
      [
        `ticketTypeId=${female}&status=active&promoCodeId=none`,
        (row) => row.ticketType === 'Female pass' && row.status === 'active' && row.promoCode === null,
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = all
        .filter(keep)
        .map((row) => row.id)
        .sort();
      expect(expected.length, query).toBeGreaterThan(0);
      const list = await server.request('GET', `/api/admin/tickets/management?limit=100&${query}`, {
        token: admin.token,
      });
      expect(list.status, list.text).toBe(200);
      expect(list.body.pagination.totalTickets, query).toBe(expected.length);
      expect(list.body.tickets.map((ticket: { id: string }) => ticket.id).sort(), query).toEqual(expected);
      const file = await server.request('GET', `/api/admin/tickets/export?format=json&${query}`, {
        token: admin.token,
      });
      expect(file.body.tickets.map((ticket: ExportTicket) => ticket.id).sort(), query).toEqual(expected);
      const csv = await server.request('GET', `/api/admin/tickets/export?format=csv&${query}`, {
        token: admin.token,
      });
      for (const id of expected) expect(csv.text).toContain(id);
    }
  });

  it('filters are validated by the shared schema, per field', async () => {
    const response = await server.request('GET', '/api/admin/tickets/management?ticketTypeId=&status=lost', {
      token: admin.token,
    });
    expect(response.status).toBe(400);
    const fields = response.body.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(['status', 'ticketTypeId']);
    const exported = await server.request('GET', `/api/admin/tickets/export?phaseId=${'x'.repeat(65)}`, {
      token: admin.token,
    });
    expect(exported.status).toBe(400);
    expect(exported.body.details).toEqual([{ field: 'phaseId', message: 'Please choose a price phase' }]);
  });

  it('a gate volunteer may not read the breakdown', async () => {
    const volunteer = await newUser(server, { role: 'qrchecker' });
    const response = await server.request('GET', '/api/admin/analytics/sales-breakdown', {
      token: volunteer.token,
    });
    expect(response.status).toBe(403);
  });
});
