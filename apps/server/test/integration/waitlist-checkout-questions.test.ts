import { attendeeExportResponseSchema } from '@utsav/domain/api/attendees';
import { CHECKOUT_ANSWER_MESSAGES as A } from '@utsav/domain/checkout-answers';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  expireHoldNow,
  leaveSeats,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import { checkoutOffer, emptyLine, joinWaitlist, offerState, sweep } from '../../support/waitlist';

// The waitlist offer's own checkout (the offer banner's "Buy now") asks the organiser's questions as create-order
// does: without the required answers it is refused per question and the offer's hold stays as it was (no Razorpay
// order, no answers written); with them the answers go on the held order and are read back on the new ticket and
// in the attendee export. Both kinds of offer: seats that came back, and a resold ticket.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' };

describeEachDatabase('waitlist offer checkout with checkout questions', (engine) => {
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;
  let admin: TestUser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 30, ticketPrice: 299 });
    admin = await newUser(server, { role: 'admin' });
  });

  beforeEach(async () => {
    await emptyLine(server, clock.now());
    await setQuestions([]);
  });

  async function setQuestions(questions: unknown[]): Promise<void> {
    const saved = await server.request('PUT', '/api/admin/checkout-questions', {
      token: admin.token,
      body: { questions },
    });
    expect(saved.status, saved.text).toBe(200);
    ids = Object.fromEntries(saved.body.questions.map((q: { kind: string; id: string }) => [q.kind, q.id]));
  }

  const askPhoneAndAge = () =>
    setQuestions([
      { kind: 'phone', label: 'Mobile number', required: true, perTicket: true },
      { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
    ]);

  const answers = () => [
    { questionId: ids.phone, value: '98765 43210', ticketIndex: 0 },
    { questionId: ids['age-18'], value: true },
  ];

  /** Seats sold out, one held by someone else whose checkout then runs out: the seat is offered to `waiting`. */
  async function seatOffered(waiting: TestUser): Promise<void> {
    await leaveSeats(server, event.id, 1);
    const hold = await createOrder(server, await newUser(server), event, 1, { amount: 299 });
    expect(hold.status, hold.text).toBe(200);
    expect((await joinWaitlist(server, waiting, 1)).status).toBe(200);
    await expireHoldNow(server, (await orderRow(server, hold.body.orderId)).id);
    expect(await sweep(server)).toMatchObject({ offered: 1 });
  }

  /** A sold-out event where a seller lists their ticket for resale: it is offered to `waiting`. */
  async function resoldOffered(waiting: TestUser): Promise<void> {
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server);
    const ticket = (await buy(server, seller, event, 1)).tickets[0] as { id: string };
    expect((await joinWaitlist(server, waiting, 1)).status).toBe(200);
    const listed = await server.request('POST', `/api/tickets/${ticket.id}/resale`, { token: seller.token });
    expect(listed.status, listed.text).toBe(200);
  }

  async function heldOrder(orderId: string) {
    return server.ctx.db
      .selectFrom('orders')
      .select(['status', 'razorpay_order_id', 'checkout_answers'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  async function refusedThenBought(buyer: TestUser): Promise<string> {
    const offer = await offerState(server, buyer);
    expect(offer).toMatchObject({ status: 'offered' });
    const unanswered = await checkoutOffer(server, buyer);
    expect(unanswered.status, unanswered.text).toBe(400);
    expect(unanswered.body.code).toBe('VALIDATION_FAILED');
    expect(unanswered.body.details).toEqual([
      { field: `answers.${ids.phone}.0`, message: A.required },
      { field: `answers.${ids['age-18']}`, message: A.age },
    ]);
    // Refused before anything: the offer stands, its hold has no Razorpay order and no answers.
    expect(await offerState(server, buyer)).toMatchObject({ status: 'offered', orderId: offer.orderId });
    expect(await heldOrder(offer.orderId!)).toEqual({
      status: 'created',
      razorpay_order_id: null,
      checkout_answers: null,
    });

    const checkout = await checkoutOffer(server, buyer, { answers: answers() });
    expect(checkout.status, checkout.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    expect((await orderRow(server, checkout.body.orderId)).id).toBe(offer.orderId);
    const ticketId = (verified.body.tickets[0] as { id: string }).id;
    const read = await server.request('GET', `/api/admin/tickets/${ticketId}/answers`, {
      token: admin.token,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.answers.map((answer: { questionId: string; value: string }) => answer.value)).toEqual([
      '+91 98765 43210',
      'Yes',
    ]);
    return ticketId;
  }

  async function exportedAnswers(ticketId: string) {
    const response = await server.request('GET', '/api/admin/attendees/export?format=json', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const row = attendeeExportResponseSchema
      .parse(JSON.parse(response.text))
      .attendees.find((attendee) => attendee.id === ticketId);
    return row?.answers.map((answer) => [answer.questionId, answer.value]);
  }

  it.each([
    ['seats that came back', seatOffered],
    ['a resold ticket', resoldOffered],
  ])(
    'an offer of %s: refused per question without answers, then kept on the ticket and exported',
    async (_kind, offered) => {
      const buyer = await newUser(server);
      await offered(buyer);
      await askPhoneAndAge();
      const ticketId = await refusedThenBought(buyer);
      expect(await exportedAnswers(ticketId)).toEqual([
        [ids.phone, '+91 98765 43210'],
        [ids['age-18'], 'Yes'],
      ]);
    },
  );

  it('an offer with no questions asked is bought with no body, as before', async () => {
    const buyer = await newUser(server);
    await seatOffered(buyer);
    const checkout = await checkoutOffer(server, buyer);
    expect(checkout.status, checkout.text).toBe(200);
    expect((await orderRow(server, checkout.body.orderId)).checkout_answers).toBeNull();
  });
});
