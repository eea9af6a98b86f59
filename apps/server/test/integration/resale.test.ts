import { beforeAll, beforeEach, expect, it } from 'vitest';
import { countTaken } from '../../src/stores/events';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  leaveSeats,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { cancel, ticketRow } from '../../support/refunds';
import { useServer } from '../../support/server';
import { emptyLine, joinWaitlist, myPlace } from '../../support/waitlist';

// Face-value resale end to end: a seller lists, the next person waiting for that type is offered it as an ordinary
// waitlist offer and pays through the usual checkout, gets a brand-new ticket; in the same commit the seller's ticket
// is cancelled "Resold" (refused at the gate, online and in the offline list) and their refund (paid less ₹50) is
// queued. Capacity never moves. No sweep runs: offers follow the listing at once.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' };

describeEachDatabase('face-value resale', (engine) => {
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;
  let gate: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299 });
    gate = await newUser(server, { role: 'qrchecker' });
  });

  /**
   * People admitted by sold tickets + people in live holds, recounted from the rows at the app's clock (the left
   * side of the inventory invariant), and the figure the server itself judges holds by.
   */
  async function seatsTaken(eventId: string): Promise<number> {
    const now = clock.now().toISOString();
    const sold = await server.ctx.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('admits'), eb.lit(0)).as('n'))
      .where('event_id', '=', eventId)
      .where('status', 'in', ['active', 'used'])
      .executeTakeFirstOrThrow();
    const held = await server.ctx.db
      .selectFrom('orders')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>(eb.fn.coalesce('people', 'quantity')), eb.lit(0)).as('n'),
      )
      .where('event_id', '=', eventId)
      .where('status', '=', 'created')
      .where('hold_expires_at', '>', now)
      .executeTakeFirstOrThrow();
    const recount = Number(sold.n) + Number(held.n);
    expect(await countTaken(server.ctx.db, eventId, clock.now())).toBe(recount);
    return recount;
  }

  beforeEach(async () => {
    await emptyLine(server, clock.now());
  });

  const list = (who: TestUser, ticketId: string) =>
    server.request('POST', `/api/tickets/${ticketId}/resale`, { token: who.token });
  const withdraw = (who: TestUser, ticketId: string) =>
    server.request('DELETE', `/api/tickets/${ticketId}/resale`, { token: who.token });

  /** A seller with one ticket of a sold-out event, and `waiting` people in line for one ticket each. */
  async function soldOutWithLine(waiting: number) {
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server, { name: 'Seema Seller' });
    const { tickets } = await buy(server, seller, event, 1);
    const line: TestUser[] = [];
    for (let i = 0; i < waiting; i++) {
      const guest = await newUser(server);
      clock.advance(1000);
      expect((await joinWaitlist(server, guest, 1)).status).toBe(200);
      line.push(guest);
    }
    return { seller, ticket: tickets[0] as { id: string; qrCode?: string } };
  }

  async function payOffer(buyer: TestUser, amount: number) {
    const checkout = await createOrder(server, buyer, event, 1, { amount });
    expect(checkout.status, checkout.text).toBe(200);
    return verify(server, buyer, await pay(server, checkout.body.orderId));
  }

  it('list → the next in line is offered it → pays → new ticket; the seller’s is dead and refunded', async () => {
    const { seller, ticket } = await soldOutWithLine(0);
    const buyer = await newUser(server, { name: 'Bina Buyer' });
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);
    const taken = await seatsTaken(event.id);

    const listed = await list(seller, ticket.id);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.listing).toMatchObject({
      ticketId: ticket.id,
      refundAmount: 249,
      fee: 50,
      price: 299,
    });
    // Offered before the answer: the line had someone.
    expect(listed.body.listing.status).toBe('offered');
    expect(await myPlace(server, buyer)).toMatchObject({
      status: 'offered',
      quantity: 1,
      amount: 299,
      // The event's main line: its default type.
      offerTicketTypeId: expect.any(String),
    });
    expect(await seatsTaken(event.id)).toBe(taken);
    // Still valid while it waits.
    expect((await ticketRow(server, ticket.id)).status).toBe('active');

    const paid = await payOffer(buyer, 299);
    expect(paid.status, paid.text).toBe(200);
    const bought = paid.body.tickets[0];
    expect(bought.id).not.toBe(ticket.id);
    expect(bought).toMatchObject({ status: 'active', holderName: 'Bina Buyer' });

    const old = await ticketRow(server, ticket.id);
    expect(old).toMatchObject({ status: 'cancelled', cancellation_reason: 'Resold' });
    const newRow = await ticketRow(server, bought.id);
    expect(newRow).toMatchObject({
      price_paise: 29_900,
      user_id: buyer.user.id,
      ticket_type_id: old.ticket_type_id,
    });
    expect(newRow.qr_token).not.toBe(old.qr_token);
    expect(await seatsTaken(event.id)).toBe(taken);
    expect((await myPlace(server, buyer)).status).toBe('bought');

    const refunds = await server.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      reason: 'Resold',
      refund_amount_paise: 24_900,
      processing_fee_paise: 5_000,
    });
    expect(
      (await outboxRows(server, 'resale-sold')).some(
        (row) => row.payload.listingId === listed.body.listing.id,
      ),
    ).toBe(true);

    const mine = await server.request('GET', '/api/tickets/my-resales', { token: seller.token });
    expect(mine.body.listings[0]).toMatchObject({ status: 'sold', refundId: refunds[0]!.id });

    // Dead at the gate: online ("Ticket Resold") and in the offline list (status cancelled).
    const scan = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: old.qr_token },
    });
    expect(scan.status, scan.text).toBe(400);
    expect(scan.body.code).toBe('TICKET_RESOLD');
    const snapshot = await server.request('GET', '/api/tickets/checkin/snapshot', { token: gate.token });
    const offline = snapshot.body.tickets.find((row: { id: string }) => row.id === ticket.id);
    expect(offline.status).toBe('cancelled');
    const admitted = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: newRow.qr_token },
    });
    expect(admitted.status, admitted.text).toBe(200);
  });

  it('refuses a ticket already listed, used, someone else’s; the seller may withdraw until it sells', async () => {
    const { seller, ticket } = await soldOutWithLine(0);
    expect((await list(seller, ticket.id)).status).toBe(200);
    const again = await list(seller, ticket.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_LISTED');
    expect((await list(await newUser(server), ticket.id)).status).toBe(404);

    const event_ = await server.request('GET', '/api/event');
    const entry = event_.body.data.ticketTypes.find(
      (type: { id: string }) => type.id === `entry-${event.id}`,
    );
    expect(entry.resaleAvailable).toBeGreaterThanOrEqual(1);

    const withdrawn = await withdraw(seller, ticket.id);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.listing.status).toBe('withdrawn');
    expect((await withdraw(seller, ticket.id)).body.code).toBe('NOT_LISTED');

    await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: (await ticketRow(server, ticket.id)).qr_token },
    });
    const used = await list(seller, ticket.id);
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'TICKET_NOT_RESELLABLE', figures: { reason: 'used' } });
  });

  it('nobody waiting: the listing waits; a later line gets it', async () => {
    const { seller, ticket } = await soldOutWithLine(0);
    const listed = await list(seller, ticket.id);
    expect(listed.body.listing.status).toBe('listed');
    const buyer = await newUser(server);
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);
    expect(await myPlace(server, buyer)).toMatchObject({ status: 'offered', amount: 299 });
    expect((await payOffer(buyer, 299)).status).toBe(200);
    expect((await ticketRow(server, ticket.id)).cancellation_reason).toBe('Resold');
  });

  it('says each refusal in the seller’s language: not listed, listed, used, cancelled, the organiser’s', async () => {
    const inLanguage = (who: TestUser, method: 'POST' | 'DELETE', ticketId: string, language: string) =>
      server.request(method, `/api/tickets/${ticketId}/resale`, {
        token: who.token,
        headers: { 'accept-language': language },
      });
    const refusal = async (who: TestUser, ticketId: string, language: string) => {
      const refused = await inLanguage(who, 'POST', ticketId, language);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.code).toBe('TICKET_NOT_RESELLABLE');
      return { reason: refused.body.figures.reason, error: refused.body.error };
    };
    const { seller, ticket } = await soldOutWithLine(0);
    await leaveSeats(server, event.id, 1);
    const [second] = (await buy(server, seller, event, 1)).tickets as { id: string }[];

    expect((await inLanguage(seller, 'DELETE', ticket.id, 'hi')).body).toMatchObject({
      code: 'NOT_LISTED',
      error: 'यह टिकट पुनर्विक्रय के लिए रखा नहीं गया है।',
    });
    expect((await list(seller, ticket.id)).status).toBe(200);
    expect((await inLanguage(seller, 'POST', ticket.id, 'gu')).body).toMatchObject({
      code: 'ALREADY_LISTED',
      error: 'આ ટિકિટ પહેલેથી પુનઃવેચાણ માટે મૂકેલી છે.',
    });
    expect((await withdraw(seller, ticket.id)).status).toBe(200);

    const scanned = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: (await ticketRow(server, ticket.id)).qr_token },
    });
    expect(scanned.status, scanned.text).toBe(200);
    expect(await refusal(seller, ticket.id, 'hi')).toEqual({
      reason: 'used',
      error: 'यह टिकट गेट पर पहले ही इस्तेमाल हो चुका है, इसलिए इसे दोबारा नहीं बेचा जा सकता।',
    });

    expect((await cancel(server, seller, second!.id)).status).toBe(200);
    expect(await refusal(seller, second!.id, 'gu')).toEqual({
      reason: 'cancelled',
      error: 'આ ટિકિટ રદ થયેલી છે, તેથી તેને ફરી વેચી શકાતી નથી.',
    });

    // A ticket the organiser handed out.
    await leaveSeats(server, event.id, 1);
    const guest = await newUser(server, { name: 'Gita Guest' });
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: (await newUser(server, { role: 'admin' })).token,
      body: { userName: 'Gita Guest', userEmail: guest.email, quantity: 1, paymentDone: true },
    });
    expect(issued.status, issued.text).toBe(200);
    expect(await refusal(guest, issued.body.tickets[0].id, 'hi')).toEqual({
      reason: 'adminIssued',
      error: 'आयोजक द्वारा जारी टिकट दोबारा नहीं बेचे जा सकते।',
    });
  });

  it('a ticket received by transfer lists an hour after it arrived; sold, its refund goes to the payment that bought it', async () => {
    const { seller: giver, ticket: given } = await soldOutWithLine(0);
    const holder = await newUser(server, { name: 'Hema Holder' });
    const started = await server.request('POST', `/api/tickets/${given.id}/transfer`, {
      token: giver.token,
      body: { recipientEmail: holder.email, recipientName: 'Hema Holder' },
    });
    expect(started.status, started.text).toBe(200);
    const transferred = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: giver.token,
      body: await pay(server, started.body.orderId),
    });
    expect(transferred.status, transferred.text).toBe(200);
    const received = await server.ctx.db
      .selectFrom('tickets')
      .select('id')
      .where('transferred_from_ticket_id', '=', given.id)
      .executeTakeFirstOrThrow();
    const early = await server.request('POST', `/api/tickets/${received.id}/resale`, {
      token: holder.token,
      headers: { 'accept-language': 'gu' },
    });
    expect(early.status, early.text).toBe(400);
    expect(early.body).toMatchObject({
      code: 'TICKET_NOT_RESELLABLE',
      figures: { reason: 'justReceived' },
      error: 'ટ્રાન્સફરથી મળેલી ટિકિટ મળ્યાના એક કલાક પછી પુનઃવેચાણ માટે મૂકી શકાય છે. કૃપા કરીને પછીથી ફરી પ્રયાસ કરો.',
    });

    clock.advance(61 * 60_000);
    const buyer = await newUser(server);
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);
    const listed = await list(holder, received.id);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.listing).toMatchObject({ status: 'offered', refundAmount: 249 });
    expect((await payOffer(buyer, 299)).status).toBe(200);
    expect((await ticketRow(server, received.id)).cancellation_reason).toBe('Resold');
    // The money goes back to the card that first paid for the seat: the giver's order and payment.
    const paidBy = await server.ctx.db
      .selectFrom('orders')
      .select(['id', 'razorpay_payment_id'])
      .where('user_id', '=', giver.user.id)
      .where('status', '=', 'paid')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    const refunds = await server.ctx.db
      .selectFrom('refunds')
      .select(['order_id', 'payment_id', 'user_id', 'refund_amount_paise', 'reason'])
      .where('ticket_id', '=', received.id)
      .execute();
    expect(refunds).toEqual([
      {
        order_id: paidBy.id,
        payment_id: paidBy.razorpay_payment_id,
        user_id: holder.user.id,
        refund_amount_paise: 24_900,
        reason: 'Resold',
      },
    ]);
  });
});
