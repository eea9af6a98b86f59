import { beforeAll, describe, expect, it } from 'vitest';
import { changeRole } from '../../src/modules/users/service';
import { findUserById } from '../../src/stores/users';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { useServer } from '../../support/server';

describeEachDatabase('admin users', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
  });

  it('a guest cannot list users (403), a manager can', async () => {
    const guest = await newUser(server);
    expect((await server.request('GET', '/api/admin/users', { token: guest.token })).status).toBe(403);
    const response = await server.request('GET', '/api/admin/users', { token: manager.token });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('GET /admin/users/count counts every user', async () => {
    const before = (await server.request('GET', '/api/admin/users/count', { token: admin.token })).body.count;
    await newUser(server);
    const after = await server.request('GET', '/api/admin/users/count', { token: manager.token });
    expect(after.body).toEqual({ success: true, count: before + 1 });
  });

  describe('search and pagination', () => {
    beforeAll(async () => {
      for (let i = 0; i < 5; i++)
        await newUser(server, { name: `Zarina Patel ${i}`, email: `zarina${i}@patel-family.test` });
      await newUser(server, { name: 'Someone Else', email: 'ZARINA.fan@elsewhere.test', role: 'qrchecker' });
    });

    it('search matches name or email, case-insensitively', async () => {
      const response = await server.request('GET', '/api/admin/users?search=ZARINA', { token: admin.token });
      expect(response.body.pagination.totalUsers).toBe(6);
      const byEmail = await server.request('GET', '/api/admin/users?search=Patel-Family', {
        token: admin.token,
      });
      expect(byEmail.body.pagination.totalUsers).toBe(5);
    });

    it('search treats % and _ literally', async () => {
      const response = await server.request('GET', '/api/admin/users?search=%25', { token: admin.token });
      expect(response.body.pagination.totalUsers).toBe(0);
    });

    it('role filters the list', async () => {
      const response = await server.request('GET', '/api/admin/users?search=zarina&role=qrchecker', {
        token: admin.token,
      });
      expect(response.body.users.map((user: { email: string }) => user.email)).toEqual([
        'zarina.fan@elsewhere.test',
      ]);
    });

    it('pages split the results and report current, total, count and totalUsers', async () => {
      const page1 = await server.request('GET', '/api/admin/users?search=patel&limit=2&page=1', {
        token: admin.token,
      });
      const page3 = await server.request('GET', '/api/admin/users?search=patel&limit=2&page=3', {
        token: admin.token,
      });
      expect(page1.body.pagination).toEqual({ current: 1, total: 3, count: 2, totalUsers: 5 });
      expect(page3.body.pagination).toEqual({ current: 3, total: 3, count: 1, totalUsers: 5 });
      const ids = new Set([...page1.body.users, ...page3.body.users].map((user: { id: string }) => user.id));
      expect(ids.size).toBe(3);
    });

    it('a limit above 100 is a validation error', async () => {
      const response = await server.request('GET', '/api/admin/users?limit=500', { token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'limit', message: 'Limit must be at most 100' }]);
    });
  });

  describe('role changes', () => {
    it('an admin changes another user role', async () => {
      const target = await newUser(server);
      const response = await server.request('PATCH', `/api/admin/users/${target.user.id}/role`, {
        token: admin.token,
        body: { role: 'qrchecker' },
      });
      expect(response.status).toBe(200);
      expect(response.body.user.role).toBe('qrchecker');
    });

    it('a manager cannot change roles (403 with the product message)', async () => {
      const target = await newUser(server);
      const response = await server.request('PATCH', `/api/admin/users/${target.user.id}/role`, {
        token: manager.token,
        body: { role: 'admin' },
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('Only administrators can change user roles');
    });

    it('nobody changes their own role (400)', async () => {
      const response = await server.request('PATCH', `/api/admin/users/${admin.user.id}/role`, {
        token: admin.token,
        body: { role: 'guest' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('BAD_REQUEST');
    });

    it('an unknown role is a validation error and an unknown user is 404', async () => {
      const target = await newUser(server);
      const badRole = await server.request('PATCH', `/api/admin/users/${target.user.id}/role`, {
        token: admin.token,
        body: { role: 'superuser' },
      });
      const missing = await server.request('PATCH', '/api/admin/users/no-such-user/role', {
        token: admin.token,
        body: { role: 'guest' },
      });
      expect(badRole.status).toBe(400);
      expect(badRole.body.details[0].field).toBe('role');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('USER_NOT_FOUND');
    });
  });
});

describeEachDatabase('last admin', (engine) => {
  const server = useServer(engine);

  it('two admins demoting each other at once: one wins and an admin remains', async () => {
    const first = await newUser(server, { role: 'admin' });
    const second = await newUser(server, { role: 'admin' });
    const results = await Promise.all([
      server.request('PATCH', `/api/admin/users/${second.user.id}/role`, {
        token: first.token,
        body: { role: 'guest' },
      }),
      server.request('PATCH', `/api/admin/users/${first.user.id}/role`, {
        token: second.token,
        body: { role: 'guest' },
      }),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses[0]).toBe(200);
    // The loser was either already demoted when it arrived (403) or found itself about to remove the last admin.
    expect(['FORBIDDEN', 'LAST_ADMIN']).toContain(results.find((result) => result.status !== 200)?.body.code);
    const admins = await server.request('GET', '/api/admin/users?role=admin', {
      token: results[0]?.status === 200 ? first.token : second.token,
    });
    expect(admins.body.pagination.totalUsers).toBe(1);
  });

  it('a request that read its caller before that caller was demoted cannot remove the last admin (409 LAST_ADMIN)', async () => {
    const keep = await newUser(server, { role: 'admin' });
    const leaving = await newUser(server, { role: 'admin' });
    const leavingAsReadEarlier = (await findUserById(server.ctx.db, leaving.user.id))!;
    // Every other admin left by the previous test steps down, so keep and leaving are the only admins.
    const others = (await server.request('GET', '/api/admin/users?role=admin', { token: keep.token })).body
      .users;
    for (const other of others.filter(
      (user: { id: string }) => ![keep.user.id, leaving.user.id].includes(user.id),
    )) {
      await server.request('PATCH', `/api/admin/users/${other.id}/role`, {
        token: keep.token,
        body: { role: 'guest' },
      });
    }
    await server.request('PATCH', `/api/admin/users/${leaving.user.id}/role`, {
      token: keep.token,
      body: { role: 'guest' },
    });
    await expect(changeRole(server.ctx, leavingAsReadEarlier, keep.user.id, 'guest')).rejects.toMatchObject({
      code: 'LAST_ADMIN',
    });
  });
});
