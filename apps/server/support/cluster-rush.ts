import { quote } from '@utsav/domain/pricing';

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
  /** Called after each buyer finishes (e.g. to kill a server half-way through), with how that buyer ended. */
  onBuyerDone?: (done: number, outcome: BuyerOutcome) => void;
  /** Awaited before each buyer starts: a test holds the rush back while it breaks something. */
  beforeBuyer?: () => Promise<void> | undefined;
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
      await options.beforeBuyer?.();
      const outcome = await buyer(index);
      outcomes.push(outcome);
      options.onBuyerDone?.(++done, outcome);
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
