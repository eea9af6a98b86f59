import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { buy, newEvent, pay, verify } from '../../support/purchase';
import { useServer } from '../../support/server';

// The live gate view counts entries per ticket type: of each type's tickets sold, those admitted and inside now, and
// the people they are (a couple pass admitted is two people in). Every type on sale is listed, one with no sale too.

describeEachDatabase('gates: entries per ticket type', (engine) => {
  const server = useServer(engine);

  it('lists admitted of sold and inside per type, in people too, in the organiser order', async () => {
    const event = await newEvent(server, { totalTickets: 100 });
    const admin = await newUser(server, { role: 'admin' });
    const checker = await newUser(server, { role: 'qrchecker' });
    const newType = async (body: Record<string, unknown>) => {
      const response = await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body });
      expect(response.status, response.text).toBe(200);
      return response.body.ticketType.id as string;
    };
    const couple = await newType({ name: 'Couple pass', nameGu: 'કપલ પાસ', price: 599, admits: 2 });
    const vip = await newType({ name: 'VIP pod', price: 2000 });

    const buyer = await newUser(server);
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId: event.id, amount: 1198, items: [{ ticketTypeId: couple, quantity: 2 }] },
    });
    expect(order.status, order.text).toBe(200);
    const paid = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    const entry = await buy(server, await newUser(server), event, 3);

    const scan = async (qrCode: string) => {
      const response = await server.request('POST', '/api/tickets/mark-used', {
        token: checker.token,
        body: { qrCode, gate: 'North', deviceId: 'phone-n1' },
      });
      expect(response.status, response.text).toBe(200);
    };
    await scan(paid.body.tickets[0].qrCode);
    await scan(entry.tickets[0].qrCode);
    await scan(entry.tickets[1].qrCode);

    const response = await server.request('GET', '/api/admin/checkin/live', { token: admin.token });
    expect(response.status, response.text).toBe(200);
    const rows = response.body.types.map((type: Record<string, unknown>) => [
      type.name,
      type.nameGu,
      type.admits,
      type.sold,
      type.admitted,
      type.inside,
      type.peopleAdmitted,
      type.peopleSold,
    ]);
    expect(rows).toEqual([
      ['Entry', 'પ્રવેશ', 1, 3, 2, 2, 2, 3],
      ['Couple pass', 'કપલ પાસ', 2, 2, 1, 1, 2, 4],
      ['VIP pod', null, 1, 0, 0, 0, 0, 0],
    ]);
    expect(response.body.types.map((type: { id: string }) => type.id).slice(1)).toEqual([couple, vip]);
    // The per-type figures add up to the event's.
    expect(response.body).toMatchObject({ sold: 5, admitted: 3, inside: 3 });
  });
});
