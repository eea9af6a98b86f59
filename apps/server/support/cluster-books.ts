import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';

// The books after a sales rush, checked against Razorpay's (the emulator's) own state: nothing oversold, no captured
// payment without its tickets or a full refund, nothing paid or refunded twice. Shared, like cluster-rush.ts, by the
// bench, scripts/cluster.ts and the cluster, faults and deleted-buyer tests. No vitest imports.

export interface EmulatorPayment {
  id: string;
  order_id: string;
  amount: number;
  amount_refunded: number;
  status: string;
}

export interface EmulatorRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  /** The notes the refund was asked with (`[]` when none): the product's say which ticket it is for. */
  notes: { ticketId?: string } | [];
}

export interface EmulatorState {
  orders: Array<{ id: string; amount: number; status: string }>;
  payments: EmulatorPayment[];
  refunds: EmulatorRefund[];
  /** Refund requests the emulator holds (POST /_test/refunds/hold-after) until released. */
  refundsHeld: number;
}

export async function emulatorState(emulatorUrl: string): Promise<EmulatorState> {
  const response = await fetch(`${emulatorUrl}/_test/state`, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`emulator state: HTTP ${response.status}`);
  return (await response.json()) as EmulatorState;
}

export interface Books {
  total: number;
  sold: number;
  /** sold − total when positive: must be 0. */
  oversold: number;
  /** event_inventory.tickets_sold (kept by triggers) minus the recount of active + used tickets: must be 0. */
  soldCounterDrift: number;
  /** event_inventory.seats_in_holds (kept by triggers) minus the recount of seats in orders still created: 0. */
  heldCounterDrift: number;
  paidOrders: number;
  /** Captured payments (at Razorpay) that have neither their order's tickets nor a full refund. */
  unsettledPayments: string[];
  /** Payments refunded more than once, or refunded while their order has tickets. */
  doubleRefunds: string[];
  /** Orders with a ticket count other than 0 or their quantity, or tickets on an order that is not paid. */
  badTicketCounts: string[];
  /** Tickets that neither an admin issued nor a payment captured at Razorpay paid for. */
  unpaidTickets: string[];
  /** Paid orders without exactly one confirmation mail queued. */
  confirmationMailsNotOne: string[];
  /** Orders paid, expired or refunded more than once by the audit log (a forced refund failure retries: 2). */
  doneTwice: string[];
  liveHolds: number;
  createdPastExpiry: number;
  orderStatuses: Record<string, number>;
  capturedPayments: number;
  refunds: number;
}

