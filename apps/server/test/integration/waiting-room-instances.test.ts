import { describe, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { newEventBody, newUser, uniqueEmail } from '../../support/factories';
import { useInstances } from '../../support/instances';
import { PURCHASE_ENV } from '../../support/purchase';

// Two server instances on one PostgreSQL share one line. Each instance is a whole app (its own connection pool
// and its own one-second snapshot of the room) on the same database and data folder (so the dev identity's
// signing key is shared), exactly as two processes would be; they only share the clock, which stands still until
// the test moves it (support/clock.ts): nobody is let in while twenty people are still joining.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const MINUTE = 60_000;
const PEOPLE = 20;

if (!TEST_DATABASE_URL) {
  describe.skip('two instances share one line (skipped: set TEST_DATABASE_URL)', () => {
    it('runs on PostgreSQL', () => {});
  });
} else {
  describe('two instances on one PostgreSQL share one waiting line', () => {
    const clock = testClock();
    const now = clock.now;
    const { servers, call } = useInstances('postgres', {
      env: { ...PURCHASE_ENV, WAITING_ROOM: 'always', QUEUE_ADMIT_PER_MINUTE: '2' },
      now,
    });

    async function signIn(instance: number): Promise<{ token: string; id: string }> {
      const { token, user } = await newUser(servers[instance]!, { email: uniqueEmail('line') });
      return { token, id: user.id };
    }

    it('places are unique and consistent from either instance, and admission is one global rate', async () => {
      const admin = await signIn(0);
      await servers[0]!.ctx.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', admin.id)
        .execute();
      expect((await call(1, 'POST', '/api/event', admin.token, newEventBody())).status).toBe(200);

      const people = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => signIn(i % 2)));
      // Everyone at once, half through each instance.
      const joined = await Promise.all(
        people.map((person, i) => call(i % 2, 'POST', '/api/queue/join', person.token)),
      );
      expect(joined.map((answer) => answer.status)).toEqual(people.map(() => 200));
      const admittedAtOnce = joined.filter((answer) => answer.body.status === 'admitted');
      const positions = joined
        .filter((answer) => answer.body.status === 'waiting')
        .map((a) => a.body.position);
      // A full bucket at one a minute's worth of burst: exactly one person goes straight in.
      expect(admittedAtOnce).toHaveLength(1);
      expect([...positions].sort((a, b) => a - b)).toEqual(
        Array.from({ length: PEOPLE - 1 }, (_, i) => i + 1),
      );

      // The other instance tells each person the same place.
      const seenElsewhere = await Promise.all(
        people.map((person, i) => call((i + 1) % 2, 'GET', '/api/queue/me', person.token)),
      );
      expect(seenElsewhere.map((answer) => answer.body.position ?? 'in')).toEqual(
        joined.map((answer) => answer.body.position ?? 'in'),
      );

      // Five minutes at two a minute lets ten more in, however many instances count it.
      clock.advance(5 * MINUTE);
      const later = await Promise.all(
        people.map((person, i) => call(i % 2, 'GET', '/api/queue/me', person.token)),
      );
      expect(later.filter((answer) => answer.body.status === 'admitted')).toHaveLength(11);
      const ranks = await servers[1]!.ctx.db.selectFrom('queue_entries').select('rank').execute();
      expect(new Set(ranks.map((row) => row.rank)).size).toBe(PEOPLE);
      const state = await servers[0]!.ctx.db.selectFrom('queue_state').selectAll().executeTakeFirstOrThrow();
      expect(state).toMatchObject({ last_rank: PEOPLE, admitted_through: 11, pending_draw: 0 });
    });
  });
}
