import { callOffOrderState, callOffPlan, type EventChangeProgress } from '@utsav/domain/event-change';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { inLanes } from '../../platform/jobs/lanes';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { findCurrentEvent } from '../../stores/events';
import { releaseHoldsOfEvent } from '../../stores/orders';
import { refundOrderInFull, sendCallOffRefunds } from '../refunds/call-off';
import {
  callOffRefundRows,
  callOffTicketsOf,
  claimCallOffOrder,
  insertCallOffOrders,
  latestChange,
  ordersWithUnsentRefunds,
  queuedCallOffOrders,
} from './repo';

// The call-off's refunds, as a job any instance may run at any time, as often as it likes:
// 1. each queued order is claimed (queued → refunding, a conditional update) in the transaction that cancels its
//    tickets and creates their refunds, so an order's refunds are created once whoever runs, or reruns, the job;
// 2. each created refund is then sent with its attempt's idempotency key (refunds/gateway.ts): a send repeated
//    after a crash, a timeout or by another instance gets Razorpay's same refund back, never a second one;
// 3. a refund Razorpay failed is retried under a new attempt (refunds/call-off.ts, bounded), a pending one resent.
// Nothing is kept in memory between runs: a restart resumes from the rows.
//
// Orders go through in CALL_OFF_LANES lanes at once (decision 0616, call-off-lanes.md): each lane claims an order and
// sends its refunds one after the other, so a run waits on Razorpay's answers CALL_OFF_LANES at a time instead of
// one at a time. Nothing above depends on the order of orders: each order's claim is its own conditional update and
// its own transaction. A fresh refund that Razorpay does not take (unreachable, 5xx, 429 "too many requests") stops
// the run from claiming more: the lanes finish the order they hold and the rest waits for the next run — the
// backoff Razorpay asks of a client it rate-limits.

export const CALL_OFF_JOB_INTERVAL_MS = 30_000;
/** Orders in flight at once on one instance (each with its refunds sent one at a time). */
export const CALL_OFF_LANES = 4;
const BATCH = 200;

export interface CallOffRunReport {
  claimed: number;
  sent: number;
  retried: number;
  waiting: number;
  stragglers: number;
}

export interface CallOffRunOptions {
  /** At most this many queued orders are claimed in this run (the rest wait for the next). */
  maxOrders?: number;
  /** Orders in flight at once (CALL_OFF_LANES). */
  lanes?: number;
}

export async function runCallOffRefunds(
  ctx: AppContext,
  options: CallOffRunOptions = {},
): Promise<CallOffRunReport> {
  const report: CallOffRunReport = { claimed: 0, sent: 0, retried: 0, waiting: 0, stragglers: 0 };
  const event = await findCurrentEvent(ctx.db);
  if (event?.status !== 'called-off') return report;
  report.stragglers = await sweepStragglers(ctx, event.id, event.status_changed_at ?? '');

  let budget = options.maxOrders ?? Number.POSITIVE_INFINITY;
  let backOff = false;
  while (budget > 0 && !backOff) {
    const queued = await queuedCallOffOrders(ctx.db, event.id, Math.min(BATCH, budget));
    if (queued.length === 0) break;
    budget -= queued.length;
    backOff = await inLanes(queued, lanesOf(options), async (orderId) => {
      const now = ctx.now();
      const created = await transaction(ctx.db, async (trx) => {
        if (!(await claimCallOffOrder(trx, orderId, now))) return null;
        return refundOrderInFull(trx, orderId, now);
      });
      if (created === null) return true;
      report.claimed++;
      const sent = await sendCallOffRefunds(ctx, orderId);
      add(report, sent);
      return sent.waiting === 0;
    });
  }
  if (options.maxOrders !== undefined || backOff) return report;

  // Refunds left pending (a send that failed, a crash before it) or failed at Razorpay, each order once a run:
  // walked in id order, so orders that stay pending (one refund Razorpay answers 409 for) never hide the ones after.
  let after = '';
  for (;;) {
    const orders = await ordersWithUnsentRefunds(ctx.db, event.id, after, BATCH);
    await inLanes(orders, lanesOf(options), async (orderId) => {
      add(report, await sendCallOffRefunds(ctx, orderId));
      return true;
    });
    if (orders.length < BATCH) break;
    after = orders.at(-1)!;
  }
  return report;
}

function lanesOf(options: CallOffRunOptions): number {
  return Math.max(1, Math.floor(options.lanes ?? CALL_OFF_LANES));
}

function add(report: CallOffRunReport, sent: { sent: number; retried: number; waiting: number }): void {
  report.sent += sent.sent;
  report.retried += sent.retried;
  report.waiting += sent.waiting;
}

