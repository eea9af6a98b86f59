import { describe, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { sample } from '../../support/metrics';
import { createOrder, newEvent, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describeEachDatabase('metrics', (engine) => {
  const server = useServer(engine, { env: { ...PURCHASE_ENV, METRICS_TOKEN: TOKEN } });

  it('GET /metrics answers a loopback scraper in Prometheus text format with process metrics', async () => {
    const response = await server.request('GET', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain('# TYPE http_requests_total counter');
    expect(response.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(response.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(response.text, 'utsav_database_up')).toBe(1);
  });

  it('a request that came through a proxy needs the bearer token, and a wrong token gets a 404 envelope', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await server.request('GET', '/metrics', { headers: proxied });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(refused.text).not.toContain('http_requests_total');

    const wrong = await server.request('GET', '/metrics', {
      headers: { ...proxied, authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(404);

    const allowed = await server.request('GET', '/metrics', {
      headers: { ...proxied, authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('http_requests_total');
  });

  it('requests are counted by route pattern, never by the raw URL with its id', async () => {
    const guest = await newUser(server);
    for (const id of ['a1b2c3', 'd4e5f6', 'zz-not-a-ticket']) {
      expect((await server.request('GET', `/api/tickets/${id}`, { token: guest.token })).status).toBe(404);
    }
    await server.request('GET', '/some/page/that/is/not/there.php');
    await server.request('GET', '/api/nothing-here/123');

    const text = (await server.request('GET', '/metrics')).text;
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/api/tickets/:id', status: '404' }),
    ).toBe(3);
    expect(text).not.toContain('a1b2c3');
    expect(text).not.toContain('nothing-here');
    expect(text).not.toContain('there.php');
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/tickets/:id' }),
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/tickets/:id',
        le: '+Inf',
      }),
    ).toBe(3);
  });

  it('tickets, holds, scans, refunds and the outbox are read from the database at scrape time', async () => {
    const event = await newEvent(server);
    const guest = await newUser(server);
    const checker = await newUser(server, { role: 'qrchecker' });
    await issuePaidTickets(server.ctx, { eventId: event.id, userId: guest.user.id, quantity: 3 });
    expect((await createOrder(server, guest, event, 2)).status).toBe(200);

    const [ticket] = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: guest.user.id,
      quantity: 1,
    });
    const scan = { qrCode: ticket!.qr_token, deviceId: 'gate-1-phone' };
    expect(
      (await server.request('POST', '/api/tickets/mark-used', { token: checker.token, body: scan })).status,
    ).toBe(200);
    expect(
      (await server.request('POST', '/api/tickets/mark-used', { token: checker.token, body: scan })).status,
    ).toBe(400);

    const text = (await server.request('GET', '/metrics')).text;
    expect(sample(text, 'utsav_tickets', { status: 'active' })).toBe(3);
    expect(sample(text, 'utsav_tickets', { status: 'used' })).toBe(1);
    expect(sample(text, 'utsav_tickets', { status: 'cancelled' })).toBe(0);
    expect(sample(text, 'utsav_tickets_sold_total', { channel: 'online' })).toBe(4);
    expect(sample(text, 'utsav_tickets_sold_total', { channel: 'manual' })).toBe(0);
    expect(sample(text, 'utsav_holds_live')).toBe(1);
    expect(sample(text, 'utsav_held_tickets')).toBe(2);
    expect(sample(text, 'utsav_checkin_scans_total', { action: 'mark', result: 'admitted' })).toBe(1);
    expect(sample(text, 'utsav_checkin_scans_total', { action: 'mark', result: 'already_used' })).toBe(1);
    expect(sample(text, 'utsav_refunds', { status: 'pending' })).toBe(0);
    // Two paid orders, one confirmation email each, not yet drained by the worker (or already sent).
    expect(sample(text, 'utsav_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sample(text, 'utsav_outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(0);
  });
});

describe('metrics registries', () => {
  const first = useServer('sqlite');
  const second = useServer('sqlite');

  it('two apps in one process count their own requests only', async () => {
    await first.request('GET', '/api/health');
    await first.request('GET', '/api/health');
    await second.request('GET', '/api/health');
    const one = (await first.request('GET', '/metrics')).text;
    const two = (await second.request('GET', '/metrics')).text;
    expect(sample(one, 'http_requests_total', { route: '/api/health', status: '200' })).toBe(2);
    expect(sample(two, 'http_requests_total', { route: '/api/health', status: '200' })).toBe(1);
  });
});
