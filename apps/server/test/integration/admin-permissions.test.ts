import { type Action, ROLES, type Role, rolesFor } from '@utsav/domain/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The permission table (docs/product.md#roles), route by route: each admin and manager route is called by a
// signed-out visitor and by each role, and must answer exactly what rolesFor(action) says. A call that is
// allowed names the status it gives (a made-up id gives 404, so nothing real is changed); routes owned by
// other modules (refunds) are checked only for "not refused".

const MISSING = '00000000-0000-4000-8000-000000000000';

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  action: Action;
  body?: unknown;
  /** The status when the role may act; null: anything but 401/403. */
  allowed: number | null;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/admin/users', action: 'users:view', allowed: 200 },
  { method: 'GET', path: '/api/admin/users/count', action: 'users:view', allowed: 200 },
  {
    method: 'PATCH',
    path: `/api/admin/users/${MISSING}/role`,
    action: 'users:change-role',
    body: { role: 'manager' },
    allowed: 404,
  },
  { method: 'DELETE', path: `/api/admin/users/${MISSING}`, action: 'users:delete', allowed: 404 },
  { method: 'GET', path: '/api/admin/tickets/management', action: 'tickets:view', allowed: 200 },
  { method: 'GET', path: '/api/tickets/admin/all?status=active', action: 'tickets:view', allowed: 200 },
  { method: 'GET', path: '/api/tickets/admin/stats', action: 'tickets:view', allowed: 200 },
  {
    method: 'PATCH',
    path: `/api/tickets/admin/${MISSING}/status`,
    action: 'tickets:change-status',
    body: { status: 'cancelled' },
    allowed: 404,
  },
  {
    method: 'PATCH',
    path: '/api/admin/tickets/bulk-update',
    action: 'tickets:change-status',
    body: { ticketIds: [MISSING], status: 'cancelled' },
    allowed: 404,
  },
  { method: 'DELETE', path: `/api/admin/tickets/${MISSING}`, action: 'tickets:delete', allowed: 404 },
  { method: 'GET', path: '/api/admin/tickets/export?format=csv', action: 'tickets:export', allowed: 200 },
  { method: 'GET', path: '/api/admin/tickets/export?format=json', action: 'tickets:export', allowed: 200 },
  { method: 'GET', path: '/api/admin/attendees/export?format=csv', action: 'tickets:export', allowed: 200 },
  { method: 'GET', path: '/api/admin/attendees/export?format=json', action: 'tickets:export', allowed: 200 },
  { method: 'GET', path: '/api/admin/audit?action=order.paid', action: 'audit:view', allowed: 200 },
  // Allowed, then refused for what it is: no night has been called off here.
  { method: 'POST', path: '/api/admin/event/change/retry', action: 'event:write', allowed: 409 },
  { method: 'GET', path: '/api/admin/analytics/dashboard', action: 'analytics:view', allowed: 200 },
  { method: 'GET', path: '/api/admin/analytics/sales-breakdown', action: 'analytics:view', allowed: 200 },
  {
    method: 'POST',
    path: '/api/tickets/admin/issue-manual',
    action: 'tickets:issue-manual',
    body: { userId: MISSING, quantity: 1 },
    allowed: 404,
  },
  {
    method: 'POST',
    path: '/api/tickets/admin/generate-pdf',
    action: 'tickets:issue-manual',
    body: { ticketIds: [MISSING] },
    allowed: 404,
  },
  {
    method: 'POST',
    path: '/api/tickets/admin/generate-separate-pdfs',
    action: 'tickets:issue-manual',
    body: { ticketIds: [MISSING] },
    allowed: 404,
  },
  { method: 'GET', path: '/api/admin/system/health', action: 'system:health', allowed: 200 },
  // The event exists already: creating another is a conflict, an empty edit a validation error.
  { method: 'POST', path: '/api/event', action: 'event:write', body: {}, allowed: 400 },
  { method: 'PUT', path: '/api/event', action: 'event:write', body: {}, allowed: 400 },
  // Owned by the refunds module; here only the permission answer is checked.
  { method: 'GET', path: '/api/refunds/admin/all', action: 'refunds:view', allowed: null },
  { method: 'GET', path: '/api/refunds/admin/stats', action: 'refunds:view', allowed: null },
  { method: 'POST', path: `/api/refunds/admin/${MISSING}/retry`, action: 'refunds:retry', allowed: null },
];

describeEachDatabase('admin permissions', (engine) => {
  const server = useServer(engine);
  const people = {} as Record<Role, TestUser>;

  beforeAll(async () => {
    await newEvent(server);
    for (const role of ROLES) people[role] = await newUser(server, { role });
  });

  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      it('a signed-out visitor gets 401', async () => {
        const response = await server.request(route.method, route.path, { body: route.body });
        expect(response.status, response.text).toBe(401);
      });

      for (const role of ROLES) {
        const allowed = rolesFor(route.action).includes(role);
        it(`${role} is ${allowed ? 'allowed' : 'refused with 403'} (${route.action})`, async () => {
          const response = await server.request(route.method, route.path, {
            token: people[role].token,
            body: route.body,
          });
          if (!allowed) {
            expect(response.status, response.text).toBe(403);
            expect(response.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
          } else if (route.allowed === null) {
            expect([401, 403], response.text).not.toContain(response.status);
          } else {
            expect(response.status, response.text).toBe(route.allowed);
          }
        });
      }
    });
  }
});
