import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { shedTotal } from '../../support/metrics';
import { newEvent, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';

// Bulk admin work does not cost the people who come after it their answer. With the production overload
// limits, an admin issues 500 tickets by hand (the response carries 500 tickets with their QR images); right
// after it, one request at a time, an admin changes a role and a guest reads My Tickets: both are answered,
// and nothing was shed. Once shedding read the event loop's delay alone, the loop's slow turns during the
// issuance refused exactly these requests with 503.

describeEachDatabase('right after a 500-ticket issuance', (engine) => {
  const server = useServer(engine, {
    env: {
      ...PURCHASE_ENV,
      OVERLOAD_MAX_IN_FLIGHT: '256',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '200',
      OVERLOAD_MIN_IN_FLIGHT: '16',
    },
  });
  let admin: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    await newEvent(server, { totalTickets: 1000 });
    admin = await newUser(server, { role: 'admin' });
    guest = await newUser(server);
    await issueManual(server, admin.token, { userId: guest.user.id, quantity: 2, paymentDone: true });
  });

  it('a role change and My Tickets are answered, one at a time, and nothing is shed', async () => {
    const shedBefore = shedTotal((await server.request('GET', '/metrics')).text);
    const issued = await issueManual(server, admin.token, {
      userName: 'Bulk Recipient',
      userEmail: uniqueEmail('bulk'),
      quantity: 500,
      paymentDone: true,
    });
    expect(issued.tickets).toHaveLength(500);

    const role = await server.request('PATCH', `/api/admin/users/${guest.user.id}/role`, {
      token: admin.token,
      body: { role: 'qrchecker' },
    });
    expect(role.status, role.text).toBe(200);
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: guest.token });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.tickets).toHaveLength(2);
    for (let i = 0; i < 5; i++) {
      const me = await server.request('GET', '/api/auth/me', { token: guest.token });
      expect(me.status, me.text).toBe(200);
    }
    expect(shedTotal((await server.request('GET', '/metrics')).text)).toBe(shedBefore);
  }, 180_000);
});
