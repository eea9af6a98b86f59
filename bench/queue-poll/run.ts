// Is polling the waiting line as cheap as an authenticated read? 64 people wait in a line that
// lets nobody in during the run (one a minute), each asks GET /api/queue/me over and over; the same people's
// GET /api/auth/me and a bare Fastify hello are measured in the same run for comparison.
//
//   npx tsx bench/queue-poll/run.ts [--engines sqlite,postgres] [--duration 10]
//
// PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where the bench may create a database).

import { parseArgs } from 'node:util';
import { postJson } from '../../apps/server/support/cluster-rush';
import {
  describe,
  helloLoad,
  type LoadResult,
  load,
  startHello,
  startServer,
} from '../out-of-process/harness';
import { ADMIN_EMAIL, setUp } from '../out-of-process/scenarios';
import { type Engine, machine } from '../support';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
  },
});
const duration = Number(args.duration);

function rotate<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

console.log(machine());
const hello = await startHello();
try {
  for (const engine of args.engines.split(',') as Engine[]) {
    const server = await startServer({
      engine,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, WAITING_ROOM: 'always', QUEUE_ADMIT_PER_MINUTE: '1' },
    });
    try {
      const setup = await setUp(server, 5000);
      const people = await setup.people.signIn('waiting', 64);
      for (const person of people) {
        const joined = await postJson(`${server.url}/api/queue/join`, {}, person.token);
        if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
      }
      const measure = (label: string, path: string): Promise<LoadResult> => {
        const next = rotate(people);
        return load({
          label,
          url: server.url,
          pid: server.pid,
          duration,
          requests: [
            {
              method: 'GET',
              path,
              setupRequest: (request) => ({
                ...request,
                headers: { authorization: `Bearer ${next().token}` },
              }),
            },
          ],
        });
      };
      const helloResult = await helloLoad(hello, duration);
      const me = await measure('GET /api/auth/me', '/api/auth/me');
      const queue = await measure('GET /api/queue/me (waiting)', '/api/queue/me');
      console.log(`\n[${engine}] ${describe(helloResult, helloResult)}`);
      console.log(`[${engine}] ${describe(me, helloResult)}`);
      console.log(`[${engine}] ${describe(queue, helloResult)}`);
      console.log(
        `[${engine}] queue poll / authenticated read: ${(queue.requestsPerSecond / me.requestsPerSecond).toFixed(2)}x the rate`,
      );
    } finally {
      await server.stop();
    }
  }
} finally {
  await hello.stop();
}
