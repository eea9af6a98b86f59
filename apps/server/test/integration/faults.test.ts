import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectCalledOffBooks } from '../../support/call-off';
import { booksProblems, emulatorState, NO_PROBLEMS } from '../../support/cluster-books';
import { type Cluster, startCluster } from '../../support/cluster-harness';
import { findNginx } from '../../support/cluster-nginx';
import {
  canRunOwnPostgres,
  resumeOwnPostgres,
  startOwnPostgres,
  stopOwnPostgres,
  stopOwnPostgresNow,
} from '../../support/cluster-postgres';
import { type BuyerOutcome, postJson, type RushEvent, rush, tally } from '../../support/cluster-rush';
import { settle } from '../../support/cluster-settle';
import { serverBundle } from '../../support/server-bundle';

// Crash safety: a server killed with SIGKILL in the middle of a rush, and PostgreSQL stopped and started again in
// the middle of another; then the night called off and the server running its refunds killed half-way. Afterwards only the product's own reconciliation job (reconcileOrders, run by every
// instance every HOLD_SWEEP_SECONDS) may put things right: every payment Razorpay captured ends as tickets
// or a full refund, no hold keeps its seats once expired, no ticket exists without a captured payment.
//
// PostgreSQL here is a server of this file's own (scripts/test-postgres.sh with its own folder and port),
// never the suite's shared one: restarting that would break every other test file running against it.
//
// Nothing here depends on how fast the machine is: the kill comes after a number of buyers, the outage holds
// the rush back until PostgreSQL is down and lasts until a buyer has met it, and no buyer is cut off by a
// deadline (the test's own timeout is the only ceiling).

// Its own folder and port (FAULTS_PG_DIR, FAULTS_PG_PORT), so two runs of the suite on one machine can each have one.
const PG = {
  dir: process.env.FAULTS_PG_DIR ?? '/tmp/utsav-faults-pg',
  port: Number(process.env.FAULTS_PG_PORT ?? 5441),
};
const NGINX = findNginx();
const skipReason = !NGINX
  ? 'nginx is not installed (scripts/ensure-nginx.sh installs it from apt)'
  : !canRunOwnPostgres()
    ? 'needs root and Debian PostgreSQL binaries to run a PostgreSQL server of its own'
    : undefined;

const SEATS_PER_PHASE = 100;
const BUYERS_PER_PHASE = 160;

