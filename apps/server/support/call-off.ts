import { randomUUID } from 'node:crypto';
import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import type { OrderRow, TicketRow, UserRow } from '../src/platform/db/schema';
import { insertRows, ticketRow, userRow } from './admin-fixtures';
import type { EmulatorState } from './cluster-books';

// What the call-off suites share: a night of many paid orders, seeded as rows, and its books once it is called off.

/** Razorpay (the emulator) as the seeding reaches it: an order made at it, then paid (captured). */
export interface SeedingRazorpay {
  createOrder(amountPaise: number, receipt: string): Promise<string>;
  /** Answers the captured payment's id. */
  pay(razorpayOrderId: string): Promise<string>;
}

/**
 * Paid orders written straight to the database, alternating one and two tickets, four orders a buyer, each
 * payment captured at Razorpay first. Written straight: HTTP would take minutes for 2,000 orders. The caller keeps
 * Razorpay's webhooks off meanwhile (the server must not hear of payments for orders it does not know yet).
 */
export async function seedPaidOrders(
  db: Db,
  razorpay: SeedingRazorpay,
  options: { eventId: string; orders: number; pricePaise: number; receipt: string; concurrency: number },
): Promise<{ orders: OrderRow[]; tickets: TicketRow[] }> {
  const users: UserRow[] = Array.from({ length: Math.ceil(options.orders / 4) }, () => userRow());
  await insertRows(db, 'users', users);
  const stamp = new Date().toISOString();
  const orders: OrderRow[] = [];
  const tickets: TicketRow[] = [];
  for (let start = 0; start < options.orders; start += options.concurrency) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(options.concurrency, options.orders - start) }, async (_, offset) => {
        const index = start + offset;
        const quantity = 1 + (index % 2);
        const amount = options.pricePaise * quantity;
        const razorpayOrderId = await razorpay.createOrder(amount, `${options.receipt}-${index}`);
        const paymentId = await razorpay.pay(razorpayOrderId);
        const user = users[index % users.length]!;
        const order: OrderRow = {
          id: randomUUID(),
          razorpay_order_id: razorpayOrderId,
          user_id: user.id,
          event_id: options.eventId,
          quantity,
          price_per_ticket_paise: options.pricePaise,
          amount_paise: amount,
          pricing_tier: 'Individual',
          status: 'paid',
          hold_expires_at: stamp,
          razorpay_payment_id: paymentId,
          razorpay_refund_id: null,
          created_at: stamp,
          paid_at: stamp,
          refunded_at: null,
          refund_settled_at: null,
          updated_at: stamp,
        };
        const own = Array.from({ length: quantity }, (_, seq) =>
          ticketRow({ eventId: options.eventId, userId: user.id }, { order_id: order.id, seq: seq + 1 }),
        );
        return { order, own };
      }),
    );
    orders.push(...batch.map((paid) => paid.order));
    tickets.push(...batch.flatMap((paid) => paid.own));
  }
  await insertRows(db, 'orders', orders);
  await insertRows(db, 'tickets', tickets);
  return { orders, tickets };
}

// The books of a called-off night, in our database and at Razorpay (the emulator's state), as the call-off suites
// check them once every order is done: the one in-process run stopped half-way (event-call-off-refunds), the server
// process killed half-way on both engines (call-off-killed-server) and the instance killed behind nginx (faults).
// Every ticket cancelled; one processed refund per ticket, in full (no ₹20 deduction), none twice, per order and in
// total; at Razorpay each payment's processed refunds add up to exactly what it paid, one per ticket.

/** A paid order the call-off refunds, as the suite seeded or read it. */
export interface CalledOffOrder {
  id: string;
  razorpay_payment_id: string | null;
  amount_paise: number;
}

export interface CalledOffBooksOptions {
  /** The night called off: none of its tickets may be left uncancelled. */
  eventId: string;
  /**
   * Which refunds are read. `whole`: the database and Razorpay hold only this call-off's refunds, so every row of
   * ours and every refund at Razorpay is checked (a stray one fails). `called-off`: they hold others too (a rush's
   * late payments refunded), so only our refunds of the called-off tickets and Razorpay's of their payments.
   */
  scope: 'whole' | 'called-off';
  /** Razorpay failed at least this many refunds (the job made them again), or the test proved less than it says. */
  failedAtRazorpay?: number;
}