/**
 * A checkout that raced the call-off (admitted on a copy of the event read just before it) may still leave a
 * hold, or a payment that completes later: holds are ended again, and any paid order with active tickets gets
 * its job row (the primary key makes a second insert of an order a no-op).
 */
async function sweepStragglers(ctx: AppContext, eventId: string, changeAt: string): Promise<number> {
  const now = ctx.now();
  await transaction(ctx.db, (trx) => releaseHoldsOfEvent(trx, eventId, now));
  const plan = callOffPlan(await callOffTicketsOf(ctx.db, eventId));
  if (plan.orders.length === 0) return 0;
  const known = new Set(
    (
      await ctx.db
        .selectFrom('call_off_orders')
        .select('order_id')
        .where(
          'order_id',
          'in',
          plan.orders.map((order) => order.orderId),
        )
        .execute()
    ).map((row) => row.order_id),
  );
  const missing = plan.orders.filter((order) => !known.has(order.orderId));
  if (missing.length === 0) return 0;
  const change = await latestChange(ctx.db, eventId);
  if (!change) return 0;
  const stamp = now.toISOString();
  await transaction(ctx.db, (trx) =>
    insertCallOffOrders(
      trx,
      missing.map((order) => ({
        order_id: order.orderId,
        event_id: eventId,
        change_id: change.id,
        tickets: order.tickets,
        amount_paise: order.amountPaise,
        state: 'queued' as const,
        created_at: changeAt || stamp,
        updated_at: stamp,
      })),
    ),
  );
  return missing.length;
}

/** GET /admin/event/change: the last change, and for a call-off its refunds per order with amounts. */
export async function changeProgress(ctx: AppContext): Promise<EventChangeProgress> {
  const event = await findCurrentEvent(ctx.db);
  const empty: EventChangeProgress = {
    kind: null,
    status: event?.status ?? 'on-sale',
    done: 0,
    pending: 0,
    failed: 0,
    refundedTotal: 0,
    pendingTotal: 0,
    failedTotal: 0,
    failedOrders: [],
  };
  if (!event) return empty;
  const change = await latestChange(ctx.db, event.id);
  if (!change) return empty;
  if (change.kind === 'postpone') return { ...empty, kind: 'postpone' };

  const byOrder = new Map<
    string,
    { statuses: string[]; claimed: boolean; amount: number; refunded: number; error: string | null }
  >();
  for (const row of await callOffRefundRows(ctx.db, event.id)) {
    const entry = byOrder.get(row.orderId) ?? {
      statuses: [],
      claimed: row.orderState === 'refunding',
      amount: row.orderAmountPaise,
      refunded: 0,
      error: null,
    };
    if (row.status !== null) {
      entry.statuses.push(row.status);
      if (row.status === 'processed') entry.refunded += row.amountPaise ?? 0;
      if (row.status === 'failed') entry.error = row.lastError;
    }
    byOrder.set(row.orderId, entry);
  }
  const progress: EventChangeProgress = { ...empty, kind: 'call-off' };
  let refunded = 0;
  let pending = 0;
  let failed = 0;
  for (const [orderId, entry] of byOrder) {
    refunded += entry.refunded;
    // Claimed with nothing left to refund (its tickets were given back just before): nothing is owed.
    const state = entry.claimed && entry.statuses.length === 0 ? 'done' : callOffOrderState(entry.statuses);
    progress[state] += 1;
    if (state === 'pending') pending += entry.amount - entry.refunded;
    if (state === 'failed') {
      failed += entry.amount - entry.refunded;
      progress.failedOrders.push({ orderId, amount: paiseToRupees(entry.amount), error: entry.error });
    }
  }
  progress.refundedTotal = paiseToRupees(refunded);
  progress.pendingTotal = paiseToRupees(pending);
  progress.failedTotal = paiseToRupees(failed);
  progress.failedOrders = progress.failedOrders.slice(0, 100);
  return progress;
}

/** Runs the call-off's refunds every intervalMs on every instance (safe: see the top of this file). */
export function startCallOffJob(ctx: AppContext, intervalMs = CALL_OFF_JOB_INTERVAL_MS): RepeatingJob {
  return startRepeatingJob({
    name: 'call-off refunds',
    intervalMs,
    log: ctx.log,
    run: () => runCallOffRefunds(ctx),
    onResult: (report) => {
      if (report.claimed + report.sent + report.retried + report.stragglers > 0) {
        ctx.log.info({ report }, 'call-off refunds ran');
      }
    },
  });
}
