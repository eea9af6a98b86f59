import { CHECKOUT_ANSWER_MESSAGES as A } from '@utsav/domain/checkout-answers';
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
import { emptyLine, joinWaitlist, myPlace } from '../../support/waitlist';

// A resold ticket is bought through the same checkout as a new one, so the organiser's questions are asked of its
// buyer too: refused per question before anything is held (the listing stays on sale), and once answered the
// answers are kept with the buyer's order and read back on their new ticket, whether they bought it in the purchase
// dialog (nobody waiting) or as a waitlist offer.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' };

describeEachDatabase('resale checkout with checkout questions', (engine) => {
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
  });

  /**
   * A sold-out event with one seller's ticket listed (offered to `waiting` when given, who joins the waitlist once
   * it is sold out), bought before the organiser asked anything.
   */
  async function listedTicket(waiting?: TestUser): Promise<string> {
    await setQuestions([]);
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server);
    const ticket = (await buy(server, seller, event, 1)).tickets[0] as { id: string };
    if (waiting) expect((await joinWaitlist(server, waiting, 1)).status).toBe(200);
    const listed = await server.request('POST', `/api/tickets/${ticket.id}/resale`, { token: seller.token });
    expect(listed.status, listed.text).toBe(200);
    await setQuestions([
      { kind: 'phone', label: 'Mobile number', required: true, perTicket: true },
      { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
    ]);
    return ticket.id;
  }

  async function setQuestions(questions: unknown[]): Promise<void> {
    const saved = await server.request('PUT', '/api/admin/checkout-questions', {
      token: admin.token,
      body: { questions },
    });
    expect(saved.status, saved.text).toBe(200);
    ids = Object.fromEntries(saved.body.questions.map((q: { kind: string; id: string }) => [q.kind, q.id]));
  }

  const answers = () => [
    { questionId: ids.phone, value: '98765 43210', ticketIndex: 0 },
    { questionId: ids['age-18'], value: true },
  ];

  async function listingOf(ticketId: string) {
    return server.ctx.db
      .selectFrom('resale_listings')
      .select(['status', 'order_id'])
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
  }

  async function answersOn(ticketId: string) {
    const read = await server.request('GET', `/api/admin/tickets/${ticketId}/answers`, {
      token: admin.token,
    });
    expect(read.status, read.text).toBe(200);
    return read.body.answers;
  }

  const stored = [
    { questionId: '', kind: 'phone', label: 'Mobile number', value: '+91 98765 43210', perTicket: true },
    { questionId: '', kind: 'age-18', label: 'I confirm I am 18 or older', value: 'Yes', perTicket: false },
  ];
  const storedAnswers = () => stored.map((row) => ({ ...row, questionId: ids[row.kind] }));

  it('in the purchase dialog (nobody waiting): answers required, refused per question, kept on the new ticket', async () => {
    const ticketId = await listedTicket();
    const buyer = await newUser(server);
    const unanswered = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(unanswered.status, unanswered.text).toBe(400);
    expect(unanswered.body.code).toBe('VALIDATION_FAILED');
    expect(unanswered.body.details).toEqual([
      { field: `answers.${ids.phone}.0`, message: A.required },
      { field: `answers.${ids['age-18']}`, message: A.age },
    ]);
    // Nothing was held: the listing is still on sale.
    expect(await listingOf(ticketId)).toMatchObject({ status: 'listed', order_id: null });

    const checkout = await createOrder(server, buyer, event, 1, {
      amount: 299,
      resale: true,
      answers: answers(),
    });
    expect(checkout.status, checkout.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    expect(await listingOf(ticketId)).toMatchObject({ status: 'sold' });
    const bought = verified.body.tickets[0] as { id: string };
    expect(bought.id).not.toBe(ticketId);
    expect(await answersOn(bought.id)).toEqual(storedAnswers());
  });

  it('as a waitlist offer: the offer’s checkout asks the same, and the answers go on the held order', async () => {
    const buyer = await newUser(server);
    const ticketId = await listedTicket(buyer);
    expect(await myPlace(server, buyer)).toMatchObject({ status: 'offered' });

    const unanswered = await createOrder(server, buyer, event, 1, { amount: 299 });
    expect(unanswered.status, unanswered.text).toBe(400);
    expect(unanswered.body.details.map((detail: { field: string }) => detail.field)).toEqual([
      `answers.${ids.phone}.0`,
      `answers.${ids['age-18']}`,
    ]);
    expect(await myPlace(server, buyer)).toMatchObject({ status: 'offered' });

    const checkout = await createOrder(server, buyer, event, 1, { amount: 299, answers: answers() });
    expect(checkout.status, checkout.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    expect(await listingOf(ticketId)).toMatchObject({ status: 'sold' });
    expect(await answersOn((verified.body.tickets[0] as { id: string }).id)).toEqual(storedAnswers());
  });
});
