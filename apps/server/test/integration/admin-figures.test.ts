import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import {
  buy,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
  webhooksDelivered,
} from '../../support/purchase';
import { cancel, refundStatus } from '../../support/refunds';
import { useServer } from '../../support/server';

// One truth for every figure: a night with online sales (one at the group price), a transfer and its fee, a
// cancellation refunded through Razorpay, tickets paid in cash at the office and a staff member who bought. The
// revenue every screen shows is checked against what Razorpay itself says it captured and refunded, plus the
// cash; the statuses against what happened to each ticket.

/** The money Razorpay kept: every captured payment less every processed refund, in paise. */
async function keptAtRazorpay(server: Parameters<typeof emulatorState>[0]): Promise<number> {
  const state = await emulatorState(server);
  const captured = state.payments
    .filter((payment: { captured: boolean }) => payment.captured)
    .reduce((sum: number, payment: { amount: number }) => sum + payment.amount, 0);
  const refunded = state.refunds
    .filter((refund: { status: string }) => refund.status === 'processed')
    .reduce((sum: number, refund: { amount: number }) => sum + refund.amount, 0);
  return captured - refunded;
}

function csvTotals(text: string): Map<string, number> {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  const start = lines.indexOf('Totals');
  return new Map(
    lines
      .slice(start + 1)
      .filter(Boolean)
      .map((line) => {
        const [label, value] = line.split(',');
        return [label!, Number(value)];
      }),
  );
}

