import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUserLanguage } from '../../src/stores/users';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { createOrder, newEvent, outboxRows, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { buyTickets, cancel, PRICE } from '../../support/refunds';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// Postponing and calling off the night over real HTTP, on SQLite and PostgreSQL: who may, the dry run's figures,
// tickets kept valid and the free-refund period a postponement opens (on the app's own clock), sales closed with
// 409 EVENT_CALLED_OFF once called off, and each holder told in their language.

const CHANGE = '/api/admin/event/change';
const DAY = 86_400_000;

/** YYYY-MM-DD of the IST day `days` after the clock's now. */
function dayAfter(now: Date, days: number): string {
  return new Date(now.getTime() + 5.5 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
}

describeEachDatabase('postponing or calling off the night', (engine) => {
  const smtp = useSmtp();
  const clock = testClock();
  const server = useServer(engine, {
    env: PURCHASE_ENV,
    now: clock.now,
    adjust: deliverTo(smtp),
  });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let asha: TestUser;
  let ravi: TestUser;
  let ashaTickets: Array<{ id: string }>;
  let raviTickets: Array<{ id: string }>;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin', name: 'Admin Person' });
    manager = await newUser(server, { role: 'manager' });
    await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { name: 'Navratri Nights', supportEmail: 'help@navratri.example' },
    });
    event = await newEvent(server, {
      date: dayAfter(clock.now(), 60),
      ticketPrice: PRICE,
      totalTickets: 100,
    });
    asha = await newUser(server, { name: 'Asha Patel' });
    ravi = await newUser(server, { name: 'Ravi Shah' });
    await setUserLanguage(server.ctx.db, ravi.user.id, 'gu');
    ashaTickets = (await buyTickets(server, asha, event, 2)).tickets;
    raviTickets = (await buyTickets(server, ravi, event, 1)).tickets;
    await server.app.outbox.drain(clock.now());
  });

  it('only an admin may change the night or see its progress', async () => {
    for (const who of [manager, asha]) {
      const post = await server.request('POST', CHANGE, {
        token: who.token,
        body: { kind: 'call-off', dryRun: true },
      });
      expect(post.status).toBe(403);
      expect((await server.request('GET', CHANGE, { token: who.token })).status).toBe(403);
    }
    expect((await server.request('POST', CHANGE, { body: { kind: 'call-off', dryRun: true } })).status).toBe(
      401,
    );
  });

  it('refuses a malformed change with the field named', async () => {
    const bad = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'postpone', date: 'next Friday', startTime: '19:00', endTime: '23:00' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('postponing moves the night, keeps every ticket valid and tells each holder in their language', async () => {
    const before = await outboxRows(server, 'event-postponed');
    const newDate = dayAfter(clock.now(), 5);
    const moved = await server.request('POST', CHANGE, {
      token: admin.token,
      body: {
        kind: 'postpone',
        date: newDate,
        startTime: '20:00',
        endTime: '23:30',
        venue: 'NSCI Dome, Worli',
        freeRefundDays: 3,
      },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.event).toMatchObject({ status: 'postponed', date: newDate, venue: 'NSCI Dome, Worli' });

    const shown = (await server.request('GET', '/api/event')).body.data;
    expect(shown).toMatchObject({ status: 'postponed', date: newDate, startTime: '20:00', endTime: '23:30' });
    expect(Date.parse(shown.freeRefundUntil)).toBe(clock.now().getTime() + 3 * DAY);

    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: asha.token });
    expect(mine.status).toBe(200);
    const statuses = JSON.stringify(mine.body);
    expect(statuses).toContain('"active"');

    const queued = (await outboxRows(server, 'event-postponed')).slice(before.length);
    expect(queued.map((row) => row.payload.userId).sort()).toEqual([asha.user.id, ravi.user.id].sort());
    const sentBefore = smtp.received.length;
    await server.app.outbox.drain(clock.now());
    const mail = smtp.received.slice(sentBefore).find((received) => received.to.includes(ravi.email));
    expect(mail, 'the postponement mail with its invite').toBeDefined();
    const message = parseMime(mail!.raw);
    expect(decodeHeader(message.headers.get('subject') ?? '')).toContain('હવે');
    expect(textOf(message, 'text/plain')).toContain('NSCI Dome, Worli');
    expect(mail!.raw).toContain('text/calendar');
  });

  it("the moved mail's wallet link serves the pass with the new date, hours and venue", async () => {
    const mail = smtp.received.find(
      (received) => received.to.includes(ravi.email) && received.raw.includes('text/calendar'),
    );
    const text = textOf(parseMime(mail!.raw), 'text/plain');
    const link = text?.match(/https?:\/\/\S+\/wallet\/apple\?key=\S+/)?.[0];
    expect(link, text).toBeDefined();
    const response = await fetch(`${server.url}${new URL(link!).pathname}${new URL(link!).search}`);
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    const newDate = (await server.request('GET', '/api/event')).body.data.date;
    expect(pass.serialNumber).toBe(raviTickets[0]!.id);
    expect(pass.relevantDate).toBe(`${newDate}T20:00:00+05:30`);
    expect(pass.expirationDate).toBe(`${newDate}T23:30:00+05:30`);
    const venue = pass.eventTicket.auxiliaryFields.find((field: { key: string }) => field.key === 'venue');
    expect(venue).toMatchObject({ value: 'NSCI Dome, Worli', changeMessage: 'હવે: %@' });
    expect(pass.eventTicket.backFields[0]).toMatchObject({ key: 'moved' });
  });

  it('in the free-refund period a ticket comes back in full, even 5 days before the night', async () => {
    const cancelled = await cancel(server, asha, ashaTickets[0]!.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ refundAmount: PRICE, processingFee: 0 });
  });

  it('once the period is over the 10-day rule is back', async () => {
    clock.advance(3 * DAY + 1000);
    const refused = await cancel(server, asha, ashaTickets[1]!.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CANCELLATION_WINDOW_CLOSED');
  });

  it('the dry run counts the paid tickets still to refund, in full, and changes nothing', async () => {
    const dry = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', dryRun: true },
    });
    expect(dry.status, dry.text).toBe(200);
    // Asha's second ticket and Ravi's: the ticket cancelled above has its own refund already.
    expect(dry.body).toMatchObject({
      dryRun: true,
      orders: 2,
      tickets: 2,
      refundTotal: 2 * PRICE,
      razorpayCalls: 2,
      codeRequired: false,
    });
    expect((await server.request('GET', '/api/event')).body.data.status).toBe('postponed');
  });

  it('calling off needs the event’s name typed exactly', async () => {
    const wrong = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: 'Some other night' },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('EVENT_CHANGE_REFUSED');
    expect(wrong.body.details?.[0]?.field).toBe('confirm');
    expect((await server.request('GET', '/api/event')).body.data.status).toBe('postponed');
  });

  it('calling off stops sales at once: checkout, waitlist, transfers and cancelling answer 409', async () => {
    const buyer = await newUser(server);
    const held = await createOrder(server, buyer, event, 1);
    expect(held.status, held.text).toBe(200);

    const done = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: ` ${event.name.toUpperCase()} ` },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ dryRun: false, orders: 2, tickets: 2, refundTotal: 2 * PRICE });
    expect((await server.request('GET', '/api/event')).body.data.status).toBe('called-off');

    const checkout = await createOrder(server, buyer, event, 1);
    expect(checkout.status).toBe(409);
    expect(checkout.body.code).toBe('EVENT_CALLED_OFF');
    const waitlist = await server.request('POST', '/api/waitlist', {
      token: buyer.token,
      body: { quantity: 1 },
    });
    expect(waitlist.status).toBe(409);
    expect(waitlist.body.code).toBe('EVENT_CALLED_OFF');
    const transfer = await server.request('POST', `/api/tickets/${raviTickets[0]!.id}/transfer`, {
      token: ravi.token,
      body: { recipientEmail: 'friend@example.test', recipientName: 'A Friend' },
    });
    expect(transfer.status).toBe(409);
    expect(transfer.body.code).toBe('EVENT_CALLED_OFF');
    const again = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: event.name },
    });
    expect(again.status).toBe(409);

    // The hold made before the call-off is over: its seat is nobody's.
    const hold = await server.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('razorpay_order_id', '=', held.body.orderId)
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('expired');
  });

  it('every holder is told in their language', async () => {
    const rows = await outboxRows(server, 'event-called-off');
    expect(rows.map((row) => row.payload.userId).sort()).toEqual([asha.user.id, ravi.user.id].sort());
    const sentBefore = smtp.received.length;
    await server.app.outbox.drain(clock.now());
    const gujarati = smtp.received.slice(sentBefore).find((received) => received.to.includes(ravi.email));
    expect(gujarati).toBeDefined();
    const message = parseMime(gujarati!.raw);
    expect(decodeHeader(message.headers.get('subject') ?? '')).toContain('રદ');
    expect(textOf(message, 'text/plain')).toContain('કોઈ કપાત વિના');
  });

  describe('progress', () => {
    it('shows the orders pending until the job has run', async () => {
      const progress = await server.request('GET', CHANGE, { token: admin.token });
      expect(progress.status).toBe(200);
      expect(progress.body).toMatchObject({
        kind: 'call-off',
        status: 'called-off',
        done: 0,
        pending: 2,
        failed: 0,
      });
    });

    it('reports the call-off even beside a postponement recorded in the same clock tick', async () => {
      const callOff = await server.ctx.db
        .selectFrom('event_changes')
        .selectAll()
        .where('event_id', '=', event.id)
        .where('kind', '=', 'call-off')
        .executeTakeFirstOrThrow();
      // Same time, and an id that sorts after the call-off's: by time and id alone, this row would be "latest".
      const twin = { ...callOff, id: `${callOff.id}z`, kind: 'postpone' as const };
      await server.ctx.db.insertInto('event_changes').values(twin).execute();
      try {
        const progress = await server.request('GET', CHANGE, { token: admin.token });
        expect(progress.body).toMatchObject({ kind: 'call-off', status: 'called-off', pending: 2 });
      } finally {
        await server.ctx.db.deleteFrom('event_changes').where('id', '=', twin.id).execute();
      }
    });
  });
});
