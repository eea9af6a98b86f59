import { beforeAll, expect, it } from 'vitest';
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
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';
import { joinWaitlist, myPlace } from '../../support/waitlist';

// A place in the waitlist waits for a ticket type: it is offered that type, at its price now, once the type has the
// tickets and the event the people they admit (a couple pass needs two). Offers follow each cancellation at once;
// no sweep runs here.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30', MAX_TICKETS_PER_PERSON: '6' };

describeEachDatabase('waiting for a ticket type', (engine) => {
  const clock = testClock();
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;
  let admin: TestUser;
  let couple: string;
  let hidden: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 300, groupPrice4: 250 });
    admin = await newUser(server, { role: 'admin' });
    const newType = async (body: Record<string, unknown>) => {
      const response = await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body });
      expect(response.status, response.text).toBe(200);
      return response.body.ticketType.id as string;
    };
    couple = await newType({ name: 'Couple pass', price: 599, admits: 2 });
    hidden = await newType({ name: 'Artist pass', price: 0, hidden: true });
  });

  it('a type the public cannot buy, or that does not exist, cannot be waited for', async () => {
    for (const ticketTypeId of [hidden, 'no-such-type']) {
      const response = await server.request('POST', '/api/waitlist', {
        token: (await newUser(server)).token,
        body: { quantity: 1, ticketTypeId },
      });
      expect(response.status, response.text).toBe(400);
      expect(response.body.details?.[0]?.field).toBe('ticketTypeId');
    }
  });

  it('each place is offered its type when its people come back, and buys it through create-order with items', async () => {
    await leaveSeats(server, event.id, 3);
    const holder = await newUser(server);
    const { tickets } = await buy(server, holder, event, 3);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    clock.advance(1000);
    const first = await server.request('POST', '/api/waitlist', {
      token: asha.token,
      body: { quantity: 1, ticketTypeId: couple },
    });
    expect(first.status, first.text).toBe(200);
    clock.advance(1000);
    expect((await joinWaitlist(server, bina, 1)).status).toBe(200);

    // One person back: the couple pass needs two, so the next place (one Entry) is offered it; Asha stays first.
    expect((await cancel(server, holder, tickets[0].id)).status).toBe(200);
    expect(await myPlace(server, bina)).toMatchObject({ status: 'offered', amount: 300 });
    expect(await myPlace(server, asha)).toMatchObject({ status: 'waiting', position: 1 });

    // One more person back is still one short of a couple pass; two are enough: Asha's couple pass, at its price.
    expect((await cancel(server, holder, tickets[1].id)).status).toBe(200);
    expect((await myPlace(server, asha)).status).toBe('waiting');
    expect((await cancel(server, holder, tickets[2].id)).status).toBe(200);
    expect(await myPlace(server, asha)).toMatchObject({ status: 'offered', quantity: 1, amount: 599 });

    // Another type than the offer's is refused, naming the offer; the offered type is sold through the offer.
    const entry = `entry-${event.id}`;
    const other = await createOrder(server, asha, event, 1, {
      items: [{ ticketTypeId: entry, quantity: 1 }],
      amount: 300,
    });
    expect(other.status, other.text).toBe(409);
    expect(other.body.code).toBe('WAITLIST_OFFER_LIMIT');
    expect(other.body.error).toMatch(/Couple pass/);
    const checkout = await createOrder(server, asha, event, 1, {
      items: [{ ticketTypeId: couple, quantity: 1 }],
      amount: 599,
    });
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body).toMatchObject({ amount: 599, quantity: 1 });
    const paid = await verify(server, asha, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    const issued = await server.ctx.db
      .selectFrom('tickets')
      .select(['ticket_type_id', 'admits', 'price_paise'])
      .where('user_id', '=', asha.user.id)
      .execute();
    expect(issued).toEqual([{ ticket_type_id: couple, admits: 2, price_paise: 59_900 }]);
    expect((await myPlace(server, asha)).status).toBe('bought');
  });
});
