import { expect } from 'vitest';
import type { TestUser } from './factories';
import { buy, emulatorState, settleRefunds, type TestEvent } from './purchase';
import type { TestServer } from './server';

// What the refund suites (refunds, refund-provider) share: buying, cancelling, and reading a refund back.

export const WEBHOOK = '/api/payments/razorpay/webhook';
export const PRICE = 299;
export const REFUND = PRICE - 20;

// biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
export type TicketJson = any;

export async function buyTickets(server: TestServer, buyer: TestUser, event: TestEvent, quantity = 1) {
  const { tickets, checkout } = await buy(server, buyer, event, quantity);
  return { tickets: tickets as TicketJson[], paymentId: checkout.razorpay_payment_id as string };
}

export function cancel(
  server: TestServer,
  who: TestUser,
  ticketId: string,
  reason = 'Cannot attend any more',
) {
  return server.request('PATCH', `/api/tickets/cancel/${ticketId}`, { token: who.token, body: { reason } });
}

export async function refundStatus(server: TestServer, who: TestUser, id: string) {
  return server.request('GET', `/api/refunds/status/${id}`, { token: who.token });
}

/**
 * Razorpay settles the refunds it holds (settleRefunds), then polls ours until it reaches `status` (their
 * webhooks, or a job, bring the news).
 */
export async function refundReaches(server: TestServer, who: TestUser, id: string, status: string) {
  await expect
    .poll(async () => {
      await settleRefunds(server);
      return (await refundStatus(server, who, id)).body.refund?.status;
    })
    .toBe(status);
  return (await refundStatus(server, who, id)).body.refund;
}

export async function ticketRow(server: TestServer, id: string) {
  return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function refundRows(server: TestServer, ticketId: string) {
  return server.ctx.db.selectFrom('refunds').selectAll().where('ticket_id', '=', ticketId).execute();
}

export async function setEventDate(server: TestServer, eventId: string, date: string) {
  await server.ctx.db.updateTable('events').set({ date }).where('id', '=', eventId).execute();
}

export async function paymentAtEmulator(server: TestServer, paymentId: string) {
  const state = await emulatorState(server);
  return state.payments.find((payment: { id: string }) => payment.id === paymentId);
}
