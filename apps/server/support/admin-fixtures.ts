import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import type { OrderRow, RefundRow, TicketRow, UserRow } from '../src/platform/db/schema';
import type { TestEvent } from './purchase';
import type { TestServer } from './server';

// Rows written straight to the database for the admin suites and bench/admin: analytics need chosen
// timestamps (around IST midnight) and the export needs thousands of tickets, faster than HTTP can make them.
// QR tokens here are placeholders; tickets that must scan come from the API or from fulfilment.

export function ticketCode(): string {
  return `UT-${randomBytes(5).toString('hex').toUpperCase()}`;
}

export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  const id = overrides.id ?? randomUUID();
  const stamp = overrides.created_at ?? new Date().toISOString();
  return {
    id,
    firebase_uid: null,
    email: `fixture.${id}@example.test`,
    name: 'Fixture Person',
    photo_url: null,
    phone: null,
    language: null,
    role: 'guest',
    created_at: stamp,
    updated_at: stamp,
    last_login_at: null,
    deleted_at: null,
    ...overrides,
  };
}

export function ticketRow(
  base: { eventId: string; userId: string },
  overrides: Partial<TicketRow> = {},
): TicketRow {
  const stamp = overrides.created_at ?? new Date().toISOString();
  return {
    id: randomUUID(),
    ticket_code: ticketCode(),
    order_id: null,
    seq: 1,
    event_id: base.eventId,
    user_id: base.userId,
    holder_name: 'Fixture Holder',
    price_paise: 29_900,
    status: 'active',
    qr_token: 'UT1.fixture',
    issued_by_admin: 0,
    issued_by_user_id: null,
    notes: null,
    payment_received: 1,
    used_at: null,
    scanned_by_user_id: null,
    cancelled_at: null,
    cancellation_reason: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

/** How many tickets the database holds, of every status. */
export async function ticketCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Inserts in chunks that stay under both engines' bound-parameter limits. */
export async function insertRows<T extends 'users' | 'tickets' | 'orders' | 'refunds'>(
  db: Db,
  table: T,
  rows: Array<
    T extends 'users' ? UserRow : T extends 'tickets' ? TicketRow : T extends 'orders' ? OrderRow : RefundRow
  >,
  chunk = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: one insert for four row types.
      .values(rows.slice(start, start + chunk) as any)
      .execute();
  }
}

/** A paid Razorpay order with its tickets, all stamped `paidAt`. */
export async function insertPaidOrder(
  db: Db,
  options: {
    eventId: string;
    userId: string;
    quantity: number;
    paidAt: string;
    pricePaise?: number;
    status?: OrderRow['status'];
    ticketStatus?: TicketRow['status'];
  },
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const price = options.pricePaise ?? 29_900;
  const status = options.status ?? 'paid';
  const order: OrderRow = {
    id: randomUUID(),
    razorpay_order_id: `order_${randomBytes(7).toString('hex')}`,
    user_id: options.userId,
    event_id: options.eventId,
    quantity: options.quantity,
    price_per_ticket_paise: price,
    amount_paise: price * options.quantity,
    pricing_tier: 'Individual',
    status,
    hold_expires_at: options.paidAt,
    razorpay_payment_id: status === 'created' ? null : `pay_${randomBytes(7).toString('hex')}`,
    razorpay_refund_id: null,
    created_at: options.paidAt,
    paid_at: status === 'paid' ? options.paidAt : null,
    refunded_at: null,
    refund_settled_at: null,
    updated_at: options.paidAt,
  };
  await db.insertInto('orders').values(order).execute();
  const tickets =
    status === 'paid'
      ? Array.from({ length: options.quantity }, (_, index) =>
          ticketRow(
            { eventId: options.eventId, userId: options.userId },
            {
              order_id: order.id,
              seq: index + 1,
              price_paise: price,
              status: options.ticketStatus ?? 'active',
              created_at: options.paidAt,
              cancelled_at: options.ticketStatus === 'cancelled' ? options.paidAt : null,
            },
          ),
        )
      : [];
  if (tickets.length > 0) await insertRows(db, 'tickets', tickets);
  return { order, tickets };
}

export async function insertRefund(
  db: Db,
  options: {
    ticket: TicketRow;
    order: OrderRow;
    status: RefundRow['status'];
    processedAt: string | null;
    feePaise?: number;
  },
): Promise<RefundRow> {
  const fee = options.feePaise ?? 2000;
  const refund: RefundRow = {
    id: randomUUID(),
    refund_code: `RF-${randomBytes(5).toString('hex').toUpperCase()}`,
    ticket_id: options.ticket.id,
    order_id: options.order.id,
    user_id: options.ticket.user_id,
    payment_id: options.order.razorpay_payment_id ?? 'pay_fixture',
    razorpay_refund_id: null,
    original_amount_paise: options.ticket.price_paise,
    processing_fee_paise: fee,
    refund_amount_paise: options.ticket.price_paise - fee,
    status: options.status,
    reason: 'Fixture',
    idempotency_key: `rf-${randomUUID()}-1`,
    attempts: 1,
    created_at: options.processedAt ?? new Date().toISOString(),
    updated_at: options.processedAt ?? new Date().toISOString(),
    processed_at: options.processedAt,
    last_error: null,
  };
  await db.insertInto('refunds').values(refund).execute();
  return refund;
}

/** Active paid tickets of the event for a new fixture person. */
export async function paidTicketsOf(
  server: TestServer,
  event: TestEvent,
  quantity: number,
  name = 'Paying Guest',
) {
  const user = userRow({ name });
  await insertRows(server.ctx.db, 'users', [user]);
  const { order, tickets } = await insertPaidOrder(server.ctx.db, {
    eventId: event.id,
    userId: user.id,
    quantity,
    paidAt: new Date().toISOString(),
  });
  return { user, order, tickets };
}

/** POST /tickets/admin/issue-manual, which must answer 200. */
export async function issueManual(server: TestServer, token: string, body: Record<string, unknown>) {
  const response = await server.request('POST', '/api/tickets/admin/issue-manual', { token, body });
  expect(response.status, response.text).toBe(200);
  return response.body;
}
