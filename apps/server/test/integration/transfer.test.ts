import { verifyTicketToken } from '@utsav/domain/qr-token';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import {
  availableTickets,
  buy,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, parseMime } from '../unit/mail/mime';

// Event on 2099-10-01 at 19:00 IST (13:30Z): transfers close at 2099-09-30 13:30Z.
const ENV = { ...PURCHASE_ENV, MAX_TICKETS_PER_PERSON: '3' };

describeEachDatabase('ticket transfer', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });
  const realNow = () => new Date();
  let event: TestEvent;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { startTime: '19:00' });
    checker = await newUser(server, { role: 'qrchecker' });
  });
  afterEach(() => {
    server.ctx.now = realNow;
  });

  async function ticketOf(buyer: TestUser) {
    return (await buy(server, buyer, event, 1)).tickets[0];
  }

  function startTransfer(
    owner: TestUser,
    ticketId: string,
    recipientEmail: string,
    recipientName = 'Bina Rao',
  ) {
    return server.request('POST', `/api/tickets/${ticketId}/transfer`, {
      token: owner.token,
      body: { recipientEmail, recipientName },
    });
  }

  async function transferPaid(owner: TestUser, ticketId: string, recipientEmail: string) {
    const started = await startTransfer(owner, ticketId, recipientEmail);
    expect(started.status, started.text).toBe(200);
    const checkout = await pay(server, started.body.orderId);
    const verified = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: owner.token,
      body: checkout,
    });
    return { started, checkout, verified };
  }

  async function publicKey(): Promise<string> {
    const row = await server.ctx.db
      .selectFrom('events')
      .select('qr_public_key')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    return row.qr_public_key!;
  }

  it('paying Rs 50 revokes the old ticket and issues the recipient a new signed one; stock does not move', async () => {
    const asha = await newUser(server, { name: 'Asha Patel' });
    const ticket = await ticketOf(asha);
    const before = await availableTickets(server);
    const binaEmail = uniqueEmail('bina');

    const { started, checkout, verified } = await transferPaid(asha, ticket.id, binaEmail);
    expect(started.body).toMatchObject({
      success: true,
      amount: 50,
      currency: 'INR',
      key: 'rzp_test_utsav_emulator',
    });
    expect(started.body.orderId).toMatch(/^order_/);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.ticket).toMatchObject({
      id: ticket.id,
      status: 'transferred',
      transfer: { toName: 'Bina Rao', toEmail: binaEmail },
    });
    // The sender never sees the recipient's QR.
    expect(verified.text).toContain(ticket.qrCode);

    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: asha.token });
    expect(mine.body.tickets.find((t: { id: string }) => t.id === ticket.id).status).toBe('transferred');

    // Bina's account was created for her and is linked when she signs in with that email.
    const bina = await newUser(server, { email: binaEmail, name: 'Bina Rao' });
    const hers = (await server.request('GET', '/api/tickets/my-tickets', { token: bina.token })).body.tickets;
    expect(hers).toHaveLength(1);
    expect(hers[0]).toMatchObject({
      status: 'active',
      holderName: 'Bina Rao',
      receivedByTransfer: true,
      price: ticket.price,
    });
    expect(hers[0].qrCode).not.toBe(ticket.qrCode);
    expect(verifyTicketToken(hers[0].qrCode, await publicKey(), event.id)).toMatchObject({
      ticketId: hers[0].id,
    });
    expect(await availableTickets(server)).toBe(before);

    // At the gate: the old code is refused as transferred, online and in the offline list; the new one admits.
    const old = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: ticket.qrCode },
    });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 'TICKET_TRANSFERRED', ticket: { status: 'transferred' } });
    const snapshot = await server.request('GET', '/api/tickets/checkin/snapshot', { token: checker.token });
    expect(snapshot.status, snapshot.text).toBe(200);
    expect(snapshot.body.tickets.find((t: { id: string }) => t.id === ticket.id).status).toBe('transferred');
    const admitted = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: hers[0].qrCode },
    });
    expect(admitted.status, admitted.text).toBe(200);

    // Both are told, the recipient with her ticket attached.
    await server.app.outbox.drain();
    const toAsha = smtp.received.filter(
      (mail) => mail.to.includes(asha.email) && mail.raw.includes('transferred'),
    );
    expect(toAsha.length).toBeGreaterThanOrEqual(1);
    const toBina = smtp.received.filter((mail) => mail.to.includes(binaEmail));
    expect(toBina).toHaveLength(1);
    expect(attachments(parseMime(toBina[0]!.raw)).map((file) => file.contentType.split(';')[0])).toEqual([
      'application/pdf',
    ]);
    expect(await outboxRows(server, 'transfer-completed')).toHaveLength(1);

    // A replay of the verification answers the same and issues nothing more.
    const replay = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: asha.token,
      body: checkout,
    });
    expect(replay.status).toBe(200);
    expect(
      (await server.request('GET', '/api/tickets/my-tickets', { token: bina.token })).body.tickets,
    ).toHaveLength(1);
  });

  it('the webhook completes the transfer when the sender closed the tab after paying', async () => {
    const owner = await newUser(server);
    const ticket = await ticketOf(owner);
    const started = await startTransfer(owner, ticket.id, uniqueEmail('friend'));
    await pay(server, started.body.orderId);
    await webhooksDelivered(server);
    const mine = (await server.request('GET', '/api/tickets/my-tickets', { token: owner.token })).body
      .tickets;
    expect(mine.find((t: { id: string }) => t.id === ticket.id).status).toBe('transferred');
  });

  it('refuses used, cancelled, already transferred and other people’s tickets, and transfers to oneself', async () => {
    const owner = await newUser(server);
    const [used, cancelled, kept] = (await buy(server, owner, event, 3)).tickets;
    await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: used.qrCode },
    });
    await server.request('PATCH', `/api/tickets/cancel/${cancelled.id}`, {
      token: owner.token,
      body: { reason: 'No' },
    });

    const usedTry = await startTransfer(owner, used.id, uniqueEmail());
    expect(usedTry.status).toBe(400);
    expect(usedTry.body.code).toBe('TRANSFER_NOT_ALLOWED');
    expect(usedTry.body.error).toContain('already been used');
    const cancelledTry = await startTransfer(owner, cancelled.id, uniqueEmail());
    expect(cancelledTry.body).toMatchObject({ code: 'TRANSFER_NOT_ALLOWED' });
    expect(cancelledTry.body.error).toContain('cancelled');

    const self = await startTransfer(owner, kept.id, owner.email.toUpperCase());
    expect(self.status).toBe(400);
    expect(self.body.details).toEqual([
      { field: 'recipientEmail', message: expect.stringContaining('yourself') },
    ]);

    const stranger = await newUser(server);
    expect((await startTransfer(stranger, kept.id, uniqueEmail())).status).toBe(404);

    const badInput = await server.request('POST', `/api/tickets/${kept.id}/transfer`, {
      token: owner.token,
      body: { recipientEmail: 'not-an-email', recipientName: '' },
    });
    expect(badInput.status).toBe(400);
    expect(badInput.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'recipientEmail',
      'recipientName',
    ]);
  });

  it('inside 24 hours of the start the refusal says how long is left', async () => {
    const owner = await newUser(server);
    const ticket = await ticketOf(owner);
    server.ctx.now = () => new Date('2099-10-01T08:10:00.000Z'); // 13:40 IST, 5 h 20 min before 19:00
    const late = await startTransfer(owner, ticket.id, uniqueEmail());
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('TRANSFER_WINDOW_CLOSED');
    expect(late.body.error).toContain('The event starts in 5 hours, so this ticket');
  });

  it('refuses a recipient who already has the per-person maximum', async () => {
    const full = await newUser(server);
    await buy(server, full, event, 3);
    const owner = await newUser(server);
    const ticket = await ticketOf(owner);
    const refused = await startTransfer(owner, ticket.id, full.email);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PERSON_LIMIT_REACHED');
  });

  it('a ticket received by transfer cannot be cancelled for a refund; staff see the transfer history', async () => {
    const owner = await newUser(server, { name: 'Dev Shah' });
    const ticket = await ticketOf(owner);
    const friend = await newUser(server, { name: 'Esha Nair' });
    const { verified } = await transferPaid(owner, ticket.id, friend.email);
    expect(verified.status, verified.text).toBe(200);
    const received = (await server.request('GET', '/api/tickets/my-tickets', { token: friend.token })).body
      .tickets[0];
    const cancel = await server.request('PATCH', `/api/tickets/cancel/${received.id}`, {
      token: friend.token,
      body: { reason: 'Plans changed' },
    });
    expect(cancel.status).toBe(400);
    expect(cancel.body.code).toBe('NOT_CANCELLABLE');
    expect(cancel.body.error).toContain('received by transfer');
    // The sender's old ticket is not cancellable either: it is no longer theirs to refund.
    const again = await startTransfer(owner, ticket.id, uniqueEmail());
    expect(again.body.error).toContain('already been transferred');

    const manager = await newUser(server, { role: 'manager' });
    const history = await server.request('GET', '/api/tickets/admin/transfers', { token: manager.token });
    expect(history.status).toBe(200);
    expect(
      history.body.transfers.find((t: { ticketId: string }) => t.ticketId === ticket.ticketId),
    ).toMatchObject({
      status: 'completed',
      from: { name: 'Dev Shah', email: owner.email },
      to: { name: 'Bina Rao', email: friend.email.toLowerCase() },
      fee: 50,
      newTicketId: received.ticketId,
    });
    expect(
      (await server.request('GET', '/api/tickets/admin/transfers', { token: friend.token })).status,
    ).toBe(403);
  });
});
