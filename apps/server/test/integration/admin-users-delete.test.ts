import { beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../src/modules/admin/users-service';
import { findUserById } from '../../src/stores/users';
import { insertPaidOrder } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, tokenFor } from '../../support/factories';
import { availableTickets, newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('admin deletes users', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    event = await newEvent(server);
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
  });

  async function userCount(): Promise<number> {
    return (await server.request('GET', '/api/admin/users/count', { token: admin.token })).body.count;
  }

  it('an admin cannot delete their own account (400)', async () => {
    const response = await server.request('DELETE', `/api/admin/users/${admin.user.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
  });

  it('the last admin cannot be deleted (409 LAST_ADMIN), even by an admin whose own deletion just committed', async () => {
    const first = await newUser(server, { role: 'admin' });
    const second = await newUser(server, { role: 'admin' });
    // Leave exactly `first` and `second` as admins.
    await server.ctx.db
      .updateTable('users')
      .set({ role: 'guest' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [first.user.id, second.user.id])
      .execute();
    try {
      const staleSecond = (await findUserById(server.ctx.db, second.user.id))!;
      const deleted = await server.request('DELETE', `/api/admin/users/${second.user.id}`, {
        token: first.token,
      });
      expect(deleted.status, deleted.text).toBe(200);
      // `second` had read its own row before; its request now finds `first` the last admin.
      await expect(deleteUser(server.ctx, staleSecond, first.user.id)).rejects.toMatchObject({
        code: 'LAST_ADMIN',
      });
      const admins = await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('deleted_at', 'is', null)
        .execute();
      expect(admins.map((a) => a.id)).toEqual([first.user.id]);
    } finally {
      await server.ctx.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', admin.user.id)
        .execute();
    }
  });

  it('two admins deleting each other at once: at most one succeeds and an admin always remains', async () => {
    const a = await newUser(server, { role: 'admin' });
    const b = await newUser(server, { role: 'admin' });
    await server.ctx.db
      .updateTable('users')
      .set({ role: 'guest' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [a.user.id, b.user.id])
      .execute();
    try {
      const [ab, ba] = await Promise.all([
        server.request('DELETE', `/api/admin/users/${b.user.id}`, { token: a.token }),
        server.request('DELETE', `/api/admin/users/${a.user.id}`, { token: b.token }),
      ]);
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
      const loser = ab.status === 200 ? ba : ab;
      expect(['LAST_ADMIN', 'UNAUTHENTICATED', 'FORBIDDEN']).toContain(loser.body.code);
      const admins = await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('deleted_at', 'is', null)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await server.ctx.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', admin.user.id)
        .execute();
    }
  });

  it('an unknown or already deleted user is 404', async () => {
    const response = await server.request('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('USER_NOT_FOUND');
  });

  describe('a deleted guest with tickets', () => {
    let guest: TestUser;
    let ticketIds: string[];
    let orderId: string;
    let countBefore: number;
    let availableBefore: number;
    let soldBefore: number;

    beforeAll(async () => {
      guest = await newUser(server, { name: 'Gita Guest' });
      await server.ctx.db
        .updateTable('users')
        .set({ phone: '+91 98200 00000' })
        .where('id', '=', guest.user.id)
        .execute();
      const { order, tickets } = await insertPaidOrder(server.ctx.db, {
        eventId: event.id,
        userId: guest.user.id,
        quantity: 2,
        paidAt: new Date().toISOString(),
      });
      ticketIds = tickets.map((t) => t.id);
      orderId = order.id;
      countBefore = await userCount();
      availableBefore = await availableTickets(server);
      soldBefore = (await server.request('GET', '/api/admin/analytics/dashboard', { token: admin.token }))
        .body.data.tickets.total;
      const response = await server.request('DELETE', `/api/admin/users/${guest.user.id}`, {
        token: admin.token,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'User deleted successfully' });
    });

    it('the row stays, anonymised: no name, email, uid, photo or phone', async () => {
      const row = await server.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', guest.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Deleted user',
        email: `deleted-${guest.user.id}@users.invalid`,
        firebase_uid: null,
        photo_url: null,
        phone: null,
      });
      expect(row.deleted_at).toEqual(expect.any(String));
    });

    it('their tickets and order are kept and still counted as sold', async () => {
      const tickets = await server.ctx.db
        .selectFrom('tickets')
        .selectAll()
        .where('id', 'in', ticketIds)
        .execute();
      expect(tickets).toHaveLength(2);
      expect(tickets.every((t) => t.status === 'active' && t.holder_name === 'Deleted user')).toBe(true);
      const order = await server.ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirst();
      expect(order?.status).toBe('paid');
      expect(await availableTickets(server)).toBe(availableBefore);
      const dashboard = await server.request('GET', '/api/admin/analytics/dashboard', { token: admin.token });
      expect(dashboard.body.data.tickets.total).toBe(soldBefore);
    });

    it('the person is gone from user lists and counts, and their tickets show as a deleted user', async () => {
      expect(await userCount()).toBe(countBefore - 1);
      const list = await server.request('GET', '/api/admin/users?search=gita', { token: admin.token });
      expect(list.body.pagination.totalUsers).toBe(0);
      const tickets = await server.request('GET', `/api/admin/tickets/management?search=${ticketIds[0]}`, {
        token: admin.token,
      });
      expect(tickets.body.tickets[0].user).toEqual({
        name: 'Deleted user',
        email: `deleted-${guest.user.id}@users.invalid`,
      });
    });

    it('the old session is refused, and the same Google account signing in again gets a fresh, empty account', async () => {
      expect((await server.request('GET', '/api/auth/me', { token: guest.token })).status).toBe(401);
      const token = await tokenFor(server, guest.email, { name: 'Gita Guest' });
      const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
      expect(signIn.status, signIn.text).toBe(200);
      expect(signIn.body.user.id).not.toBe(guest.user.id);
      expect(signIn.body.user.email).toBe(guest.email);
      const mine = await server.request('GET', '/api/tickets/my-tickets', { token });
      expect(mine.body.tickets).toEqual([]);
    });

    it('the deletion is audited without personal data', async () => {
      const audit = await server.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', guest.user.id)
        .where('action', '=', 'user.deleted')
        .executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(admin.user.id);
      expect(JSON.parse(audit.data!)).toEqual({ role: 'guest' });
    });
  });
});
