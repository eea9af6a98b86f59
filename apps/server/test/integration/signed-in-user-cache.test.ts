import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { MAX_AGE_MS } from '../../src/platform/auth/user-cache';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { type TestServer, useServer } from '../../support/server';

// The signed-in user's row is kept per instance for up to a second (platform/auth/user-cache.ts). What must
// hold: a change made on this instance (a demotion, a deletion, any write to users) applies to the very next
// request; a change made elsewhere (another instance, a script on the database) applies within the second.
// The second is the app's clock's, which stands still until the test moves it.

/** Renames a person behind the app's back, as another instance or a script on the database would. */
async function renameElsewhere(server: TestServer, id: string, name: string): Promise<void> {
  if (server.config.databaseUrl) {
    const client = new pg.Client({ connectionString: server.config.databaseUrl });
    await client.connect();
    try {
      await client.query('update users set name = $1 where id = $2', [name, id]);
    } finally {
      await client.end();
    }
    return;
  }
  const file = new SQLite(join(server.config.dataDir, 'utsav.sqlite'));
  try {
    file.pragma('busy_timeout = 5000');
    file.prepare('update users set name = ? where id = ?').run(name, id);
  } finally {
    file.close();
  }
}

describeEachDatabase('the signed-in user, cached for a second', (engine) => {
  const clock = testClock();
  const server = useServer(engine, { now: clock.now });

  it('a demoted admin is refused on the very next request', async () => {
    const owner = await newUser(server, { role: 'admin' });
    const demoted = await newUser(server, { role: 'admin' });
    const adminRead = () => server.request('GET', '/api/admin/users/count', { token: demoted.token });
    expect((await adminRead()).status).toBe(200);
    expect((await adminRead()).status).toBe(200);
    const changed = await server.request('PATCH', `/api/admin/users/${demoted.user.id}/role`, {
      token: owner.token,
      body: { role: 'guest' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await adminRead()).status).toBe(403);
    const me = await server.request('GET', '/api/auth/me', { token: demoted.token });
    expect(me.body.user.role).toBe('guest');
  });

  it('a deleted person is refused on the very next request', async () => {
    const owner = await newUser(server, { role: 'admin' });
    const person = await newUser(server);
    expect((await server.request('GET', '/api/auth/me', { token: person.token })).status).toBe(200);
    const deleted = await server.request('DELETE', `/api/admin/users/${person.user.id}`, {
      token: owner.token,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: person.token })).status).toBe(401);
  });

  it('any write to users through this instance applies at once, even one outside the users module', async () => {
    const person = await newUser(server);
    expect((await server.request('GET', '/api/auth/me', { token: person.token })).body.user.role).toBe(
      'guest',
    );
    await server.ctx.db
      .updateTable('users')
      .set({ role: 'manager' })
      .where('id', '=', person.user.id)
      .execute();
    expect((await server.request('GET', '/api/auth/me', { token: person.token })).body.user.role).toBe(
      'manager',
    );
    // In a transaction too, seen once committed.
    await server.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role: 'guest' }).where('id', '=', person.user.id).execute();
    });
    expect((await server.request('GET', '/api/auth/me', { token: person.token })).body.user.role).toBe(
      'guest',
    );
  });

  it('a change made elsewhere applies within the second, not later', async () => {
    const person = await newUser(server, { name: 'Before Rename' });
    const name = async () =>
      (await server.request('GET', '/api/auth/me', { token: person.token })).body.user.name as string;
    expect(await name()).toBe('Before Rename');
    await renameElsewhere(server, person.user.id, 'After Rename');
    // Within the second this instance answers from its copy (it did not make the change)...
    clock.advance(MAX_AGE_MS - 1);
    expect(await name()).toBe('Before Rename');
    // ...and once the second has passed, never.
    clock.advance(1);
    expect(await name()).toBe('After Rename');
  });
});
