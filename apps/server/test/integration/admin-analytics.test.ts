import { beforeAll, expect, it } from 'vitest';
import { insertPaidOrder, insertRefund, insertRows, ticketRow, userRow } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// A hand-made sales history around IST midnight (18:30 UTC), on a server whose clock is frozen at
// 2026-11-22 10:30 IST. Every expected figure below is worked out by hand from the rows.

const NOW = new Date('2026-11-22T05:00:00.000Z'); // 10:30 IST, 22 Nov

describeEachDatabase('admin analytics', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100, ticketPrice: 299, groupPrice4: 249 });
    // newEvent's admin is user 1; this admin is user 2.
    admin = await newUser(server, { role: 'admin' });
    server.ctx.now = () => NOW;
    const db = server.ctx.db;
    const [a, b, c, d, e, f] = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) =>
      userRow({ name: `Buyer ${name}` }),
    ) as [
      ReturnType<typeof userRow>,
      ReturnType<typeof userRow>,
      ReturnType<typeof userRow>,
      ReturnType<typeof userRow>,
      ReturnType<typeof userRow>,
      ReturnType<typeof userRow>,
    ];
    await insertRows(db, 'users', [a, b, c, d, e, f]);
    const eventId = event.id;
    // A: 2 tickets paid one second before IST midnight -> 21 Nov, 23:59 IST.
    await insertPaidOrder(db, { eventId, userId: a.id, quantity: 2, paidAt: '2026-11-21T18:29:59.000Z' });
    // B: 1 ticket paid exactly at IST midnight -> 22 Nov, hour 0.
    await insertPaidOrder(db, { eventId, userId: b.id, quantity: 1, paidAt: '2026-11-21T18:30:00.000Z' });
    // C: 3 manual tickets at 10:15 IST on 22 Nov: two paid in cash, one pending (counted, no money).
    await insertRows(db, 'tickets', [
      ...[1, 2].map((seq) =>
        ticketRow(
          { eventId, userId: c.id },
          { seq, issued_by_admin: 1, payment_received: 1, created_at: '2026-11-22T04:45:00.000Z' },
        ),
      ),
      ticketRow(
        { eventId, userId: c.id },
        { seq: 3, issued_by_admin: 1, payment_received: 0, created_at: '2026-11-22T04:45:00.000Z' },
      ),
      // A cancelled manual ticket: neither sold nor money.
      ticketRow(
        { eventId, userId: c.id },
        {
          seq: 4,
          issued_by_admin: 1,
          payment_received: 1,
          status: 'cancelled',
          created_at: '2026-11-22T04:45:00.000Z',
        },
      ),
    ]);
    // D: 1 ticket paid 20 Nov 15:30 IST, later cancelled; its refund of 279 processed at 00:30 IST on 22 Nov.
    const dOrder = await insertPaidOrder(db, {
      eventId,
      userId: d.id,
      quantity: 1,
      paidAt: '2026-11-20T10:00:00.000Z',
      ticketStatus: 'cancelled',
    });
    await insertRefund(db, {
      ticket: dOrder.tickets[0]!,
      order: dOrder.order,
      status: 'processed',
      processedAt: '2026-11-21T19:00:00.000Z',
    });
    // E: a late payment refunded in full (never counts) and a live hold of 2 (not sold, not available).
    await insertPaidOrder(db, {
      eventId,
      userId: e.id,
      quantity: 1,
      paidAt: '2026-11-21T12:00:00.000Z',
      status: 'refunded',
    });
    const hold = await insertPaidOrder(db, {
      eventId,
      userId: e.id,
      quantity: 2,
      paidAt: '2026-11-22T04:55:00.000Z',
      status: 'created',
    });
    await db
      .updateTable('orders')
      .set({ hold_expires_at: '2026-11-22T05:10:00.000Z' })
      .where('id', '=', hold.order.id)
      .execute();
    // F: 1 ticket paid 19 Nov 17:30 IST; F's account is then deleted (the sale stays, the user does not).
    await insertPaidOrder(db, { eventId, userId: f.id, quantity: 1, paidAt: '2026-11-19T12:00:00.000Z' });
    const deleted = await server.request('DELETE', `/api/admin/users/${f.id}`, { token: admin.token });
    expect(deleted.status, deleted.text).toBe(200);
  });

  it('the dashboard figures equal the hand-computed ones, bucketed by IST day and hour', async () => {
    const response = await server.request('GET', '/api/admin/analytics/dashboard', { token: admin.token });
    expect(response.status, response.text).toBe(200);
    // Sold: A 2 + B 1 + C 3 + F 1 = 7 (D cancelled, C's cancelled one excluded).
    // Revenue: A 598 + B 299 + C 598 + D 299 - D's refund 279 + F 299 = 1814.
    // Users: 2 admins + A..E = 7 (F deleted). Conversion counts guests only: A..E = 5, of whom A, B, C bought
    // -> 60 %.
    expect(response.body).toEqual({
      success: true,
      data: {
        revenue: {
          total: 1814,
          today: 618,
          // D's ₹299 less its ₹279 refund is the ₹20 kept; sales kept are the rest.
          ticketSales: 1794,
          cancellationFees: 20,
          transferFees: 0,
          refunded: 279,
          // No convenience fee is set: no document carries one.
          convenienceFees: 0,
        },
        tickets: { total: 7, soldToday: 4 },
        users: { total: 7, guests: 5 },
        analytics: { averageTicketValue: 259.14, conversionRate: 60 },
        event: { soldTickets: 7, availableTickets: 91, soldPercentage: 7, ticketPrice: 299 },
        salesChart: [
          { _id: '2026-11-19', count: 1, revenue: 299, convenienceFees: 0 },
          { _id: '2026-11-20', count: 0, revenue: 299, convenienceFees: 0 },
          { _id: '2026-11-21', count: 2, revenue: 598, convenienceFees: 0 },
          { _id: '2026-11-22', count: 4, revenue: 618, convenienceFees: 0 },
        ],
        hourlySales: [
          { _id: 0, count: 1, revenue: 20 },
          { _id: 10, count: 3, revenue: 598 },
        ],
      },
    });
  });

  it('ticket stats count every status and use the same revenue', async () => {
    const response = await server.request('GET', '/api/tickets/admin/stats', { token: admin.token });
    // Tickets: A 2, B 1, C 4 (one cancelled), D 1 (cancelled), F 1 = 9; sold = active + used, as on every screen.
    expect(response.body).toEqual({
      success: true,
      stats: {
        total: 9,
        active: 7,
        used: 0,
        cancelled: 2,
        transferred: 0,
        sold: 7,
        revenue: 1814,
        soldToday: 4,
      },
    });
  });

  it('a day later the same rows give yesterday\'s figures as "today" no more', async () => {
    server.ctx.now = () => new Date('2026-11-22T18:30:00.000Z'); // 00:00 IST, 23 Nov
    try {
      const response = await server.request('GET', '/api/admin/analytics/dashboard', { token: admin.token });
      expect(response.body.data.revenue).toMatchObject({ total: 1814, today: 0 });
      expect(response.body.data.tickets).toEqual({ total: 7, soldToday: 0 });
      expect(response.body.data.hourlySales).toEqual([]);
    } finally {
      server.ctx.now = () => NOW;
    }
  });

  it('system health reports the database, migrations, holds, refunds and the outbox', async () => {
    const response = await server.request('GET', '/api/admin/system/health', { token: admin.token });
    expect(response.status, response.text).toBe(200);
    const health = response.body.health;
    expect(health).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      database: { engine, reachable: true },
      migrations: { current: true, pending: [] },
      pendingHolds: 1,
      refundsWaiting: 0,
      refundsFailed: 0,
      outbox: { pending: expect.any(Number), failed: expect.any(Number) },
    });
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.migrations.applied).toBe(health.migrations.known);
    expect(health.memory.rssMb).toBeGreaterThan(0);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});
