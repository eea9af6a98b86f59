// The on-sale through the waiting room: B buyers (default 10,000) for N seats (default 2,000), each
// one person, against the server in its own process with WAITING_ROOM=always. Every buyer joins the line, asks
// again when the server says (Retry-After, with jitter), and once admitted buys 1 or 2 seats with its pass:
// create-order -> emulator pay -> verify-payment. At most --concurrency HTTP requests in flight from here.
// Afterwards the books: nothing oversold, no captured payment without tickets or a full refund, and every
// buyer answered (tickets, sold out, or still a place in line) with none timed out. Exits 1 otherwise.

import { createDatabase } from '../../apps/server/src/platform/db/database';
import {
  booksProblems,
  checkBooks,
  emulatorState,
  NO_PROBLEMS,
} from '../../apps/server/support/cluster-books';
import { orderPayload, percentiles } from '../../apps/server/support/cluster-rush';
import type { Engine } from '../support';
import { startServer } from './harness';
import { ADMIN_EMAIL, setUp } from './scenarios';

export interface WaitingRoomOptions {
  engine: Engine;
  buyers: number;
  seats: number;
  admitPerMinute: number;
  concurrency: number;
  deadlineSeconds: number;
}

type Outcome = 'bought' | 'sold-out' | 'waiting' | 'timed-out' | `error ${string}`;

export async function waitingRoomRush(options: WaitingRoomOptions): Promise<boolean> {
  const server = await startServer({
    engine: options.engine,
    env: {
      ADMIN_EMAILS: ADMIN_EMAIL,
      WAITING_ROOM: 'always',
      QUEUE_ADMIT_PER_MINUTE: String(options.admitPerMinute),
    },
  });
  try {
    const setup = await setUp(server, options.seats);
    const signInStarted = performance.now();
    const buyers = await setup.people.signIn('rush', options.buyers);
    console.log(
      `${options.buyers} buyers signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`,
    );

    let inFlight = 0;
    const waiters: (() => void)[] = [];
    const latency: Record<string, number[]> = { join: [], poll: [], 'create-order': [], pay: [], verify: [] };
    async function call(
      kind: string,
      method: string,
      path: string,
      token?: string,
      body?: unknown,
      pass?: string,
    ) {
      while (inFlight >= options.concurrency) await new Promise<void>((resolve) => waiters.push(resolve));
      inFlight++;
      const started = performance.now();
      try {
        const response = await fetch(path.startsWith('http') ? path : `${server.url}${path}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(pass ? { 'x-queue-pass': pass } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        // biome-ignore lint/suspicious/noExplicitAny: whatever the route answers.
        const json: any = await response.json().catch(() => null);
        latency[kind]?.push(performance.now() - started);
        return { status: response.status, body: json };
      } catch {
        return { status: 0, body: null };
      } finally {
        inFlight--;
        waiters.shift()?.();
      }
    }

    const deadline = Date.now() + options.deadlineSeconds * 1000;
    const started = performance.now();
    let soldOutAt = 0;
    const outcomes = await Promise.all(
      buyers.map(async (buyer, index): Promise<Outcome> => {
        let state = await call('join', 'POST', '/api/queue/join', buyer.token);
        for (;;) {
          if (state.status === 0) return 'timed-out';
          if (state.status !== 200) return `error ${state.status} ${state.body?.code}`;
          if (state.body.status === 'sold-out') return 'sold-out';
          if (state.body.status === 'admitted') {
            const order = await call(
              'create-order',
              'POST',
              '/api/tickets/create-order',
              buyer.token,
              orderPayload(setup.event, 1 + (index % 2)),
              state.body.pass,
            );
            if (order.status === 0) return 'timed-out';
            if (order.status === 409 && order.body?.code === 'SOLD_OUT') {
              soldOutAt ||= performance.now();
              return 'sold-out';
            }
            if (order.status !== 200) return `error create-order ${order.status} ${order.body?.code}`;
            const paid = await call('pay', 'POST', `${server.emulatorUrl}/_test/pay`, undefined, {
              order_id: order.body.orderId,
            });
            if (paid.status !== 200) return `error pay ${paid.status}`;
            const verified = await call(
              'verify',
              'POST',
              '/api/tickets/verify-payment',
              buyer.token,
              paid.body,
            );
            if (verified.status === 0) return 'timed-out';
            return verified.status === 200
              ? 'bought'
              : `error verify ${verified.status} ${verified.body?.code}`;
          }
          if (Date.now() > deadline) return 'waiting';
          // As the server asks, with jitter so a crowd told "5 s" does not come back in the same millisecond.
          const wait = Math.min(state.body.retryAfterSeconds ?? 2, 10) * 1000 * (0.75 + Math.random() / 2);
          await new Promise((resolve) => setTimeout(resolve, wait));
          state = await call('poll', 'GET', '/api/queue/me', buyer.token);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const tally: Record<string, number> = {};
    for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;

    const db = createDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    let books: Awaited<ReturnType<typeof checkBooks>>;
    try {
      await fetch(`${server.emulatorUrl}/_test/webhooks?wait=1`);
      books = await checkBooks(db, setup.event.id, await emulatorState(server.emulatorUrl));
    } finally {
      await db.destroy();
    }
    const problems = booksProblems(books);
    const answeredAll =
      (tally['timed-out'] ?? 0) === 0 && Object.keys(tally).every((key) => !key.startsWith('error'));
    const clean = JSON.stringify(problems) === JSON.stringify(NO_PROBLEMS);
    const p = (kind: string) => {
      const x = percentiles(latency[kind] ?? []);
      return `${kind} p50 ${x.p50} / p99 ${x.p99} ms (${latency[kind]?.length ?? 0})`;
    };
    console.log(
      [
        `${options.engine}: ${options.buyers} buyers for ${options.seats} seats through the waiting room (admit ${options.admitPerMinute}/min, ${options.concurrency} requests in flight)`,
        `  answers: ${JSON.stringify(tally)} in ${seconds.toFixed(1)} s${soldOutAt ? `; first SOLD_OUT at checkout after ${((soldOutAt - started) / 1000).toFixed(1)} s` : ''}`,
        `  sold ${books.sold} of ${books.total} (oversold ${books.oversold}), paid orders ${books.paidOrders}, captured payments ${books.capturedPayments}, counter drift ${books.soldCounterDrift}, holds counter drift ${books.heldCounterDrift}`,
        `  problems: ${JSON.stringify(problems)}`,
        `  latency: ${['join', 'poll', 'create-order', 'pay', 'verify'].map(p).join('; ')}`,
        `  every buyer answered, none timed out: ${answeredAll ? 'yes' : 'NO'}; books clean: ${clean ? 'yes' : 'NO'}`,
      ].join('\n'),
    );
    return answeredAll && clean;
  } finally {
    await server.stop();
  }
}