if (skipReason) {
  describe.skip(`crash safety (skipped: ${skipReason})`, () => {
    it('runs when nginx and PostgreSQL can be started', () => {});
  });
} else {
  describe('crash safety: kill -9 and a PostgreSQL restart during a rush', () => {
    let cluster: Cluster;
    let event: RushEvent & { adminToken: string };

    beforeAll(async () => {
      const adminUrl = startOwnPostgres(PG.dir, PG.port);
      cluster = await startCluster({
        adminDatabaseUrl: adminUrl,
        instances: 2,
        holdSweepSeconds: 1,
        serverEntry: [await serverBundle(inject('serverBundleDir'))],
      });
      event = await cluster.createEvent(SEATS_PER_PHASE);
    }, 120_000);

    afterAll(async () => {
      await cluster?.stop();
      stopOwnPostgres(PG.dir, PG.port);
    }, 60_000);

    async function buyers(count: number, label: string): Promise<string[]> {
      const tokens: string[] = [];
      for (let start = 0; start < count; start += 30) {
        const batch = Math.min(30, count - start);
        tokens.push(
          ...(await Promise.all(
            Array.from({ length: batch }, (_, i) =>
              cluster.signIn(`${label}${start + i}`).then((b) => b.token),
            ),
          )),
        );
      }
      return tokens;
    }

    it('an instance killed with SIGKILL mid-rush: after restart and reconciliation every payment is settled', async () => {
      const tokens = await buyers(BUYERS_PER_PHASE, 'kill');
      // No webhooks: what the dead instance was doing can only be finished by the reconciliation job.
      await cluster.setWebhookMode('drop');
      let killed: Promise<void> | undefined;
      const result = await rush({
        appUrl: cluster.url,
        emulatorUrl: cluster.emulatorUrl,
        event,
        tokens,
        concurrency: 24,
        quantityOf: (index) => 1 + (index % 2),
        onBuyerDone: (done) => {
          if (done === Math.floor(BUYERS_PER_PHASE / 4)) killed = cluster.instances[0]!.kill9();
        },
      });
      await killed;
      expect(cluster.instances[0]!.running).toBe(false);
      await cluster.instances[0]!.start();
      await cluster.setWebhookMode('normal');

      const settled = await settle(cluster, event.id);
      console.info(
        `[faults] kill -9: ${JSON.stringify(tally(result.outcomes))}; settled in ${settled.settleMs} ms: ` +
          `${JSON.stringify(settled.books.orderStatuses)}, sold ${settled.books.sold}/${settled.books.total}, ` +
          `${settled.books.capturedPayments} captured, ${settled.books.refunds} refunds`,
      );
      expect(booksProblems(settled.books)).toEqual(NO_PROBLEMS);
      expect(settled.books.liveHolds).toBe(0);
      expect(settled.published.availableTickets).toBe(settled.books.total - settled.books.sold);
      for (const instance of cluster.instances) expect(instance.running).toBe(true);
    }, 300_000);

    it('PostgreSQL stopped and started mid-rush: no instance dies, and after reconciliation every payment is settled', async () => {
      const before = await cluster.db
        .selectFrom('events')
        .select('total_tickets')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      await cluster.db
        .updateTable('events')
        .set({ total_tickets: before.total_tickets + SEATS_PER_PHASE })
        .where('id', '=', event.id)
        .execute();
      const tokens = await buyers(BUYERS_PER_PHASE, 'restart');
      // A quarter of the way in, PostgreSQL stops (cutting the buyers in flight); no buyer starts until it is down,
      // and it starts again once a buyer has met the outage, while the rush goes on.
      let down: Promise<void> | undefined;
      let isDown = false;
      let back: Promise<void> | undefined;
      const metTheOutage = (outcome: BuyerOutcome) => outcome.status === 0 || outcome.status >= 500;
      const result = await rush({
        appUrl: cluster.url,
        emulatorUrl: cluster.emulatorUrl,
        event,
        tokens,
        concurrency: 24,
        quantityOf: (index) => 1 + (index % 2),
        beforeBuyer: () => down,
        onBuyerDone: (done, outcome) => {
          if (done === Math.floor(BUYERS_PER_PHASE / 4)) {
            down = stopOwnPostgresNow(PG.dir).then(() => {
              isDown = true;
            });
          } else if (isDown && !back && metTheOutage(outcome)) {
            back = resumeOwnPostgres(PG.dir, PG.port);
          }
        },
      });
      await down;
      // Never left down, whatever happened above (the assertion below then says why).
      await (back ?? resumeOwnPostgres(PG.dir, PG.port));
      const counts = tally(result.outcomes);
      // Some buyers must have met the outage, or this test proved nothing.
      expect(
        Object.keys(counts).some((key) => / (0|5\d\d)( |$)/.test(key)),
        JSON.stringify(counts),
      ).toBe(true);

      const settled = await settle(cluster, event.id);
      console.info(
        `[faults] pg restart: ${JSON.stringify(counts)}; settled in ${settled.settleMs} ms: ` +
          `${JSON.stringify(settled.books.orderStatuses)}, sold ${settled.books.sold}/${settled.books.total}, ` +
          `${settled.books.capturedPayments} captured, ${settled.books.refunds} refunds`,
      );
      for (const instance of cluster.instances) expect(instance.running, cluster.logs(20)).toBe(true);
      expect(booksProblems(settled.books)).toEqual(NO_PROBLEMS);
      expect(settled.books.liveHolds).toBe(0);
      expect(settled.published.availableTickets).toBe(settled.books.total - settled.books.sold);
    }, 300_000);

    it('a call-off killed with SIGKILL half-way: after restart every paid order is refunded once, in full', async () => {
      // What the rushes sold is called off. The job runs on every instance: instance 1 stops, so the kill of
      // instance 0 stops it. Razorpay fails a third of the refunds (the job sends those again), takes the first half
      // and then holds the next request as if the network hung, so the kill lands between a refund Razorpay makes
      // and its answer the app never hears.
      await cluster.instances[1]!.kill9();
      const paid = await cluster.db
        .selectFrom('orders')
        .innerJoin('tickets', 'tickets.order_id', 'orders.id')
        .select(['orders.id', 'orders.razorpay_payment_id', 'orders.amount_paise', 'tickets.id as ticket_id'])
        .where('orders.event_id', '=', event.id)
        .where('orders.status', '=', 'paid')
        .where('tickets.status', '=', 'active')
        .execute();
      const orders = new Map(paid.map((row) => [row.id, row]));
      expect(orders.size).toBeGreaterThan(20);
      const emulator = (path: string, body: unknown) => postJson(`${cluster.emulatorUrl}${path}`, body);
      expect(
        (await emulator('/_test/refunds/fail-next', { count: Math.floor(paid.length / 3) })).status,
      ).toBe(200);
      expect(
        (await emulator('/_test/refunds/hold-after', { count: Math.floor(paid.length / 2) })).status,
      ).toBe(200);
      const change = (body: unknown) =>
        postJson(`${cluster.url}/api/admin/event/change`, body, event.adminToken);
      const dry = await change({ kind: 'call-off', dryRun: true });
      expect(dry.body).toMatchObject({ orders: orders.size, tickets: paid.length, codeRequired: false });
      expect((await change({ kind: 'call-off', confirm: event.name })).status).toBe(200);

      await until(async () => (await emulatorState(cluster.emulatorUrl)).refundsHeld >= 1, cluster);
      await cluster.instances[0]!.kill9();
      const atKill = await cluster.db
        .selectFrom('call_off_orders')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('event_id', '=', event.id)
        .groupBy('state')
        .execute();
      console.info(`[faults] call-off at the kill: ${JSON.stringify(atKill)}`);
      // Killed half-way: some orders were still waiting for the job.
      expect(
        Number(atKill.find((row) => row.state === 'queued')?.n ?? 0),
        JSON.stringify(atKill),
      ).toBeGreaterThan(0);
      expect((await emulator('/_test/refunds/release', {})).status).toBe(200);

      await cluster.instances[0]!.start();
      await cluster.instances[1]!.start();
      await until(async () => {
        const response = await fetch(`${cluster.url}/api/admin/event/change`, {
          headers: { authorization: `Bearer ${event.adminToken}` },
        });
        // Just after the restarts nginx may still count both instances as down and answer its own 502 page:
        // that is "not yet", like a job still running.
        if (response.status !== 200) return false;
        const progress = (await response.json()) as { pending: number; failed: number; done: number };
        return progress.pending === 0 && progress.failed === 0 && progress.done === orders.size;
      }, cluster);
      await cluster.waitForWebhooks();

      // The database and Razorpay also hold the rushes' refunds (late payments): only the called-off tickets' count.
      await expectCalledOffBooks(
        cluster.db,
        await emulatorState(cluster.emulatorUrl),
        [...orders.values()],
        paid.map((row) => row.ticket_id),
        { eventId: event.id, scope: 'called-off', failedAtRazorpay: Math.floor(paid.length / 3) },
      );
      for (const instance of cluster.instances) expect(instance.running).toBe(true);
    }, 300_000);
  });
}

/** Polls `reached` until it holds (the test's own timeout is the ceiling), saying the processes' logs if it never does. */
async function until(reached: () => Promise<boolean>, cluster: Cluster): Promise<void> {
  for (let polls = 0; ; polls++) {
    if (await reached()) return;
    if (polls > 0 && polls % 600 === 0) console.info(`[faults] still waiting\n${cluster.logs(10)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
