import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, tokenFor, uniqueEmail } from '../../support/factories';
import { emulatorState, newEvent, pay, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import {
  expectFields,
  expectRefusal,
  expectSuccess,
  PNG_DATA_URL,
  SPEC_REFUND_FIELDS,
  SPEC_TICKET_FIELDS,
  SPEC_USER_FIELDS,
} from '../../support/spec-contract';

// Every guest call (docs/product.md#api), made as a client written against the original contract makes it (its payload shapes, its
// tier label, its units), by the role that makes it, asserting the fields the spec names where it reads them.
// docs/contracts.md "Compatibility with the product's contract" lists the same calls.

describeEachDatabase('original contract, guest calls', (engine) => {
  const server = useServer(engine, { env: { RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '1000' } });
  let event: TestEvent;
  let guest: TestUser;
  let checker: TestUser;
  /** Filled by the purchase walk; later calls use these tickets. */
  const bought: Array<{ id: string; qrCode: string }> = [];

  beforeAll(async () => {
    event = await newEvent(server, { ticketPrice: 299, groupPrice4: 249 });
    guest = await newUser(server, { name: 'Spec Guest' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gate Checker' });
  });

  describe('Auth', () => {
    it('POST /auth/google-signin {idToken}: user and isNewUser', async () => {
      const idToken = await tokenFor(server, uniqueEmail('spec'), { name: 'First Timer' });
      const response = await server.request('POST', '/api/auth/google-signin', { body: { idToken } });
      expectSuccess(response, 'google-signin');
      expect(response.body.isNewUser).toBe(true);
      expectFields(response.body.user, [...SPEC_USER_FIELDS, 'photoURL', 'profilePicture'], 'signin user');
      expect(response.body.user._id).toBe(response.body.user.id);
    });

    it('GET /auth/me and GET /auth/profile: the backend user', async () => {
      for (const path of ['/api/auth/me', '/api/auth/profile']) {
        const response = await server.request('GET', path, { token: guest.token });
        expectSuccess(response, path);
        expectFields(response.body.user, SPEC_USER_FIELDS, path);
        expect(response.body.user.email).toBe(guest.email);
      }
    });

    it('PUT /auth/profile {profile fields}, the user sent back as read', async () => {
      const me = (await server.request('GET', '/api/auth/me', { token: guest.token })).body.user;
      const response = await server.request('PUT', '/api/auth/profile', {
        token: guest.token,
        body: { name: 'Spec Guest Renamed', email: me.email, role: me.role, _id: me._id },
      });
      expectSuccess(response, 'PUT /auth/profile');
      expect(response.body.user).toMatchObject({
        name: 'Spec Guest Renamed',
        email: guest.email,
        role: 'guest',
      });
    });

    it('POST /auth/assign-admin (no payload): refused once an admin exists, in the error envelope', async () => {
      const response = await server.request('POST', '/api/auth/assign-admin', { token: guest.token });
      expectRefusal(response, 403, 'FORBIDDEN', 'assign-admin');
    });
  });

  describe('Event', () => {
    it('GET /event: data.data with the fields of §3, money in rupees', async () => {
      const response = await server.request('GET', '/api/event');
      expectSuccess(response, 'GET /event');
      const data = response.body.data;
      expectFields(
        data,
        ['_id', 'id', 'name', 'date', 'startTime', 'endTime', 'venue', 'ticketPrice', 'groupPrice4'],
        'event',
      );
      expectFields(data, ['availableTickets'], 'event');
      expect([data.ticketPrice, data.groupPrice4]).toEqual([299, 249]);
    });

    it('GET /event/exists: data.exists', async () => {
      const response = await server.request('GET', '/api/event/exists');
      expect(response.body.exists).toBe(true);
    });
  });

  describe('Tickets, a purchase as the spec describes it', () => {
    it('POST /tickets/create-order {order payload}: amount in rupees, x100 is what the provider charges', async () => {
      const response = await server.request('POST', '/api/tickets/create-order', {
        token: guest.token,
        body: {
          quantity: 4,
          amount: 996,
          eventId: event.id,
          eventName: event.name,
          pricePerTicket: 249,
          pricingTier: 'Group 4+',
        },
      });
      expectSuccess(response, 'create-order');
      expectFields(response.body, ['orderId', 'amount', 'currency', 'key'], 'create-order');
      expect(response.body).toMatchObject({ amount: 996, currency: 'INR' });
      const atProvider = (await emulatorState(server)).orders.find(
        (order: { id: string }) => order.id === response.body.orderId,
      );
      expect(atProvider.amount).toBe(response.body.amount * 100);

      // The provider's window completes the payment, then verification is called (§7, product behaviour).
      const checkout = await pay(server, response.body.orderId);
      const verified = await server.request('POST', '/api/tickets/verify-payment', {
        token: guest.token,
        body: { ...checkout, quantity: 4 },
      });
      expectSuccess(verified, 'verify-payment');
    });

    it('POST /tickets {quantity}: the booking path answers data.success (and starts a checkout)', async () => {
      const response = await server.request('POST', '/api/tickets', {
        token: guest.token,
        body: { quantity: 1 },
      });
      expectSuccess(response, 'POST /tickets');
      expect(response.body.requiresPayment).toBe(true);
    });

    it('GET /tickets/my-tickets: data.tickets with the ticket fields of §3, price in rupees', async () => {
      const response = await server.request('GET', '/api/tickets/my-tickets', { token: guest.token });
      expectSuccess(response, 'my-tickets');
      expect(response.body.tickets).toHaveLength(4);
      for (const ticket of response.body.tickets) {
        expectFields(ticket, SPEC_TICKET_FIELDS, 'my ticket');
        expect(ticket).toMatchObject({ price: 249, status: 'active', metadata: { issuedByAdmin: false } });
        expect(ticket.user.name).toBe('Spec Guest Renamed');
        expect(ticket.qrCodeImage).toMatch(PNG_DATA_URL);
        bought.push({ id: ticket.id, qrCode: ticket.qrCode });
      }
    });

    it('GET /tickets/{id}: the ticket', async () => {
      const response = await server.request('GET', `/api/tickets/${bought[0]!.id}`, { token: guest.token });
      expectSuccess(response, 'GET /tickets/{id}');
      expectFields(response.body.ticket, SPEC_TICKET_FIELDS, 'ticket read');
    });
  });

  describe('Tickets at the gate (qrchecker)', () => {
    it('POST /tickets/verify-qr {qrCode}: data.success and data.ticket with the holder’s name', async () => {
      const response = await server.request('POST', '/api/tickets/verify-qr', {
        token: checker.token,
        body: { qrCode: bought[0]!.qrCode },
      });
      expectSuccess(response, 'verify-qr');
      expectFields(response.body.ticket, SPEC_TICKET_FIELDS, 'verified ticket');
      expect(response.body.ticket.user.name).toBe('Spec Guest Renamed');
    });

    it('POST /tickets/mark-used {qrCode}: data.success; again: 400 ALREADY_USED with the usedAt time', async () => {
      const first = await server.request('POST', '/api/tickets/mark-used', {
        token: checker.token,
        body: { qrCode: bought[0]!.qrCode },
      });
      expectSuccess(first, 'mark-used');
      const again = await server.request('POST', '/api/tickets/mark-used', {
        token: checker.token,
        body: { qrCode: bought[0]!.qrCode },
      });
      expectRefusal(again, 400, 'ALREADY_USED', 'mark-used again');
      expectFields(again.body.ticket, ['usedAt', 'scannedBy', 'cancelledAt'], 'ALREADY_USED ticket');
      expect(again.body.ticket.usedAt).toBe(first.body.ticket.usedAt);
      expect(again.body.ticket.scannedBy).toEqual({ name: 'Gate Checker' });
    });

    it('an unrecognised code is a 404 whose errorType the scanner reads', async () => {
      const response = await server.request('POST', '/api/tickets/verify-qr', {
        token: checker.token,
        body: { qrCode: 'not a ticket' },
      });
      expect(response.status).toBe(404);
      expect(response.body.errorType).toBe(response.body.code);
    });
  });

  describe('Cancellation and refunds', () => {
    it('PATCH /tickets/cancel/{id} {reason}: success, and the gate then sees TICKET_CANCELLED', async () => {
      const response = await server.request('PATCH', `/api/tickets/cancel/${bought[1]!.id}`, {
        token: guest.token,
        body: { reason: 'Cannot attend' },
      });
      expectSuccess(response, 'cancel');
      const scanned = await server.request('POST', '/api/tickets/mark-used', {
        token: checker.token,
        body: { qrCode: bought[1]!.qrCode },
      });
      expectRefusal(scanned, 400, 'TICKET_CANCELLED', 'mark-used cancelled');
      expect(scanned.body.ticket.cancelledAt).toBeTypeOf('string');
    });

    it('POST /refunds/create {ticketId, reason}: data.success and data.refund, amounts in rupees', async () => {
      const response = await server.request('POST', '/api/refunds/create', {
        token: guest.token,
        body: { ticketId: bought[2]!.id, reason: 'Travel plans changed' },
      });
      expectSuccess(response, 'refunds/create');
      expectFields(response.body.refund, SPEC_REFUND_FIELDS, 'refund');
      expect(response.body.refund).toMatchObject({
        originalAmount: 249,
        refundAmount: 229,
        processingFee: 20,
      });
      expectFields(response.body.refund.ticket, ['eventName'], 'refund.ticket');
      expectFields(response.body.refund.statusHistory[0], ['status', 'timestamp', 'notes'], 'statusHistory');
    });

    it('GET /refunds/my-refunds: data.refunds; GET /refunds/status/{id}: data.refund', async () => {
      const mine = await server.request('GET', '/api/refunds/my-refunds', { token: guest.token });
      expectSuccess(mine, 'my-refunds');
      expect(mine.body.refunds).toHaveLength(2);
      for (const refund of mine.body.refunds) expectFields(refund, SPEC_REFUND_FIELDS, 'my refund');
      const one = await server.request('GET', `/api/refunds/status/${mine.body.refunds[0].id}`, {
        token: guest.token,
      });
      expectSuccess(one, 'refunds/status');
      expectFields(one.body.refund, SPEC_REFUND_FIELDS, 'refund status');
    });
  });

  describe('Other', () => {
    it('POST /log-error with the crash payload is accepted (response ignored)', async () => {
      const response = await server.request('POST', '/api/log-error', {
        body: {
          error: { message: 'boom', stack: 'Error: boom', name: 'Error' },
          errorInfo: { componentStack: '\n    at Event' },
          timestamp: new Date().toISOString(),
          url: 'https://tickets.example.com/',
          userAgent: 'spec client',
        },
      });
      expect(response.status).toBeLessThan(300);
    });

    it('POST /auth/logout: success', async () => {
      const response = await server.request('POST', '/api/auth/logout', { token: guest.token });
      expectSuccess(response, 'logout');
    });
  });
});