/** Reads our database and Razorpay's state and reports every way they disagree. Empty lists are the goal. */
export async function checkBooks(
  db: Db,
  eventId: string,
  state: EmulatorState,
  now = new Date(),
): Promise<Books> {
  const event = await db
    .selectFrom('events')
    .select('total_tickets')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const orders = await db.selectFrom('orders').selectAll().where('event_id', '=', eventId).execute();
  const tickets = await db
    .selectFrom('tickets')
    .select(['id', 'order_id', 'status', 'issued_by_admin'])
    .where('event_id', '=', eventId)
    .execute();
  const sold = tickets.filter((ticket) => ticket.status === 'active' || ticket.status === 'used').length;
  const counter = await db
    .selectFrom('event_inventory')
    .select(['tickets_sold', 'seats_in_holds'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();

  const ticketsByOrder = new Map<string, number>();
  for (const ticket of tickets) {
    if (ticket.order_id) ticketsByOrder.set(ticket.order_id, (ticketsByOrder.get(ticket.order_id) ?? 0) + 1);
  }
  const byRazorpayId = new Map(orders.map((order) => [order.razorpay_order_id, order]));
  const paymentsById = new Map(state.payments.map((payment) => [payment.id, payment]));
  const liveRefunds = new Map<string, EmulatorRefund[]>();
  for (const refund of state.refunds) {
    if (refund.status === 'failed') continue;
    liveRefunds.set(refund.payment_id, [...(liveRefunds.get(refund.payment_id) ?? []), refund]);
  }
  const refundedInFull = (payment: EmulatorPayment) =>
    (liveRefunds.get(payment.id) ?? []).reduce((sum, refund) => sum + refund.amount, 0) >= payment.amount;

  const unsettledPayments: string[] = [];
  const doubleRefunds: string[] = [];
  let capturedPayments = 0;
  for (const payment of state.payments) {
    if (payment.status !== 'captured' && payment.status !== 'refunded') continue;
    const order = byRazorpayId.get(payment.order_id);
    if (!order) continue; // another event's order (a test run before this one)
    capturedPayments++;
    const issued =
      order.status === 'paid' &&
      order.razorpay_payment_id === payment.id &&
      ticketsByOrder.get(order.id) === order.quantity;
    if (!issued && !refundedInFull(payment))
      unsettledPayments.push(`${payment.id} (order ${order.id} ${order.status})`);
    const refundCount = liveRefunds.get(payment.id)?.length ?? 0;
    if (refundCount > 1 || (issued && refundCount > 0)) doubleRefunds.push(payment.id);
  }

  const badTicketCounts: string[] = [];
  for (const order of orders) {
    const count = ticketsByOrder.get(order.id) ?? 0;
    if (count !== 0 && (count !== order.quantity || order.status !== 'paid')) {
      badTicketCounts.push(`${order.id} ${order.status} ${count}/${order.quantity}`);
    }
  }
  const unpaidTickets: string[] = [];
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  for (const ticket of tickets) {
    if (ticket.issued_by_admin === 1) continue;
    const order = ticket.order_id ? ordersById.get(ticket.order_id) : undefined;
    const payment = order?.razorpay_payment_id ? paymentsById.get(order.razorpay_payment_id) : undefined;
    if (!payment || payment.order_id !== order?.razorpay_order_id || payment.status !== 'captured') {
      unpaidTickets.push(ticket.id);
    }
  }

  const mails = await db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'tickets-confirmation')
    .execute();
  const mailsByOrder = new Map<string, number>();
  for (const mail of mails) {
    const orderId = (JSON.parse(mail.payload) as { orderId: string }).orderId;
    mailsByOrder.set(orderId, (mailsByOrder.get(orderId) ?? 0) + 1);
  }
  const paid = orders.filter((order) => order.status === 'paid');
  const confirmationMailsNotOne = paid
    .filter((order) => mailsByOrder.get(order.id) !== 1)
    .map((order) => `${order.id}: ${mailsByOrder.get(order.id) ?? 0}`);

  const twice = await db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', sql<number>`count(*)`.as('n')])
    .where('entity', '=', 'order')
    .where('action', 'in', [
      'order.paid',
      'order.expired',
      'order.refunded',
      'order.late_payment_refund_owed',
    ])
    .groupBy(['entity_id', 'action'])
    .having(sql`count(*)`, '>', 1)
    .execute();

  const orderStatuses: Record<string, number> = {};
  for (const order of orders) orderStatuses[order.status] = (orderStatuses[order.status] ?? 0) + 1;
  const stamp = now.toISOString();
  return {
    total: event.total_tickets,
    sold,
    oversold: Math.max(0, sold - event.total_tickets),
    soldCounterDrift: counter ? Number(counter.tickets_sold) - sold : Number.NaN,
    heldCounterDrift: counter
      ? Number(counter.seats_in_holds) -
        orders.filter((order) => order.status === 'created').reduce((sum, order) => sum + order.quantity, 0)
      : Number.NaN,
    paidOrders: paid.length,
    unsettledPayments,
    doubleRefunds,
    badTicketCounts,
    unpaidTickets,
    confirmationMailsNotOne,
    doneTwice: twice.map((row) => `${row.entity_id} ${row.action} x${row.n}`),
    liveHolds: orders
      .filter((order) => order.status === 'created' && order.hold_expires_at > stamp)
      .reduce((sum, order) => sum + order.quantity, 0),
    createdPastExpiry: orders.filter((order) => order.status === 'created' && order.hold_expires_at <= stamp)
      .length,
    orderStatuses,
    capturedPayments,
    refunds: state.refunds.length,
  };
}

/** The lists that must be empty and the counts that must be zero, as one object for a single assertion. */
export function booksProblems(books: Books) {
  return {
    oversold: books.oversold,
    soldCounterDrift: books.soldCounterDrift,
    heldCounterDrift: books.heldCounterDrift,
    unsettledPayments: books.unsettledPayments,
    doubleRefunds: books.doubleRefunds,
    badTicketCounts: books.badTicketCounts,
    unpaidTickets: books.unpaidTickets,
    confirmationMailsNotOne: books.confirmationMailsNotOne,
    doneTwice: books.doneTwice,
  };
}

export const NO_PROBLEMS = {
  oversold: 0,
  soldCounterDrift: 0,
  heldCounterDrift: 0,
  unsettledPayments: [],
  doubleRefunds: [],
  badTicketCounts: [],
  unpaidTickets: [],
  confirmationMailsNotOne: [],
  doneTwice: [],
};
