import { beforeAll, beforeEach, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  leaveSeats,
  newEvent,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { emptyLine } from '../../support/waitlist';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// Staff's side of face-value resale and what the settings do to guests: the list and its sums (staff may read it,
// only admins change the settings, each value checked), the off switch (no listing, nothing on offer, no sale in
// the dialog, the terms the web shows say closed), the fee a guest is told before listing, the next listing's price
// in GET /event, and the seller's mail once a listing sold, rendered in the seller's language.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30', OUTBOX_INTERVAL_MS: '86400000' };

describeEachDatabase('resale: staff view, settings and the off switch', (engine) => {
  const smtp = useSmtp();
  // The event starts 2099-10-01 19:00 IST: resale is open all through this clock.
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, {
    env: ENV,
    now: clock.now,
    adjust: deliverTo(smtp),
  });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299, name: 'Utsav Garba Night' });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
  });

  beforeEach(async () => {
    await emptyLine(server, clock.now());
    await settings(admin, { enabled: true, fee: 50, closeHoursBefore: 2 });
  });

  const list = (who: TestUser, ticketId: string) =>
    server.request('POST', `/api/tickets/${ticketId}/resale`, { token: who.token });
  const settings = (who: TestUser, body: unknown) =>
    server.request('PUT', '/api/admin/resale-settings', { token: who.token, body });
  const myResales = async (who: TestUser) =>
    (await server.request('GET', '/api/tickets/my-resales', { token: who.token })).body;
  async function entryType() {
    const answer = await server.request('GET', '/api/event');
    return answer.body.data.ticketTypes.find((type: { id: string }) => type.id === `entry-${event.id}`);
  }

  /** A seller with one ticket of a sold-out event. */
  async function seller(name = 'Seema Seller') {
    await leaveSeats(server, event.id, 1);
    const who = await newUser(server, { name });
    const ticket = (await buy(server, who, event, 1)).tickets[0] as { id: string; ticketId: string };
    return { who, ticket };
  }

  it('staff read the list; only admins change the settings, each value checked', async () => {
    const guest = await newUser(server);
    expect((await server.request('GET', '/api/admin/resales', { token: guest.token })).status).toBe(403);
    const read = await server.request('GET', '/api/admin/resales', { token: manager.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.settings).toEqual({ enabled: true, fee: 50, closeHoursBefore: 2 });

    expect((await settings(manager, { enabled: false, fee: 50, closeHoursBefore: 2 })).status).toBe(403);
    expect((await settings(guest, { enabled: false, fee: 50, closeHoursBefore: 2 })).status).toBe(403);
    const bad = await settings(admin, { enabled: true, fee: -1, closeHoursBefore: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'closeHoursBefore',
      'fee',
    ]);

    const saved = await settings(admin, { enabled: true, fee: 30, closeHoursBefore: 6 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toEqual({ enabled: true, fee: 30, closeHoursBefore: 6 });
    // The guest is told the new fee and cut-off before listing; a listing keeps the fee it was made with.
    const { who, ticket } = await seller();
    expect((await myResales(who)).terms).toMatchObject({
      open: true,
      fee: 30,
      closeHoursBefore: 6,
      closesAt: '2099-10-01T07:30:00.000Z',
    });
    expect((await list(who, ticket.id)).body.listing).toMatchObject({ fee: 30, refundAmount: 269 });
    // Withdrawn, so the next test's listing is the one on offer.
    const withdrawn = await server.request('DELETE', `/api/tickets/${ticket.id}/resale`, {
      token: who.token,
    });
    expect(withdrawn.body.listing.status).toBe('withdrawn');
  });

  it('the off switch: no listing, nothing on offer, no sale in the dialog; on again, the listing sells', async () => {
    const { who, ticket } = await seller();
    expect((await list(who, ticket.id)).status).toBe(200);
    expect(await entryType()).toMatchObject({ resaleAvailable: 1, resalePrice: 299 });

    expect((await settings(admin, { enabled: false, fee: 50, closeHoursBefore: 2 })).status).toBe(200);
    const other = await seller('Sunil Seller');
    const refused = await list(other.who, other.ticket.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('RESALE_CLOSED');
    expect((await myResales(who)).terms.open).toBe(false);
    expect(await entryType()).toMatchObject({ resaleAvailable: 0, resalePrice: null });
    const buyer = await newUser(server, { name: 'Bina Buyer' });
    const closed = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(closed.body.code).toBe('RESALE_CLOSED');

    // On again: the listing made before is on offer and sells in the dialog at its face value.
    expect((await settings(admin, { enabled: true, fee: 50, closeHoursBefore: 2 })).status).toBe(200);
    expect(await entryType()).toMatchObject({ resaleAvailable: 1, resalePrice: 299 });
    const checkout = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);

    const view = await server.request('GET', '/api/admin/resales', { token: admin.token });
    const row = view.body.listings.find((listing: { ticketId: string }) => listing.ticketId === ticket.id);
    expect(row).toMatchObject({
      status: 'sold',
      sellerName: 'Seema Seller',
      price: 299,
      refundAmount: 249,
      fee: 50,
      buyerTicketId: paid.body.tickets[0].id,
    });
    expect(row.refundStatus).toEqual(expect.any(String));

    // The seller's ticket stays dead: staff cannot bring it back (the buyer holds the seat), single or bulk.
    const single = await server.request('PATCH', `/api/tickets/admin/${ticket.id}/status`, {
      token: admin.token,
      body: { status: 'active' },
    });
    expect(single.status).toBe(409);
    expect(single.body.details?.[0]?.message).toBe(
      'This ticket was resold to someone else and cannot be re-activated',
    );
    const bulk = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: admin.token,
      body: { ticketIds: [ticket.id], status: 'used' },
    });
    expect(bulk.status).toBe(409);
    expect(view.body.totals.sold).toBeGreaterThanOrEqual(1);
    expect(view.body.totals.fees).toBe(50 * view.body.totals.sold);
  });

  it('the seller’s mail renders in their language once the listing sold', async () => {
    await leaveSeats(server, event.id, 1);
    const sellerUser = await newUser(server, { name: 'Ravi Sharma' });
    expect(
      (
        await server.request('PUT', '/api/auth/language', {
          token: sellerUser.token,
          body: { language: 'hi' },
        })
      ).status,
    ).toBe(200);
    const ticket = (await buy(server, sellerUser, event, 1)).tickets[0] as { id: string; ticketId: string };
    expect((await list(sellerUser, ticket.id)).status).toBe(200);
    const buyer = await newUser(server);
    const checkout = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(checkout.status, checkout.text).toBe(200);
    expect((await verify(server, buyer, await pay(server, checkout.body.orderId))).status).toBe(200);
    // The rows are written at the app's clock: drained at it.
    await server.app.outbox.drain(clock.now());

    const mails = smtp.received
      .filter((mail) => mail.to.includes(sellerUser.email))
      .map((mail) => parseMime(mail.raw))
      .filter((message) => decodeHeader(message.headers.get('subject') ?? '').includes('दोबारा बिक गया'));
    expect(mails).toHaveLength(1);
    const message = mails[0]!;
    expect(decodeHeader(message.headers.get('subject') ?? '')).toBe(
      'Utsav Garba Night का आपका टिकट दोबारा बिक गया',
    );
    const html = textOf(message, 'text/html') ?? '';
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain(ticket.ticketId);
    expect(html).toContain('₹249');
    expect(html).toContain('पुनर्विक्रय शुल्क');
    expect(textOf(message, 'text/plain')).toContain('₹249');
  });
});
