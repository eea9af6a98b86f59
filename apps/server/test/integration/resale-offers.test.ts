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
  orderPayload,
  PURCHASE_ENV,
  pay,
  verify,
} from '../../support/purchase';
import { ticketRow } from '../../support/refunds';
import { useServer } from '../../support/server';
import { checkoutOffer, emptyLine, joinWaitlist, myPlace } from '../../support/waitlist';

// Who may buy a resold ticket: it counts against the buyer's per-person cap like any ticket they buy (bought or held
// in a live checkout); and a seller withdrawing a listing held as someone's waitlist offer ends that offer at once —
// its hold ends, the person waits again at their place, their checkout says why, and the next listing is offered.
// With nobody waiting, the purchase dialog's resale checkout says a withdrawn listing was withdrawn. A listing goes
// to the line of its own ticket type.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30', MAX_TICKETS_PER_PERSON: '2' };

describeEachDatabase('resale offers and the per-person cap', (engine) => {
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, { env: ENV, now: clock.now });
  let eventId: string;
  let event: Awaited<ReturnType<typeof newEvent>>;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 40, ticketPrice: 299 });
    eventId = event.id;
  });

  beforeEach(async () => {
    await emptyLine(server, clock.now());
  });

  const list = (who: TestUser, ticketId: string) =>
    server.request('POST', `/api/tickets/${ticketId}/resale`, { token: who.token });
  const withdraw = (who: TestUser, ticketId: string) =>
    server.request('DELETE', `/api/tickets/${ticketId}/resale`, { token: who.token });
  const resaleCheckout = (who: TestUser) => createOrder(server, who, event, 1, { amount: 299, resale: true });

  /** A sold-out event with `count` sellers' tickets listed (nobody waiting), in listing order. */
  async function listed(count: number) {
    await leaveSeats(server, eventId, count);
    const listings: { seller: TestUser; ticketId: string }[] = [];
    for (let i = 0; i < count; i++) {
      const seller = await newUser(server);
      const ticketId = ((await buy(server, seller, event, 1)).tickets[0] as { id: string }).id;
      clock.advance(1000);
      expect((await list(seller, ticketId)).status).toBe(200);
      listings.push({ seller, ticketId });
    }
    return listings;
  }

  it('a resold ticket counts against the buyer’s cap: bought tickets and live resale checkouts alike', async () => {
    await listed(2);
    // Two bought already: at the cap of 2.
    await leaveSeats(server, eventId, 2);
    const full = await newUser(server);
    await buy(server, full, event, 2);
    const refused = await resaleCheckout(full);
    expect(refused.body.code, refused.text).toBe('PERSON_LIMIT_REACHED');

    // One bought: one resold ticket fits; while its checkout is live, a second does not.
    await leaveSeats(server, eventId, 1);
    const one = await newUser(server);
    await buy(server, one, event, 1);
    const held = await resaleCheckout(one);
    expect(held.status, held.text).toBe(200);
    const second = await resaleCheckout(one);
    expect(second.body.code).toBe('PERSON_LIMIT_REACHED');
    // Paid, it is a bought ticket: still at the cap.
    expect((await verify(server, one, await pay(server, held.body.orderId))).status).toBe(200);
    expect((await resaleCheckout(one)).body.code).toBe('PERSON_LIMIT_REACHED');
    // Someone with room buys the other one.
    const fresh = await newUser(server);
    expect((await resaleCheckout(fresh)).status).toBe(200);
  });

  it('a withdrawn listing ends the offer that held it; the next listing is offered to the same person', async () => {
    const [first] = await listed(1);
    const guest = await newUser(server);
    expect((await joinWaitlist(server, guest, 1)).status).toBe(200);
    // Nobody waited when it was listed: joining brings the pass, which offers it.
    await server.ctx.seatsReturned(eventId);
    expect(await myPlace(server, guest)).toMatchObject({ status: 'offered' });
    const offerOrder = (await checkoutOffer(server, guest)).body.orderId as string;
    const second = (await listed(1))[0]!;
    const taken = await countTaken(server.ctx.db, eventId, clock.now());

    const withdrawn = await withdraw(first!.seller, first!.ticketId);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.listing.status).toBe('withdrawn');
    // The same person, at the head of the line, now holds the next listing in a new offer.
    const place = await myPlace(server, guest);
    expect(place).toMatchObject({ status: 'offered', amount: 299 });
    const listings = await server.ctx.db
      .selectFrom('resale_listings')
      .select(['ticket_id', 'status', 'order_id'])
      .where('ticket_id', 'in', [first!.ticketId, second.ticketId])
      .execute();
    const old = await server.ctx.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('razorpay_order_id', '=', offerOrder)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('expired');
    const next = listings.find((row) => row.ticket_id === second.ticketId)!;
    expect(next.status).toBe('offered');
    expect(next.order_id).not.toBe(old.id);
    expect(listings.find((row) => row.ticket_id === first!.ticketId)).toMatchObject({ status: 'withdrawn' });
    // The old offer's payment sells nothing; the new offer sells the next listing.
    const late = await verify(server, guest, await pay(server, offerOrder));
    expect(late.body.code).toBe('SOLD_OUT');
    const checkout = await checkoutOffer(server, guest);
    expect(checkout.status, checkout.text).toBe(200);
    expect((await verify(server, guest, await pay(server, checkout.body.orderId))).status).toBe(200);
    expect((await ticketRow(server, second.ticketId)).resold_at).not.toBeNull();
    expect((await ticketRow(server, first!.ticketId)).status).toBe('active');
    expect(await countTaken(server.ctx.db, eventId, clock.now())).toBe(taken);
  });

  it('with no other listing the person waits again at their place, and their checkout says why', async () => {
    const [only] = await listed(1);
    const guest = await newUser(server);
    const behind = await newUser(server);
    expect((await joinWaitlist(server, guest, 1)).status).toBe(200);
    clock.advance(1000);
    expect((await joinWaitlist(server, behind, 1)).status).toBe(200);
    await server.ctx.seatsReturned(eventId);
    expect((await myPlace(server, guest)).status).toBe('offered');

    expect((await withdraw(only!.seller, only!.ticketId)).status).toBe(200);
    expect(await myPlace(server, guest)).toMatchObject({ status: 'waiting', position: 1 });
    const refused = await checkoutOffer(server, guest);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('RESALE_OFFER_WITHDRAWN');
    expect(refused.body.error).toMatch(/withdrew/);
    // The purchase dialog's checkouts say the same, not that tickets sold out: create-order for new tickets or
    // for resold ones, and the booking path; in the reader's language.
    const plain = await createOrder(server, guest, event, 1, { amount: 299 });
    expect(plain.status, plain.text).toBe(409);
    expect(plain.body).toMatchObject({ code: 'RESALE_OFFER_WITHDRAWN', error: refused.body.error });
    expect((await resaleCheckout(guest)).body).toMatchObject({
      code: 'RESALE_OFFER_WITHDRAWN',
      error: refused.body.error,
    });
    const booking = await server.request('POST', '/api/tickets', {
      token: guest.token,
      headers: { 'accept-language': 'hi' },
      body: { quantity: 1 },
    });
    expect(booking.body).toMatchObject({
      code: 'RESALE_OFFER_WITHDRAWN',
      error:
        'आपको ऑफ़र किया गया दोबारा बिकने वाला टिकट आपके भुगतान से पहले उसके विक्रेता ने वापस ले लिया। वेटलिस्ट में आपकी जगह बनी रहती है: अगला टिकट जो वापस आएगा, वह आपको ऑफ़र किया जाएगा।',
    });
    // Someone else meets the sold-out event as before.
    expect((await createOrder(server, behind, event, 1, { amount: 299 })).body.code).toBe('SOLD_OUT');
    // Someone who never had an offer is told there is none, as before.
    expect((await checkoutOffer(server, behind)).body.code).toBe('NO_WAITLIST_OFFER');
    // The seller's ticket is theirs as before.
    expect((await ticketRow(server, only!.ticketId)).status).toBe('active');
  });

  it('nobody waiting: a resold ticket its seller withdrew before the dialog’s buyer took it is said so', async () => {
    const WITHDRAWN =
      'The seller withdrew the resold ticket before you could buy it, so it is no longer on sale.';
    // A buyer whose resale checkout held the listing, then the seller took it back: asking again says why.
    const [first] = await listed(1);
    const holder = await newUser(server);
    expect((await resaleCheckout(holder)).status).toBe(200);
    expect((await withdraw(first!.seller, first!.ticketId)).status).toBe(200);
    const again = await resaleCheckout(holder);
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({ code: 'RESALE_OFFER_WITHDRAWN', error: WITHDRAWN });
    // Anyone whose dialog still showed it hears the same, in their language.
    const late = await server.request('POST', '/api/tickets/create-order', {
      token: (await newUser(server)).token,
      headers: { 'accept-language': 'gu' },
      body: { ...orderPayload(event, 1), amount: 299, resale: true },
    });
    expect(late.body).toMatchObject({
      code: 'RESALE_OFFER_WITHDRAWN',
      error: 'તમે ખરીદો તે પહેલાં વેચનારે ફરી વેચાતી ટિકિટ પાછી ખેંચી લીધી, તેથી તે હવે વેચાણ પર નથી.',
    });
    // New tickets are sold out as before: the withdrawal is said only to a resale checkout.
    expect((await createOrder(server, holder, event, 1, { amount: 299 })).body.code).toBe('SOLD_OUT');

    // Another listing is on sale but held by someone's checkout: none is free right now, which may change.
    const [second] = await listed(1);
    const taker = await newUser(server);
    const held = await resaleCheckout(taker);
    expect(held.status, held.text).toBe(200);
    expect((await resaleCheckout(holder)).body).toMatchObject({
      code: 'SOLD_OUT',
      error: 'No resold tickets of this type are available right now.',
    });
    // Sold to its taker: the last one to end was sold, not withdrawn.
    expect((await verify(server, taker, await pay(server, held.body.orderId))).status).toBe(200);
    expect((await ticketRow(server, second!.ticketId)).cancellation_reason).toBe('Resold');
    expect((await resaleCheckout(holder)).body.code).toBe('SOLD_OUT');
  });

  it('a listing goes to the first person waiting for its own type, past someone earlier waiting for another', async () => {
    const admin = await newUser(server, { role: 'admin' });
    const created = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'VIP pod', price: 1000, capacity: 1 },
    });
    expect(created.status, created.text).toBe(200);
    const vip = created.body.ticketType.id as string;
    await leaveSeats(server, eventId, 1);
    const seller = await newUser(server);
    const bought = await createOrder(server, seller, event, 1, {
      items: [{ ticketTypeId: vip, quantity: 1 }],
      amount: 1000,
    });
    expect(bought.status, bought.text).toBe(200);
    const sold = await verify(server, seller, await pay(server, bought.body.orderId));
    expect(sold.status, sold.text).toBe(200);
    // Sold out: Asha waits first for the entry pass, Bina after her for the VIP pod.
    await leaveSeats(server, eventId, 0);
    const asha = await newUser(server);
    const bina = await newUser(server);
    expect((await joinWaitlist(server, asha, 1)).status).toBe(200);
    clock.advance(1000);
    const joined = await server.request('POST', '/api/waitlist', {
      token: bina.token,
      body: { quantity: 1, ticketTypeId: vip },
    });
    expect(joined.status, joined.text).toBe(200);

    const listing = await list(seller, sold.body.tickets[0].id);
    expect(listing.body.listing.status).toBe('offered');
    expect(await myPlace(server, asha)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await myPlace(server, bina)).toMatchObject({
      status: 'offered',
      amount: 1000,
      offerTicketTypeId: vip,
    });
    const checkout = await checkoutOffer(server, bina);
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await verify(server, bina, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    expect((await ticketRow(server, paid.body.tickets[0].id)).ticket_type_id).toBe(vip);
    expect((await ticketRow(server, sold.body.tickets[0].id)).cancellation_reason).toBe('Resold');
    expect((await myPlace(server, asha)).status).toBe('waiting');
  });
});
