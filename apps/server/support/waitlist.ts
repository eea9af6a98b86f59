import { sweepWaitlist } from '../src/modules/waitlist/offers';
import type { TestUser } from './factories';
import type { TestResponse, TestServer } from './server';

// The waitlist calls as the web app makes them, and a way to start each test from an empty line.

export function joinWaitlist(server: TestServer, guest: TestUser, quantity: unknown): Promise<TestResponse> {
  return server.request('POST', '/api/waitlist', { token: guest.token, body: { quantity } });
}

export async function myPlace(server: TestServer, guest: TestUser) {
  const response = await server.request('GET', '/api/waitlist/me', { token: guest.token });
  if (response.status !== 200) throw new Error(`GET /waitlist/me: ${response.status} ${response.text}`);
  return response.body;
}

export function leaveWaitlist(server: TestServer, guest: TestUser): Promise<TestResponse> {
  return server.request('DELETE', '/api/waitlist/me', { token: guest.token });
}

export function checkoutOffer(server: TestServer, guest: TestUser, body?: unknown): Promise<TestResponse> {
  return server.request('POST', '/api/waitlist/me/checkout', {
    token: guest.token,
    ...(body === undefined ? {} : { body }),
  });
}

/** The person's place as they see it, with the id and end of the hold behind their offer (if any). */
export async function offerState(server: TestServer, guest: TestUser) {
  const place = await myPlace(server, guest);
  const row = await server.ctx.db
    .selectFrom('waitlist_entries')
    .innerJoin('orders', 'orders.id', 'waitlist_entries.offer_order_id')
    .select(['orders.id as orderId', 'orders.hold_expires_at as holdExpiresAt'])
    .where('waitlist_entries.user_id', '=', guest.user.id)
    .where('waitlist_entries.status', '=', 'offered')
    .executeTakeFirst();
  return { ...place, orderId: row?.orderId, holdExpiresAt: row?.holdExpiresAt };
}

/** What the job does every HOLD_SWEEP_SECONDS on every instance. */
export function sweep(server: TestServer) {
  return sweepWaitlist(server.ctx);
}

/** Ends every live place and the holds of their offers, as if everyone had left (at `at`: the app's clock). */
export async function emptyLine(server: TestServer, at = new Date()): Promise<void> {
  const now = at.toISOString();
  const offers = await server.ctx.db
    .selectFrom('waitlist_entries')
    .select('offer_order_id')
    .where('status', '=', 'offered')
    .execute();
  const orderIds = offers.map((row) => row.offer_order_id).filter((id): id is string => id !== null);
  if (orderIds.length > 0) {
    await server.ctx.db
      .updateTable('orders')
      .set({ status: 'expired', hold_expires_at: now })
      .where('id', 'in', orderIds)
      .where('status', '=', 'created')
      .execute();
  }
  await server.ctx.db
    .updateTable('waitlist_entries')
    .set({ status: 'left', ended_at: now, updated_at: now })
    .where('status', 'in', ['waiting', 'offered'])
    .execute();
}

/** Sold (active + used) + live holds, recounted from the rows: the left side of the inventory invariant. */
export async function seatsTaken(server: TestServer, eventId: string): Promise<number> {
  const now = new Date().toISOString();
  const sold = await server.ctx.db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', 'in', ['active', 'used'])
    .executeTakeFirstOrThrow();
  const held = await server.ctx.db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'created')
    .where('hold_expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(sold.n) + Number(held.n);
}
