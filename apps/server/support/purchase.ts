import { quote } from '@utsav/domain/pricing';
import { expect } from 'vitest';
import { newEventBody, newUser, type TestUser } from './factories';
import type { TestResponse, TestServer } from './server';

// Small steps of a purchase, each one HTTP call as a browser or Razorpay would make it.

export const EMULATOR = '/razorpay-emulator';

/** Env for purchase suites: the hold sweeper and outbox worker never run by themselves; tests call them. */
export const PURCHASE_ENV = {
  HOLD_SWEEP_SECONDS: '86400',
  RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '1000',
  // Mail has its own suite; here the worker would only compete with the buyers for the CPU.
  OUTBOX_INTERVAL_MS: '86400000',
};

export interface TestEvent {
  id: string;
  name: string;
  ticketPrice: number;
  groupPrice4: number | null;
}

/** The single event, created through the API by a fresh admin. */
export async function newEvent(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<TestEvent> {
  const admin = await newUser(server, { role: 'admin' });
  const response = await server.request('POST', '/api/event', {
    token: admin.token,
    body: newEventBody(overrides),
  });
  if (response.status !== 200) throw new Error(`event creation failed: ${response.status} ${response.text}`);
  return response.body.data;
}

/** The create-order payload exactly as the purchase dialog sends it, priced like the dialog prices it. */
export function orderPayload(event: TestEvent, quantity: number, overrides: Record<string, unknown> = {}) {
  const q = quote(event, quantity);
  return {
    quantity,
    amount: q.total,
    eventId: event.id,
    eventName: event.name,
    pricePerTicket: q.pricePerTicket,
    pricingTier: q.pricingTier,
    ...overrides,
  };
}

export function createOrder(
  server: TestServer,
  buyer: TestUser,
  event: TestEvent,
  quantity: number,
  overrides: Record<string, unknown> = {},
): Promise<TestResponse> {
  return server.request('POST', '/api/tickets/create-order', {
    token: buyer.token,
    body: orderPayload(event, quantity, overrides),
  });
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What the buyer completing Razorpay's checkout causes (payment captured, webhooks sent). */
export async function pay(server: TestServer, razorpayOrderId: string): Promise<CheckoutResult> {
  const response = await server.request('POST', `${EMULATOR}/_test/pay`, {
    body: { order_id: razorpayOrderId },
  });
  if (response.status !== 200) throw new Error(`emulator pay failed: ${response.status} ${response.text}`);
  return response.body;
}

export function verify(
  server: TestServer,
  buyer: TestUser,
  checkout: CheckoutResult,
  extra: Record<string, unknown> = {},
  language?: string,
): Promise<TestResponse> {
  return server.request('POST', '/api/tickets/verify-payment', {
    token: buyer.token,
    body: { ...checkout, ...extra },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
}

/** create-order, pay, verify: the happy path, asserted. */
export async function buy(server: TestServer, buyer: TestUser, event: TestEvent, quantity: number) {
  const order = await createOrder(server, buyer, event, quantity);
  expect(order.status, order.text).toBe(200);
  const checkout = await pay(server, order.body.orderId);
  const verified = await verify(server, buyer, checkout);
  expect(verified.status, verified.text).toBe(200);
  return { order: order.body, checkout, tickets: verified.body.tickets };
}

export async function setWebhookMode(
  server: TestServer,
  mode: 'normal' | 'drop' | 'duplicate',
): Promise<void> {
  const response = await server.request('POST', `${EMULATOR}/_test/webhooks`, { body: { mode } });
  expect(response.status).toBe(200);
}

/** Resolves once every webhook delivery under way has succeeded or given up. */
export async function webhooksDelivered(server: TestServer): Promise<void> {
  const response = await server.request('GET', `${EMULATOR}/_test/webhooks?wait=1`);
  expect(response.body.idle).toBe(true);
}

/**
 * Settles every refund the emulator holds (processed, or failed when forced), as Razorpay does some time after
 * accepting one: a test server's refunds wait for this (see testConfig), so what a test sees of a refund on its
 * way never depends on how much the server did before a timer ran out. Their webhooks follow as usual.
 */
export async function settleRefunds(server: TestServer): Promise<number> {
  const response = await server.request('POST', `${EMULATOR}/_test/refunds/settle`);
  expect(response.status).toBe(200);
  return response.body.settled;
}

export async function emulatorState(server: TestServer) {
  return (await server.request('GET', `${EMULATOR}/_test/state`)).body;
}

export async function availableTickets(server: TestServer): Promise<number> {
  return (await server.request('GET', '/api/event')).body.data.availableTickets;
}

/** Our order row for a Razorpay order id, read straight from the database. */
export function orderRow(server: TestServer, razorpayOrderId: string) {
  return server.ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('razorpay_order_id', '=', razorpayOrderId)
    .executeTakeFirstOrThrow();
}

export async function ticketCount(server: TestServer, orderId: string): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves a hold's expiry into the past, as if HOLD_MINUTES had gone by. */
export async function expireHoldNow(server: TestServer, orderId: string): Promise<void> {
  await server.ctx.db
    .updateTable('orders')
    .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/** Leaves exactly `left` seats of the event for sale, whatever earlier tests sold or held. */
export async function leaveSeats(server: TestServer, eventId: string, left: number): Promise<void> {
  const total = (await server.request('GET', '/api/event')).body.data.totalTickets;
  await setTotalTickets(server, eventId, total - (await availableTickets(server)) + left);
}

/**
 * A guest whose hold ran out pays for one seat after the last seat went to someone else: a late payment
 * with no stock, whose money is owed back (the reconciliation job or a webhook will find it).
 */
export async function latePaymentWithSeatsGone(server: TestServer, event: TestEvent) {
  await leaveSeats(server, event.id, 1);
  const late = await newUser(server);
  const order = await createOrder(server, late, event, 1);
  const checkout = await pay(server, order.body.orderId);
  const row = await orderRow(server, order.body.orderId);
  await expireHoldNow(server, row.id);
  await buy(server, await newUser(server), event, 1);
  return { late, order, checkout, row };
}

export async function setTotalTickets(server: TestServer, eventId: string, total: number): Promise<void> {
  await server.ctx.db.updateTable('events').set({ total_tickets: total }).where('id', '=', eventId).execute();
}

export async function outboxRows(server: TestServer, kind: string) {
  const rows = await server.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) }));
}
