import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { booksProblems, NO_PROBLEMS } from '../../support/cluster-books';
import { type Cluster, startCluster } from '../../support/cluster-harness';
import { findNginx } from '../../support/cluster-nginx';
import { rush, tally } from '../../support/cluster-rush';
import { settle } from '../../support/cluster-settle';
import { serverBundle } from '../../support/server-bundle';

// Several instances: three real server processes (the server bundle, as `npm start` runs it) on one
// PostgreSQL database, nginx balancing round-robin between them, one standalone Razorpay emulator whose
// webhooks come back through nginx (so two copies of one event can land on two instances at once).

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const NGINX = findNginx();
const skipReason = !TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (scripts/test-all.sh starts PostgreSQL and sets it)'
  : !NGINX
    ? 'nginx is not installed (scripts/ensure-nginx.sh installs it from apt)'
    : undefined;

const INSTANCES = 3;
const TOTAL = 220;
const BUYERS = 300;

if (skipReason) {
  describe.skip(`several instances behind nginx (skipped: ${skipReason})`, () => {
    it('runs when PostgreSQL and nginx are available', () => {});
  });
} else {
  describe('several instances behind nginx on one PostgreSQL', () => {
    let cluster: Cluster;

    beforeAll(async () => {
      cluster = await startCluster({
        adminDatabaseUrl: TEST_DATABASE_URL!,
        instances: INSTANCES,
        serverEntry: [await serverBundle(inject('serverBundleDir'))],
      });
    }, 120_000);

    afterAll(async () => {
      await cluster?.stop();
    }, 60_000);

    it('every instance accepts a token signed with the dev identity key they created together', async () => {
      const person = await cluster.signIn('shared-key');
      for (const instance of cluster.instances) {
        const me = await fetch(`${instance.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${person.token}` },
        });
        expect(me.status, `instance ${instance.index}`).toBe(200);
      }
    });

    it(`${BUYERS} buyers through nginx for ${TOTAL} seats: none oversold, every payment settled, no job done twice`, async () => {
      const event = await cluster.createEvent(TOTAL);
      const tokens: string[] = [];
      for (let start = 0; start < BUYERS; start += 30) {
        const batch = Math.min(30, BUYERS - start);
        tokens.push(
          ...(await Promise.all(
            Array.from({ length: batch }, (_, i) => cluster.signIn(`buyer${start + i}`).then((b) => b.token)),
          )),
        );
      }
      // Every webhook twice: the copies go to different instances through nginx, at the same moment.
      await cluster.setWebhookMode('duplicate');
      const result = await rush({
        appUrl: cluster.url,
        emulatorUrl: cluster.emulatorUrl,
        event,
        tokens,
        concurrency: 32,
        quantityOf: (index) => 1 + (index % 2),
        // Some walk away with a hold (the sweepers expire it), some pay and close the tab (the webhook,
        // or failing that the sweepers, issue their tickets).
        abandon: (index) =>
          index % 10 === 3 ? 'before-pay' : index % 10 === 7 ? 'before-verify' : undefined,
        // Every buyer runs (no deadline), and a slow answer is an answer: only a hang (a minute) counts as none.
        // How fast a busy machine gets through them is the bench's business, not this test's.
        requestTimeoutMs: 60_000,
      });
      const counts = tally(result.outcomes);
      const unexpected = Object.keys(counts).filter(
        (key) =>
          ![
            'create-order 200',
            'create-order 409 SOLD_OUT',
            'pay 200',
            'verify-payment 200',
            // A webhook can fulfil a hold that expired... not here: holds last 15 minutes. Late refunds only
            // if stock ran out for an expired hold; listed so the report says so if it ever happens.
            'verify-payment 409 SOLD_OUT',
          ].includes(key),
      );
      expect(unexpected, JSON.stringify(counts)).toEqual([]);
      expect(result.notStarted).toBe(0);

      const settled = await settle(cluster, event.id);
      console.info(
        `[cluster] ${INSTANCES} instances, ${BUYERS} buyers in ${(result.elapsedMs / 1000).toFixed(1)} s: ${JSON.stringify(counts)}; ` +
          `settled in ${settled.settleMs} ms: ${JSON.stringify(settled.books.orderStatuses)}, sold ${settled.books.sold}/${TOTAL}, ` +
          `${settled.books.capturedPayments} payments captured, ${settled.books.refunds} refunds`,
      );
      expect(booksProblems(settled.books)).toEqual(NO_PROBLEMS);
      expect(settled.books.liveHolds).toBe(0);
      expect(settled.published.availableTickets).toBe(TOTAL - settled.books.sold);
      expect(settled.published.soldTickets).toBe(settled.books.sold);
      // Enough buyers for every seat: the abandoned holds came back and were sold to later buyers, or are for sale.
      expect(settled.books.sold).toBeGreaterThan(TOTAL * 0.7);
      // Every instance is still up: nothing the rush or the jobs did crashed one.
      for (const instance of cluster.instances)
        expect(instance.running, `instance ${instance.index}`).toBe(true);
      // Each webhook event reached us twice and was recorded once.
      const events = await cluster.db.selectFrom('payment_events').select('id').execute();
      expect(new Set(events.map((row) => row.id)).size).toBe(events.length);
    }, 300_000);
  });
}
