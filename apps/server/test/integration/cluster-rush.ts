import { quote } from '@utsav/domain/pricing';
import { sql } from 'kysely';
import type { Db } from '../../src/platform/db/database';

// The buyers of a sales rush, and the books checked afterwards. Shared by bench/purchase-rush (one server in
// the bench's process), scripts/cluster.ts and the cluster and faults tests (several server processes
// behind nginx). No vitest imports. Every loop is bounded in count and in time.

export interface RushEvent {
  id: string;
  name: string;
  ticketPrice: number;
  groupPrice4: number | null;
}

export interface RushOptions {
  /** Where buyers send create-order and verify-payment (a server, or nginx in front of several). */
  appUrl: string;
  /** The Razorpay emulator's mount, e.g. http://127.0.0.1:1234/razorpay-emulator: where buyers "pay". */
  emulatorUrl: string;
  event: RushEvent;
  /** One signed-in buyer per token. */
  tokens: string[];
  concurrency: number;
  quantityOf?: (index: number) => number;
  /** A buyer whose verify-payment failed on the network or with a 5xx tries again this many times. */
  verifyRetries?: number;
  /** Buyers not started by then are skipped (reported as `notStarted`). */
  deadlineMs?: number;
  requestTimeoutMs?: number;
  /** Buyers who walk away: before paying (a hold nobody pays) or after paying (nobody calls verify-payment). */
  abandon?: (index: number) => 'before-pay' | 'before-verify' | undefined;
  /** Called after each buyer finishes (e.g. to kill a server half-way through). */
  onBuyerDone?: (done: number) => void;
}

export type Stage = 'create-order' | 'pay' | 'verify-payment';

export interface BuyerOutcome {
  index: number;
  quantity: number;
  /** The last step this buyer reached, and how it ended. */
  stage: Stage;
  status: number;
  code: string | undefined;
  tickets: number;
  razorpayOrderId?: string;
  razorpayPaymentId?: string;
}

export interface RushResult {
  outcomes: BuyerOutcome[];
  notStarted: number;
  latencies: Record<Stage, number[]>;
  elapsedMs: number;
  /** Time from the start until the last successful verify-payment answered. */
  sellingMs: number;
  requests: number;
}

export interface JsonResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: callers read whatever the route answers.
  body: any;
}

/** status 0: no HTTP answer at all (connection refused or reset, timeout). */
export async function postJson(
  url: string,
  body: unknown,
  token?: string,
  timeoutMs = 15_000,
): Promise<JsonResponse> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { raw: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    return { status: 0, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

/** Runs task(0..count-1) with at most `concurrency` in flight; stops starting new ones after the deadline. */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count && Date.now() < deadline) {
      const index = next++;
      await task(index);
    }
  });
  await Promise.all(lanes);
  return count - next;
}

export function orderPayload(event: RushEvent, quantity: number) {
  const q = quote(event, quantity);
  return {
    quantity,
    amount: q.total,
    eventId: event.id,
    eventName: event.name,
    pricePerTicket: q.pricePerTicket,
    pricingTier: q.pricingTier,
  };
}

/** Every buyer: create-order, pay at the emulator, verify-payment, as the purchase dialog does it. */
export async function rush(options: RushOptions): Promise<RushResult> {
  const quantityOf = options.quantityOf ?? (() => 1);
  const timeout = options.requestTimeoutMs ?? 15_000;
  const latencies: Record<Stage, number[]> = { 'create-order': [], pay: [], 'verify-payment': [] };
  const outcomes: BuyerOutcome[] = [];
  let requests = 0;
  let lastSale = 0;
  const started = performance.now();

  const timed = async (stage: Stage, url: string, body: unknown, token?: string) => {
    const t = performance.now();
    const response = await postJson(url, body, token, timeout);
    latencies[stage].push(performance.now() - t);
    requests++;
    return response;
  };

  const buyer = async (index: number): Promise<BuyerOutcome> => {
    const token = options.tokens[index]!;
    const quantity = quantityOf(index);
    const end = (stage: Stage, response: JsonResponse, extra: Partial<BuyerOutcome> = {}): BuyerOutcome => ({
      index,
      quantity,
      stage,
      status: response.status,
      code: response.body?.code,
      tickets: 0,
      ...extra,
    });
    const order = await timed(
      'create-order',
      `${options.appUrl}/api/tickets/create-order`,
      orderPayload(options.event, quantity),
      token,
    );
    if (order.status !== 200) return end('create-order', order);
    const razorpayOrderId = order.body.orderId as string;
    const walksAway = options.abandon?.(index);
    if (walksAway === 'before-pay') return end('create-order', order, { razorpayOrderId });
    const paid = await timed('pay', `${options.emulatorUrl}/_test/pay`, { order_id: razorpayOrderId });
    if (paid.status !== 200) return end('pay', paid, { razorpayOrderId });
    const checkout = paid.body as { razorpay_payment_id: string };
    if (walksAway === 'before-verify') {
      return end('pay', paid, { razorpayOrderId, razorpayPaymentId: checkout.razorpay_payment_id });
    }
    let verified: JsonResponse;
    let attempt = 0;
    for (;;) {
      verified = await timed(
        'verify-payment',
        `${options.appUrl}/api/tickets/verify-payment`,
        checkout,
        token,
      );
      const transient = verified.status === 0 || verified.status >= 500;
      if (!transient || attempt >= (options.verifyRetries ?? 0)) break;
      attempt++;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
    if (verified.status === 200) lastSale = performance.now();
    return end('verify-payment', verified, {
      razorpayOrderId,
      razorpayPaymentId: checkout.razorpay_payment_id,
      tickets: Array.isArray(verified.body?.tickets) ? verified.body.tickets.length : 0,
    });
  };

  let done = 0;
  const notStarted = await runPool(
    options.tokens.length,
    options.concurrency,
    async (index) => {
      outcomes.push(await buyer(index));
      options.onBuyerDone?.(++done);
    },
    options.deadlineMs === undefined ? undefined : Date.now() + options.deadlineMs,
  );
  const elapsedMs = performance.now() - started;
  return {
    outcomes,
    notStarted,
    latencies,
    elapsedMs,
    sellingMs: lastSale ? lastSale - started : elapsedMs,
    requests,
  };
}

/** "409 SOLD_OUT" → count, for reports. */
export function tally(outcomes: BuyerOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = `${outcome.stage} ${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(sorted.at(-1) ?? 0) };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

// ---- the books, checked against Razorpay's (the emulator's) own state

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
}

export interface EmulatorState {
  orders: Array<{ id: string; amount: number; status: string }>;
  payments: EmulatorPayment[];
  refunds: EmulatorRefund[];
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