describeEachDatabase('figures that agree', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let asha: TestUser;
  let bina: TestUser;
  let checker: TestUser;
  const cashEmail = uniqueEmail('cash');
  const recipientEmail = uniqueEmail('recipient');
  // biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
  let ashaTickets: any[];
  // biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
  let binaTicket: any;
  let cashReceivedPaise = 0;

  beforeAll(async () => {
    event = await newEvent(server, { ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin', name: 'Office Admin' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gate Volunteer' });
    asha = await newUser(server, { name: 'Asha Patel' });
    bina = await newUser(server, { name: 'Bina Rao' });
    const manager = await newUser(server, { role: 'manager', name: 'Staff Buyer' });

    ashaTickets = (await buy(server, asha, event, 4)).tickets; // group price: 4 x 249
    binaTicket = (await buy(server, bina, event, 1)).tickets[0]; // 299
    await buy(server, manager, event, 1); // 299, bought by staff

    // Bina gives her ticket away: ₹50 to Razorpay, her ticket revoked, a new one for the recipient.
    const started = await server.request('POST', `/api/tickets/${binaTicket.id}/transfer`, {
      token: bina.token,
      body: { recipientEmail, recipientName: 'Chetan Desai' },
    });
    expect(started.status, started.text).toBe(200);
    const transferred = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: bina.token,
      body: await pay(server, started.body.orderId),
    });
    expect(transferred.status, transferred.text).toBe(200);

    // Asha cancels one ticket: 249 - 20 back through Razorpay, processed.
    const cancelled = await cancel(server, asha, ashaTickets[0].id);
    expect(cancelled.status, cancelled.text).toBe(200);
    // Razorpay settles the refund and reports it (the webhook), as the refund suites drive it.
    await settleRefunds(server);
    await webhooksDelivered(server);
    const refund = await refundStatus(server, asha, cancelled.body.refund.id);
    expect(refund.body.refund.status).toBe('processed');

    // Two tickets paid in cash at the office; three more for the same person, payment still pending, named
    // in Devanagari, Gujarati and Latin with an accent.
    const cash = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userName: 'Cash Guest', userEmail: cashEmail, quantity: 2, paymentDone: true },
    });
    expect(cash.status, cash.text).toBe(200);
    cashReceivedPaise = Math.round(cash.body.totalAmount * 100);
    const pending = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: {
        userName: 'Cash Guest',
        userEmail: cashEmail,
        quantity: 3,
        paymentDone: false,
        ticketNames: ['\u095Bोया शेख', 'ક્ષ્માબેન પટેલ', 'Élodie Fernandes'],
      },
    });
    expect(pending.status, pending.text).toBe(200);
  });

  const get = (path: string) => server.request('GET', path, { token: admin.token });

  it('revenue is what Razorpay kept plus the cash, to the paisa, on the dashboard, analytics, stats and exports', async () => {
    const expected = ((await keptAtRazorpay(server)) + cashReceivedPaise) / 100;
    // Worked out by hand too: 996 + 299 + 299 + 50 (transfer) - 229 (refund) + 598 (cash).
    expect(expected).toBe(2013);

    const analytics = (await get('/api/admin/analytics/dashboard')).body.data;
    expect(analytics.revenue).toMatchObject({
      total: expected,
      transferFees: 50,
      cancellationFees: 20,
      refunded: 229,
      ticketSales: expected - 50 - 20,
    });
    const chartTotal = analytics.salesChart.reduce(
      (sum: number, bucket: { revenue: number }) => sum + bucket.revenue,
      0,
    );
    expect(chartTotal).toBe(expected);

    expect((await get('/api/tickets/admin/stats')).body.stats.revenue).toBe(expected);

    const csv = await get('/api/admin/tickets/export?format=csv');
    expect(csvTotals(csv.text).get('Revenue (INR)')).toBe(expected);
    expect(csvTotals(csv.text).get('Transfer fees (INR)')).toBe(50);
    const json = await get('/api/admin/tickets/export?format=json');
    expect(json.body.totals.revenue).toEqual({
      total: expected,
      ticketSales: expected - 70,
      cancellationFees: 20,
      transferFees: 50,
      refunded: 229,
    });
  });

  it('conversion counts guests only: staff who bought are neither buyers nor users there', async () => {
    // Guests: Asha, Bina, the recipient, the cash guest. Bought and still hold a ticket: Asha, the recipient,
    // the cash guest (Bina gave hers away). The admins, the volunteer and the staff buyer are left out.
    const analytics = (await get('/api/admin/analytics/dashboard')).body.data;
    expect(analytics.analytics.conversionRate).toBe(75);
  });

  it('a transferred ticket is transferred in the list, its filter, the counts and both exports', async () => {
    const transferred = await get('/api/admin/tickets/management?status=transferred');
    expect(transferred.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([binaTicket.id]);
    expect(transferred.body.tickets[0]).toMatchObject({ status: 'transferred', refunded: false });

    const cancelled = await get('/api/admin/tickets/management?status=cancelled');
    expect(cancelled.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([ashaTickets[0].id]);
    expect(cancelled.body.tickets[0]).toMatchObject({ status: 'cancelled', refunded: true });

    expect((await get('/api/tickets/admin/stats')).body.stats).toMatchObject({
      total: 12,
      active: 10,
      used: 0,
      cancelled: 1,
      transferred: 1,
      sold: 10,
    });

    const csv = (await get('/api/admin/tickets/export?format=csv')).text;
    const row = csv.split('\r\n').find((line) => line.includes(binaTicket.id))!;
    expect(row.split(',')[7]).toBe('transferred');
    expect(csvTotals(csv).get('Transferred tickets')).toBe(1);
    expect(csvTotals(csv).get('Cancelled tickets')).toBe(1);
    const json = (await get('/api/admin/tickets/export?format=json')).body;
    expect(json.tickets.find((ticket: { id: string }) => ticket.id === binaTicket.id).status).toBe(
      'transferred',
    );
    expect(json.totals.tickets).toMatchObject({ cancelled: 1, transferred: 1, sold: 10, total: 12 });

    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: bina.token });
    expect(mine.body.tickets.map((ticket: { status: string }) => ticket.status)).toEqual(['transferred']);
  });

  it('the gate counts a transferred code under transferred and a cancelled one under cancelled', async () => {
    const body = (ticket: { qrCode: string }) => ({
      qrCode: ticket.qrCode,
      deviceId: 'phone-1',
      gate: 'Gate A',
    });
    const look = await server.request('POST', '/api/tickets/verify-qr', {
      token: checker.token,
      body: body(binaTicket),
    });
    expect(look.body.ticket.status).toBe('transferred');
    const entry = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: body(binaTicket),
    });
    expect(entry.body.code).toBe('TICKET_TRANSFERRED');
    const cancelledEntry = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: body(ashaTickets[0]),
    });
    expect(cancelledEntry.body.code).toBe('TICKET_CANCELLED');

    const live = await get('/api/admin/checkin/live');
    expect(live.body.refusals).toEqual({ already_used: 0, cancelled: 1, transferred: 2, invalid: 0 });
  });

  it('search finds holders and buyers in any script and case, and codes with or without UT-', async () => {
    const holders = async (search: string) =>
      (await get(`/api/admin/tickets/management?search=${encodeURIComponent(search)}`)).body.tickets.map(
        (ticket: { holderName: string }) => ticket.holderName.normalize('NFKC'),
      );
    // The name was stored with U+095B; typed as ज + nukta it is the same name.
    expect(await holders('\u091C\u093Cोया')).toEqual(['\u095Bोया शेख'.normalize('NFKC')]);
    // Typed with a zero-width joiner inside the conjunct.
    expect(await holders('ક્\u200Dષ્મા')).toEqual(['ક્ષ્માબેન પટેલ']);
    expect(await holders('ÉLODIE')).toEqual(['Élodie Fernandes']);
    expect((await holders('asha patel')).length).toBe(4);

    const code: string = ashaTickets[1].ticketId;
    for (const typed of [code, code.slice(3), code.toLowerCase(), code.slice(3).toLowerCase()]) {
      const found = await get(`/api/admin/tickets/management?search=${encodeURIComponent(typed)}`);
      expect(found.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([ashaTickets[1].id]);
    }
  });
});
