import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { createOrder, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// A draft event (docs/product.md#first-run): staff see it, guests do not, and nobody can buy until it is
// published; without the `published` field POST /event publishes at once, as older clients expect.

describeEachDatabase('a draft event', (engine) => {
  const server = useServer(engine, { env: { ...PURCHASE_ENV, WAITING_ROOM: 'off' } });
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let draft: TestEvent;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
    const created = await server.request('POST', '/api/event', {
      token: admin.token,
      body: newEventBody({ published: false }),
    });
    expect(created.status, created.text).toBe(200);
    draft = created.body.data;
  });

  it('is shown to staff, with published false, and to nobody else', async () => {
    for (const viewer of [admin, manager]) {
      const seen = await server.request('GET', '/api/event', { token: viewer.token });
      expect(seen.body.data).toMatchObject({ id: draft.id, published: false, publishedAt: null });
      expect(seen.headers.get('cache-control')).toContain('private');
    }
    for (const token of [guest.token, undefined]) {
      const seen = await server.request('GET', '/api/event', token ? { token } : {});
      expect(seen.status).toBe(200);
      expect(seen.body.data).toBeNull();
    }
  });

  it('refuses every way to buy with 409 EVENT_NOT_PUBLISHED, and holds nothing', async () => {
    const refusals = [
      await createOrder(server, guest, draft, 2),
      await server.request('POST', '/api/tickets', { token: guest.token, body: { quantity: 1 } }),
      await server.request('POST', '/api/waitlist', { token: guest.token, body: { quantity: 1 } }),
      await server.request('POST', '/api/waitlist/me/checkout', { token: guest.token }),
      await server.request('POST', '/api/queue/join', { token: guest.token }),
    ];
    for (const response of refusals) {
      expect(response.status, response.text).toBe(409);
      expect(response.body.code).toBe('EVENT_NOT_PUBLISHED');
    }
    const holds = await server.ctx.db.selectFrom('orders').select('id').execute();
    expect(holds).toHaveLength(0);
  });

  it('says so in the reader’s language', async () => {
    const response = await createOrder(server, guest, draft, 1);
    const hindi = await server.request('POST', '/api/tickets', {
      token: guest.token,
      body: { quantity: 1 },
      headers: { 'accept-language': 'hi' },
    });
    expect(response.body.error).toBe('Tickets for this event are not on sale yet.');
    expect(hindi.body.code).toBe('EVENT_NOT_PUBLISHED');
    expect(hindi.body.error).not.toBe(response.body.error);
  });

  it('only an admin may publish it', async () => {
    for (const caller of [manager, guest]) {
      const refused = await server.request('POST', '/api/admin/event/publish', { token: caller.token });
      expect(refused.status).toBe(403);
    }
  });

  it('once published (with an organiser profile), guests see it and can buy; publishing again changes nothing', async () => {
    await server.request('PUT', '/api/admin/organiser', {
      token: admin.token,
      body: { name: 'Navratri Nights', supportEmail: 'help@navratri.example' },
    });
    const published = await server.request('POST', '/api/admin/event/publish', { token: admin.token });
    expect(published.status, published.text).toBe(200);
    const again = await server.request('POST', '/api/admin/event/publish', { token: admin.token });
    expect(again.body.data.publishedAt).toBe(published.body.data.publishedAt);
    const seen = await server.request('GET', '/api/event');
    expect(seen.body.data).toMatchObject({ id: draft.id, published: true });
    const order = await createOrder(server, guest, draft, 2);
    expect(order.status, order.text).toBe(200);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'event.published')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describeEachDatabase('an event created without the published field', (engine) => {
  const server = useServer(engine);

  it('is on sale at once, and publishing it is a no-op', async () => {
    const admin = await newUser(server, { role: 'admin' });
    const created = await server.request('POST', '/api/event', { token: admin.token, body: newEventBody() });
    expect(created.body.data).toMatchObject({ published: true });
    expect(created.body.data.publishedAt).toBe(created.body.data.createdAt);
    expect((await server.request('GET', '/api/event')).body.data.id).toBe(created.body.data.id);
    const publish = await server.request('POST', '/api/admin/event/publish', { token: admin.token });
    expect(publish.status).toBe(200);
  });
});
