// Several instances behind nginx, on loopback: a fresh PostgreSQL database, one standalone Razorpay
// emulator, N server processes, nginx round-robin; then a rush of buyers through nginx, then the books.
//
//   npx tsx scripts/cluster.ts [--instances 3] [--total 500] [--buyers 800] [--concurrency 32]
//                              [--webhooks normal|drop|duplicate] [--kill-after 200] [--restart-pg-after 400]
//                              [--abandon] [--keep]
//
// PostgreSQL: CLUSTER_DATABASE_URL, else the suite's throwaway server (`scripts/test-postgres.sh start`).
// --restart-pg-after needs a server of our own (it runs pg_ctl restart): the script then starts one with
// TEST_PG_DIR=/tmp/utsav-cluster-pg TEST_PG_PORT=5442 and stops it at the end; the suite's server is never
// restarted. --kill-after N: `kill -9` instance 0 once N buyers are done, restart it after the rush.
// nginx: Debian's package (bash scripts/ensure-nginx.sh). Exits 1 when the books do not add up.

import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { booksProblems, NO_PROBLEMS } from '../apps/server/support/cluster-books';
import { type Cluster, startCluster } from '../apps/server/support/cluster-harness';
import {
  restartOwnPostgres,
  startOwnPostgres,
  stopOwnPostgres,
} from '../apps/server/support/cluster-postgres';
import { percentiles, rush, tally } from '../apps/server/support/cluster-rush';
import { settle } from '../apps/server/support/cluster-settle';

const { values: args } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    total: { type: 'string', default: '500' },
    buyers: { type: 'string', default: '800' },
    concurrency: { type: 'string', default: '32' },
    webhooks: { type: 'string', default: 'normal' },
    'kill-after': { type: 'string' },
    'restart-pg-after': { type: 'string' },
    abandon: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const OWN_PG = { dir: '/tmp/utsav-cluster-pg', port: 5442 };

async function main(): Promise<number> {
  const restartPgAfter = args['restart-pg-after'] ? Number(args['restart-pg-after']) : undefined;
  const killAfter = args['kill-after'] ? Number(args['kill-after']) : undefined;
  const adminUrl =
    restartPgAfter !== undefined
      ? startOwnPostgres(OWN_PG.dir, OWN_PG.port)
      : process.env.CLUSTER_DATABASE_URL?.trim() ||
        execFileSync('bash', ['scripts/test-postgres.sh', 'start'], { encoding: 'utf8' }).trim();
  let cluster: Cluster | undefined;
  try {
    const t0 = Date.now();
    cluster = await startCluster({
      adminDatabaseUrl: adminUrl,
      instances: Number(args.instances),
      log: (line) => console.log(line),
    });
    console.log(`cluster up in ${Date.now() - t0} ms (work dir ${cluster.workDir})`);
    const event = await cluster.createEvent(Number(args.total));
    const buyers = Number(args.buyers);
    const tokens: string[] = [];
    for (let start = 0; start < buyers; start += 32) {
      const batch = Math.min(32, buyers - start);
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: batch }, (_, i) => cluster!.signIn(`buyer${start + i}`).then((b) => b.token)),
        )),
      );
    }
    await cluster.setWebhookMode(args.webhooks as 'normal' | 'drop' | 'duplicate');
    const faults: Promise<void>[] = [];
    const target = cluster;
    const result = await rush({
      appUrl: cluster.url,
      emulatorUrl: cluster.emulatorUrl,
      event,
      tokens,
      concurrency: Number(args.concurrency),
      quantityOf: (index) => 1 + (index % 2),
      abandon: args.abandon
        ? (index) => (index % 10 === 3 ? 'before-pay' : index % 10 === 7 ? 'before-verify' : undefined)
        : undefined,
      deadlineMs: 10 * 60_000,
      onBuyerDone: (done) => {
        if (done === killAfter) {
          console.log(`kill -9 instance 0 after ${done} buyers`);
          faults.push(target.instances[0]!.kill9());
        }
        if (done === restartPgAfter) {
          console.log(`pg_ctl restart -m fast after ${done} buyers`);
          faults.push(restartOwnPostgres(OWN_PG.dir));
        }
      },
    });
    await Promise.all(faults);
    for (const instance of cluster.instances) if (!instance.running) await instance.start();
    const seconds = result.elapsedMs / 1000;
    console.log(
      `rush: ${result.outcomes.length} buyers in ${seconds.toFixed(1)} s (${(result.outcomes.length / seconds).toFixed(1)} buyers/s, ${(result.requests / seconds).toFixed(0)} req/s)`,
    );
    console.log(`answers: ${JSON.stringify(tally(result.outcomes))}`);
    for (const [stage, samples] of Object.entries(result.latencies)) {
      console.log(`  ${stage}: ${JSON.stringify(percentiles(samples))}`);
    }
    const settled = await settle(cluster, event.id, 120_000);
    console.log(`settled in ${settled.settleMs} ms: ${JSON.stringify(settled.books.orderStatuses)}`);
    console.log(
      `sold ${settled.books.sold} of ${settled.books.total}; published available ${settled.published.availableTickets}; ` +
        `${settled.books.capturedPayments} payments captured, ${settled.books.refunds} refunds`,
    );
    const problems = booksProblems(settled.books);
    console.log(`problems: ${JSON.stringify(problems)}`);
    const down = cluster.instances.filter((instance) => !instance.running).map((i) => i.index);
    const ok =
      JSON.stringify(problems) === JSON.stringify(NO_PROBLEMS) &&
      settled.published.availableTickets === settled.books.total - settled.books.sold &&
      down.length === 0;
    if (down.length > 0) console.log(`instances down: ${down.join(', ')}`);
    console.log(ok ? 'OK' : `FAILED\n${cluster.logs(20)}`);
    if (args.keep) {
      console.log('--keep: press Ctrl-C to stop');
      await new Promise(() => {});
    }
    return ok ? 0 : 1;
  } finally {
    await cluster?.stop();
    if (restartPgAfter !== undefined) stopOwnPostgres(OWN_PG.dir, OWN_PG.port);
  }
}

process.exit(await main());
