import { type Books, checkBooks, emulatorState } from './cluster-books';
import type { Cluster } from './cluster-harness';

// After a rush (and whatever went wrong during it): let the product's own background jobs, running on every
// instance, finish the books. Holds still live are moved into the past, as if HOLD_MINUTES had gone by; the
// instances' reconcileOrders sweeps (every HOLD_SWEEP_SECONDS) then ask Razorpay about each one. No vitest.

export interface Settled {
  books: Books;
  /** GET /api/event through nginx once settled. */
  published: { availableTickets: number; soldTickets: number; totalTickets: number };
  settleMs: number;
}

export async function settle(cluster: Cluster, eventId: string, timeoutMs = 120_000): Promise<Settled> {
  const started = Date.now();
  await cluster.waitForWebhooks();
  const past = new Date(Date.now() - 1000).toISOString();
  await cluster.db
    .updateTable('orders')
    .set({ hold_expires_at: past })
    .where('status', '=', 'created')
    .where('event_id', '=', eventId)
    .execute();

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await cluster.db
      .selectFrom('orders')
      .select('id')
      .where('event_id', '=', eventId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'created'),
          eb.and([eb('status', '=', 'refunded'), eb('razorpay_refund_id', 'is', null)]),
        ]),
      )
      .execute();
    if (open.length === 0) break;
    if (Date.now() > deadline) {
      throw new Error(`${open.length} orders still open after ${timeoutMs} ms\n${cluster.logs(15)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Refund webhooks (refund.created / processed) after the sweeps' refunds.
  await cluster.waitForWebhooks();
  const books = await checkBooks(cluster.db, eventId, await emulatorState(cluster.emulatorUrl));
  const response = await fetch(`${cluster.url}/api/event`, { signal: AbortSignal.timeout(10_000) });
  const published = ((await response.json()) as { data: Settled['published'] }).data;
  return { books, published, settleMs: Date.now() - started };
}
