import { beforeAll, describe, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { useServer } from '../../support/server';
import {
  expectFields,
  expectRefusal,
  expectSuccess,
  PNG_DATA_URL,
  SPEC_ADMIN_TICKET_FIELDS,
  SPEC_PAGINATION_FIELDS,
  SPEC_REFUND_FIELDS,
} from '../../support/spec-contract';

// Every staff call (docs/product.md#api), made as a client written against the original contract makes it (its payloads, its query
// parameters), as the admin, and as the manager where the spec gives a manager the screen, asserting the
// fields that contract names. docs/contracts.md "Compatibility with the original contract" lists the same calls.

// A real 1x1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const EVENT_FIELDS = [
  'name',
  'venue',
  'description',
  'date',
  'startTime',
  'endTime',
  'ticketPrice',
  'groupPrice4',
  'totalTickets',
  'availableTickets',
  'soldTickets',
  'soldPercentage',
  'eventImage',
  'features',
  'aboutText',
] as const;

describeEachDatabase('original contract, staff calls', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let eventId: string;
  let ticketIds: string[];
  let manualTicketId: string;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin', name: 'Spec Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Spec Manager' });
    guest = await newUser(server, { name: 'Listed Guest' });
  });

  describe('Event', () => {
    it('GET /event/exists before any event: data.exists false', async () => {
      const response = await server.request('GET', '/api/event/exists');
      expect(response.body.exists).toBe(false);
    });

    it('POST /event with the form body (features a list, image a data URL): data.data in rupees', async () => {
      const response = await server.request('POST', '/api/event', {
        token: admin.token,
        body: newEventBody({
          ticketPrice: 299,
          groupPrice4: 249,
          totalTickets: 1000,
          eventImage: PNG,
          features: ['Live dhol', 'Food stalls'],
          aboutText: 'About',
        }),
      });
      expectSuccess(response, 'POST /event');
      expectFields(response.body.data, ['_id', 'id', ...EVENT_FIELDS], 'created event');
      expect(response.body.data).toMatchObject({
        ticketPrice: 299,
        groupPrice4: 249,
        features: ['Live dhol', 'Food stalls'],
      });
      eventId = response.body.data.id;
    });

    it('PUT /event with the same body shape, the image sent back as it was read', async () => {
      const current = (await server.request('GET', '/api/event')).body.data;
      const response = await server.request('PUT', '/api/event', {
        token: admin.token,
        body: newEventBody({
          ticketPrice: 299,
          groupPrice4: 249,
          totalTickets: 1200,
          eventImage: current.eventImage,
        }),
      });
      expectSuccess(response, 'PUT /event');
      expect(response.body.data).toMatchObject({ totalTickets: 1200, eventImage: current.eventImage });
    });

    it('GET /event: data.data; GET /event/exists: data.exists', async () => {
      const event = await server.request('GET', '/api/event');
      expectFields(event.body.data, EVENT_FIELDS, 'event');
      expect((await server.request('GET', '/api/event/exists')).body.exists).toBe(true);
    });
  });

  describe('Admin tickets', () => {
    beforeAll(async () => {
      const tickets = await issuePaidTickets(server.ctx, { eventId, userId: guest.user.id, quantity: 4 });
      ticketIds = tickets.map((ticket) => ticket.id);
    });

    it('GET /tickets/admin/all and /admin/tickets/management (status, search, page, limit): tickets and pagination', async () => {
      for (const path of ['/api/tickets/admin/all', '/api/admin/tickets/management']) {
        for (const user of [admin, manager]) {
          const response = await server.request(
            'GET',
            `${path}?status=active&search=Listed&page=1&limit=20`,
            {
              token: user.token,
            },
          );
          expectSuccess(response, path);
          expect(response.body.tickets).toHaveLength(4);
          for (const ticket of response.body.tickets) {
            expectFields(ticket, SPEC_ADMIN_TICKET_FIELDS, `${path} ticket`);
            expectFields(ticket.user, ['name', 'email'], 'ticket.user');
            expectFields(ticket.metadata, ['issuedByAdmin', 'issuedBy', 'notes'], 'ticket.metadata');
            expect(ticket.price).toBe(299);
            expect(ticket.qrCodeImage).toMatch(PNG_DATA_URL);
          }
          expectFields(response.body.pagination, [...SPEC_PAGINATION_FIELDS, 'totalTickets'], 'pagination');
        }
      }
    });

    it('GET /tickets/admin/stats: total and revenue (rupees)', async () => {
      const response = await server.request('GET', '/api/tickets/admin/stats', { token: admin.token });
      expectSuccess(response, 'tickets/admin/stats');
      expect(response.body.stats).toMatchObject({ total: 4, revenue: 4 * 299 });
    });

    it('PATCH /tickets/admin/{id}/status {status} and PATCH /admin/tickets/bulk-update {ticketIds, status}', async () => {
      const one = await server.request('PATCH', `/api/tickets/admin/${ticketIds[0]}/status`, {
        token: admin.token,
        body: { status: 'used' },
      });
      expectSuccess(one, 'status');
      const bulk = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: ticketIds.slice(1, 3), status: 'cancelled' },
      });
      expectSuccess(bulk, 'bulk-update');
    });

    it('POST /tickets/admin/issue-manual, new user: user (name, email, isNewUser), tickets with id, totalAmount', async () => {
      const response = await server.request('POST', '/api/tickets/admin/issue-manual', {
        token: admin.token,
        body: {
          userName: 'Cash Buyer',
          userEmail: 'cash.buyer@example.test',
          quantity: 4,
          paymentDone: true,
          notes: 'Paid at the desk',
          ticketNames: ['Cash Buyer', '', 'Friend One', 'Friend Two'],
        },
      });
      expectSuccess(response, 'issue-manual');
      expectFields(response.body.user, ['name', 'email', 'isNewUser'], 'issued user');
      expect(response.body.user.isNewUser).toBe(true);
      expect(response.body.tickets).toHaveLength(4);
      for (const ticket of response.body.tickets) expectFields(ticket, ['id'], 'issued ticket');
      manualTicketId = response.body.tickets[0].id;
      // The pricing rule: quantity 4 with a group price is quantity x groupPrice4, in rupees.
      expect(response.body.totalAmount).toBe(4 * 249);
    });

    it('POST /tickets/admin/issue-manual, existing user (userId, defaults for quantity and paymentDone)', async () => {
      const response = await server.request('POST', '/api/tickets/admin/issue-manual', {
        token: manager.token,
        body: { userId: guest.user.id, notes: '', ticketNames: [] },
      });
      expectSuccess(response, 'issue-manual existing');
      expect(response.body.user).toMatchObject({ email: guest.email, isNewUser: false });
      expect(response.body.tickets).toHaveLength(1);
    });

    it('POST /tickets/admin/generate-pdf and generate-separate-pdfs {ticketIds}: a PDF and a zip', async () => {
      const pdf = await server.request('POST', '/api/tickets/admin/generate-pdf', {
        token: admin.token,
        body: { ticketIds: [ticketIds[3]] },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      const zip = await server.request('POST', '/api/tickets/admin/generate-separate-pdfs', {
        token: admin.token,
        body: { ticketIds: [ticketIds[3]] },
      });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toContain('application/zip');
    });

    it('GET /admin/tickets/export?format=csv is text, format=json an object', async () => {
      const csv = await server.request('GET', '/api/admin/tickets/export?format=csv', { token: admin.token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const json = await server.request('GET', '/api/admin/tickets/export?format=json', {
        token: admin.token,
      });
      expect(json.status).toBe(200);
      expect(json.body).toBeTypeOf('object');
    });

    it('DELETE /admin/tickets/{id} (a manually issued ticket; one bought online keeps its payment record)', async () => {
      const response = await server.request('DELETE', `/api/admin/tickets/${manualTicketId}`, {
        token: admin.token,
      });
      expectSuccess(response, 'delete ticket');
    });
  });

  describe('Admin users and system', () => {
    it('GET /admin/users (role, search, page, limit): data.users and data.pagination; the manager list too', async () => {
      const cases = [
        { user: admin, query: 'role=guest&search=&page=1&limit=100' },
        { user: manager, query: 'page=1&limit=50' },
      ];
      for (const { user, query } of cases) {
        const response = await server.request('GET', `/api/admin/users?${query}`, { token: user.token });
        expectSuccess(response, `users ${query}`);
        for (const listed of response.body.users) {
          expectFields(listed, ['_id', 'name', 'email', 'role', 'createdAt', 'lastLogin'], 'listed user');
          expectFields(listed, ['profilePicture', 'photoURL', 'displayName'], 'listed user');
        }
        expectFields(response.body.pagination, [...SPEC_PAGINATION_FIELDS, 'totalUsers'], 'users pagination');
      }
    });

    it('GET /admin/users/count: data.count', async () => {
      const response = await server.request('GET', '/api/admin/users/count', { token: manager.token });
      expectSuccess(response, 'users/count');
      expect(response.body.count).toBeGreaterThanOrEqual(4);
    });

    it('PATCH /admin/users/{id}/role {role} (admin only) and DELETE /admin/users/{id}', async () => {
      const target = await newUser(server);
      const refused = await server.request('PATCH', `/api/admin/users/${target.user.id}/role`, {
        token: manager.token,
        body: { role: 'qrchecker' },
      });
      expectRefusal(refused, 403, 'FORBIDDEN', 'manager role change');
      const changed = await server.request('PATCH', `/api/admin/users/${target.user.id}/role`, {
        token: admin.token,
        body: { role: 'qrchecker' },
      });
      expectSuccess(changed, 'role');
      const deleted = await server.request('DELETE', `/api/admin/users/${target.user.id}`, {
        token: admin.token,
      });
      expectSuccess(deleted, 'delete user');
    });

    it('GET /admin/analytics/dashboard: data.data with the analytics fields, money in rupees', async () => {
      for (const user of [admin, manager]) {
        const response = await server.request('GET', '/api/admin/analytics/dashboard', { token: user.token });
        expectSuccess(response, 'analytics');
        const data = response.body.data;
        expectFields(
          data,
          ['revenue', 'tickets', 'users', 'analytics', 'event', 'salesChart', 'hourlySales'],
          'data',
        );
        expectFields(data.revenue, ['total', 'today'], 'revenue');
        expectFields(data.tickets, ['total', 'soldToday'], 'tickets');
        expectFields(data.users, ['total'], 'users');
        expectFields(data.analytics, ['averageTicketValue', 'conversionRate'], 'analytics');
        expectFields(
          data.event,
          ['soldTickets', 'availableTickets', 'soldPercentage', 'ticketPrice'],
          'event',
        );
        expect(data.event.ticketPrice).toBe(299);
        for (const entry of [...data.salesChart, ...data.hourlySales]) {
          expectFields(entry, ['_id', 'count', 'revenue'], 'chart entry');
        }
      }
    });

    it('GET /admin/system/health answers', async () => {
      const response = await server.request('GET', '/api/admin/system/health', { token: admin.token });
      expectSuccess(response, 'system/health');
    });
  });

  describe('Refunds', () => {
    beforeAll(async () => {
      const [ticket] = await issuePaidTickets(server.ctx, { eventId, userId: guest.user.id, quantity: 1 });
      const cancelled = await server.request('PATCH', `/api/tickets/cancel/${ticket!.id}`, {
        token: guest.token,
        body: { reason: 'Plans changed' },
      });
      expectSuccess(cancelled, 'guest cancel');
    });

    it('GET /refunds/admin/all (status, search, page, limit): refunds with user and ticket, and pagination', async () => {
      for (const user of [admin, manager]) {
        const response = await server.request(
          'GET',
          '/api/refunds/admin/all?status=&search=&page=1&limit=20',
          {
            token: user.token,
          },
        );
        expectSuccess(response, 'refunds/admin/all');
        expect(response.body.refunds.length).toBeGreaterThanOrEqual(1);
        for (const refund of response.body.refunds) {
          expectFields(refund, SPEC_REFUND_FIELDS, 'admin refund');
          expectFields(refund.user, ['name', 'email'], 'refund.user');
          expectFields(refund.ticket, ['ticketId', 'eventName'], 'refund.ticket');
        }
        expect(response.body.refunds[0]).toMatchObject({
          originalAmount: 299,
          refundAmount: 279,
          processingFee: 20,
        });
        expectFields(
          response.body.pagination,
          [...SPEC_PAGINATION_FIELDS, 'totalRefunds'],
          'refunds pagination',
        );
      }
    });

    it('GET /refunds/admin/stats: data.stats', async () => {
      const response = await server.request('GET', '/api/refunds/admin/stats', { token: admin.token });
      expectSuccess(response, 'refunds/admin/stats');
      expectFields(
        response.body.stats,
        ['total', 'pending', 'processing', 'processed', 'failed', 'totalRefundAmount'],
        'refund stats',
      );
    });
  });
});