/** Asserts the books; answers Razorpay's processed and failed refunds (of the scope) for the suite's log line. */
export async function expectCalledOffBooks(
  db: Db,
  razorpay: EmulatorState,
  orders: readonly CalledOffOrder[],
  ticketIds: readonly string[],
  options: CalledOffBooksOptions,
): Promise<{ processed: number; failed: number }> {
  const tickets = [...ticketIds].sort();
  const paidPaise = orders.reduce((sum, order) => sum + order.amount_paise, 0);

  // Ours: one refund per ticket, each processed as the call-off's, in full.
  let query = db
    .selectFrom('refunds')
    .select(['ticket_id', 'order_id', 'status', 'refund_amount_paise', 'processing_fee_paise', 'reason']);
  if (options.scope === 'called-off') query = query.where('ticket_id', 'in', tickets);
  const ours = await query.execute();
  expect(ours).toHaveLength(tickets.length);
  expect(ours.map((refund) => refund.ticket_id).sort()).toEqual(tickets);
  expect(ours.filter((refund) => refund.status !== 'processed' || refund.reason !== CALL_OFF_REASON)).toEqual(
    [],
  );
  expect(ours.filter((refund) => refund.processing_fee_paise !== 0)).toEqual([]);
  const oursByOrder = sumBy(
    ours,
    (refund) => refund.order_id ?? '',
    (refund) => refund.refund_amount_paise,
  );
  expect(
    orders
      .filter((order) => oursByOrder.get(order.id) !== order.amount_paise)
      .map((order) => ({ order: order.id, paid: order.amount_paise, refunded: oursByOrder.get(order.id) })),
  ).toEqual([]);
  expect(ours.reduce((sum, refund) => sum + refund.refund_amount_paise, 0)).toBe(paidPaise);
  const uncancelled = await db
    .selectFrom('tickets')
    .select(['id', 'status'])
    .where('event_id', '=', options.eventId)
    .where('status', '!=', 'cancelled')
    .execute();
  expect(uncancelled).toEqual([]);

  // Razorpay's: none left pending, one processed refund per ticket, each payment refunded exactly what it paid.
  const ourPayments = new Set(orders.map((order) => order.razorpay_payment_id));
  const theirs = razorpay.refunds.filter(
    (refund) => options.scope === 'whole' || ourPayments.has(refund.payment_id),
  );
  const processed = theirs.filter((refund) => refund.status === 'processed');
  const failed = theirs.filter((refund) => refund.status === 'failed');
  expect(theirs.filter((refund) => refund.status === 'pending')).toEqual([]);
  expect(processed).toHaveLength(tickets.length);
  expect(
    processed.map((refund) => ('ticketId' in refund.notes ? refund.notes.ticketId : undefined)).sort(),
  ).toEqual(tickets);
  if (options.failedAtRazorpay !== undefined)
    expect(failed.length).toBeGreaterThanOrEqual(options.failedAtRazorpay);
  const processedByPayment = sumBy(
    processed,
    (refund) => refund.payment_id,
    (refund) => refund.amount,
  );
  const payments = new Map(razorpay.payments.map((payment) => [payment.id, payment]));
  expect(
    orders
      .map((order) => {
        const payment = payments.get(order.razorpay_payment_id ?? '');
        return {
          order: order.id,
          paid: order.amount_paise,
          captured: payment?.amount,
          processed: processedByPayment.get(order.razorpay_payment_id ?? ''),
          refunded: payment?.amount_refunded,
        };
      })
      .filter(
        (books) =>
          books.captured !== books.paid || books.processed !== books.paid || books.refunded !== books.paid,
      ),
  ).toEqual([]);
  return { processed: processed.length, failed: failed.length };
}

function sumBy<T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + amount(row));
  return sums;
}
