import { randomBytes } from 'node:crypto';
import { verifyTicketToken } from '@utsav/domain/qr-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { countTaken } from '../../src/stores/events';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, tokenFor, uniqueEmail } from '../../support/factories';
import {
  availableTickets,
  newEvent,
  outboxRows,
  setTotalTickets,
  type TestEvent,
} from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('manual issuance', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
  });

  function issue(body: Record<string, unknown>, token = admin.token) {
    return server.request('POST', '/api/tickets/admin/issue-manual', { token, body });
  }

  async function usersWithEmail(email: string) {
    return server.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
  }

  describe('to a new user, with a name on each ticket', () => {
    const email = uniqueEmail('family');
    let response: Awaited<ReturnType<typeof issue>>;
    let availableBefore: number;

    beforeAll(async () => {
      availableBefore = await availableTickets(server);
      response = await issue({
        userName: 'Asha Patel',
        userEmail: email.toUpperCase(),
        quantity: 3,
        paymentDone: true,
        notes: 'Paid cash at the office',
        ticketNames: ['Riya Patel', '  ', 'Dev Patel'],
      });
    });

    it('answers the recipient, the tickets and the total', () => {
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        user: { name: 'Asha Patel', email, isNewUser: true },
        totalAmount: 897,
        pricePerTicket: 299,
        pricingTier: 'Individual',
        paymentDone: true,
      });
      expect(response.body.user.id).toBe(response.body.user._id);
      expect(response.body.tickets).toHaveLength(3);
    });

    it('each ticket carries its holder name (blank falls back to the recipient), the issuer and the notes', async () => {
      const tickets = response.body.tickets;
      expect(tickets.map((t: { holderName: string }) => t.holderName)).toEqual([
        'Riya Patel',
        'Asha Patel',
        'Dev Patel',
      ]);
      for (const ticket of tickets) {
        expect(ticket).toMatchObject({
          status: 'active',
          price: 299,
          orderId: null,
          user: { name: 'Asha Patel', email },
          metadata: {
            issuedByAdmin: true,
            issuedBy: { name: 'Anita Admin' },
            notes: 'Paid cash at the office',
          },
        });
        expect(ticket.ticketId).toMatch(/^UT-[0-9A-Z]{10}$/);
      }
      const rows = await server.ctx.db
        .selectFrom('tickets')
        .selectAll()
        .where(
          'id',
          'in',
          tickets.map((t: { id: string }) => t.id),
        )
        .execute();
      expect(
        rows.every((r) => r.issued_by_admin === 1 && r.payment_received === 1 && r.order_id === null),
      ).toBe(true);
      expect(rows.every((r) => r.issued_by_user_id === admin.user.id)).toBe(true);
    });

    it('their QR codes verify with the event key', async () => {
      const { qr_public_key } = await server.ctx.db
        .selectFrom('events')
        .select('qr_public_key')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      for (const ticket of response.body.tickets) {
        expect(verifyTicketToken(ticket.qrCode, qr_public_key!, event.id)).toMatchObject({
          ok: true,
          ticketId: ticket.id,
        });
      }
    });

    it('the new user is a guest with no Google account yet, and the seats are taken', async () => {
      const [user] = await usersWithEmail(email);
      expect(user).toMatchObject({ role: 'guest', firebase_uid: null, name: 'Asha Patel' });
      expect(await availableTickets(server)).toBe(availableBefore - 3);
    });

    it("one email is queued for the lead's mail handler, with the tickets, the recipient and the issuer", async () => {
      const rows = (await outboxRows(server, 'manual-issuance')).filter(
        (r) => r.payload.userId === response.body.user.id,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.payload).toEqual({
        ticketIds: response.body.tickets.map((t: { id: string }) => t.id),
        userId: response.body.user.id,
        issuerId: admin.user.id,
      });
    });

    it('the issuance is audited', async () => {
      const audit = await server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'tickets.issued_manually')
        .where('entity_id', '=', response.body.user.id)
        .executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(admin.user.id);
      expect(JSON.parse(audit.data!)).toMatchObject({
        quantity: 3,
        paymentDone: true,
        pricePerTicketPaise: 29_900,
      });
    });

    it('when that person first signs in with the same verified email, the tickets are theirs', async () => {
      const token = await tokenFor(server, email, { name: 'Asha P.' });
      const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
      expect(signIn.body.user.id).toBe(response.body.user.id);
      const mine = await server.request('GET', '/api/tickets/my-tickets', { token });
      expect(mine.body.tickets).toHaveLength(3);
    });
  });

  it('the group price applies from 4 tickets; payment defaults to pending', async () => {
    const response = await issue({ userName: 'Big Family', userEmail: uniqueEmail('big'), quantity: 4 });
    expect(response.body).toMatchObject({
      totalAmount: 996,
      pricePerTicket: 249,
      pricingTier: 'Group',
      paymentDone: false,
    });
    const rows = await server.ctx.db
      .selectFrom('tickets')
      .select(['payment_received', 'holder_name'])
      .where(
        'id',
        'in',
        response.body.tickets.map((t: { id: string }) => t.id),
      )
      .execute();
    expect(rows.every((r) => r.payment_received === 0 && r.holder_name === 'Big Family')).toBe(true);
  });

  it('an existing user can be chosen by id (a manager may issue)', async () => {
    const guest = await newUser(server, { name: 'Existing Guest' });
    const response = await issue({ userId: guest.user.id, quantity: 1 }, manager.token);
    expect(response.status, response.text).toBe(200);
    expect(response.body.user).toMatchObject({ id: guest.user.id, isNewUser: false, name: 'Existing Guest' });
    expect(response.body.tickets[0].metadata.issuedBy).toEqual({ name: 'Manoj Manager' });
  });

  it('an email that already has an account, typed as a new user, reuses that account (isNewUser false)', async () => {
    const guest = await newUser(server, { name: 'Known Person' });
    const response = await issue({ userName: 'Typed Name', userEmail: guest.email, quantity: 1 });
    expect(response.status, response.text).toBe(200);
    expect(response.body.user).toMatchObject({ id: guest.user.id, isNewUser: false, name: 'Known Person' });
    expect(await usersWithEmail(guest.email)).toHaveLength(1);
  });

  it('more than the stock left is refused with 409 SOLD_OUT, and nothing is created', async () => {
    const taken = await countTaken(server.ctx.db, event.id, new Date());
    await setTotalTickets(server, event.id, taken + 2);
    const email = uniqueEmail('toomany');
    try {
      const response = await issue({ userName: 'Too Many', userEmail: email, quantity: 3 });
      expect(response.status, response.text).toBe(409);
      expect(response.body).toMatchObject({
        code: 'SOLD_OUT',
        error: 'Only 2 tickets are available to issue.',
      });
      expect(await usersWithEmail(email)).toHaveLength(0);
      expect(await countTaken(server.ctx.db, event.id, new Date())).toBe(taken);
      const exact = await issue({ userName: 'Just Enough', userEmail: email, quantity: 2 });
      expect(exact.status, exact.text).toBe(200);
      expect(await availableTickets(server)).toBe(0);
    } finally {
      await setTotalTickets(server, event.id, 500);
    }
  });

  it('concurrent issuances never take more than the stock', async () => {
    const taken = await countTaken(server.ctx.db, event.id, new Date());
    await setTotalTickets(server, event.id, taken + 5);
    try {
      const guests = await Promise.all([1, 2, 3, 4].map(() => newUser(server)));
      const replies = await Promise.all(guests.map((g) => issue({ userId: g.user.id, quantity: 2 })));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 409, 409]);
      expect(await countTaken(server.ctx.db, event.id, new Date())).toBe(taken + 4);
    } finally {
      await setTotalTickets(server, event.id, 500);
    }
  });

  describe("validation uses the form's messages", () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['nobody chosen', { quantity: 1 }, 'userId', 'Please select a user or create a new one'],
      [
        'a name without an email',
        { userName: 'Asha' },
        'userEmail',
        'Please enter both name and email for new user',
      ],
      [
        'a malformed email',
        { userName: 'Asha', userEmail: 'asha@nowhere' },
        'userEmail',
        'Please enter a valid email address',
      ],
      ['quantity 0', { userId: 'x', quantity: 0 }, 'quantity', 'Please enter a valid quantity'],
      [
        'notes over 500 characters',
        { userId: 'x', notes: 'n'.repeat(501) },
        'notes',
        'Notes must be at most 500 characters',
      ],
    ];
    for (const [name, body, field, message] of cases) {
      it(`${name} is a 400 on ${field}`, async () => {
        const response = await issue(body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          error: message,
          details: [{ field, message }],
        });
      });
    }

    it('an unknown user id is 404', async () => {
      const response = await issue({ userId: `missing-${randomBytes(4).toString('hex')}` });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('USER_NOT_FOUND');
    });
  });
});
