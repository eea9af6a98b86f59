import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { addDays, istDate } from '@utsav/domain/time';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { useServer } from '../../support/server';

// A real 1x1 PNG: its first bytes say PNG whatever the data URL claims.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

const cases: Array<[field: string, overrides: Record<string, unknown>, message: string]> = [
  ['name', { name: '' }, EVENT_MESSAGES.name],
  ['date', { date: undefined }, EVENT_MESSAGES.dateRequired],
  ['date', { date: '2001-01-01' }, EVENT_MESSAGES.datePast],
  ['venue', { venue: '   ' }, EVENT_MESSAGES.venue],
  ['description', { description: undefined }, EVENT_MESSAGES.description],
  ['startTime', { startTime: '' }, EVENT_MESSAGES.startRequired],
  ['endTime', { endTime: undefined }, EVENT_MESSAGES.endRequired],
  ['startTime', { startTime: '7pm' }, EVENT_MESSAGES.startFormat],
  ['endTime', { endTime: '24:30' }, EVENT_MESSAGES.endFormat],
  ['endTime', { startTime: '22:00', endTime: '21:00' }, EVENT_MESSAGES.endAfterStart],
  ['ticketPrice', { ticketPrice: 0 }, EVENT_MESSAGES.ticketPrice],
  ['groupPrice4', { groupPrice4: -5 }, EVENT_MESSAGES.groupPrice4],
  ['totalTickets', { totalTickets: 10.5 }, EVENT_MESSAGES.totalTickets],
  ['eventImage', { eventImage: 'data:image/bmp;base64,Qk0=' }, EVENT_MESSAGES.image],
];

describeEachDatabase('event', (engine) => {
  const server = useServer(engine);
  let admin: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    guest = await newUser(server);
  });

  it('GET /event answers data: null and exists: false before an event is created', async () => {
    expect((await server.request('GET', '/api/event')).body).toEqual({
      success: true,
      data: null,
      organiser: null,
    });
    expect((await server.request('GET', '/api/event/exists')).body).toEqual({ success: true, exists: false });
  });

  it('PUT /event before any event exists is 404 EVENT_NOT_FOUND', async () => {
    const response = await server.request('PUT', '/api/event', { token: admin.token, body: newEventBody() });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('EVENT_NOT_FOUND');
  });

  it('a guest calling POST /event gets 403 FORBIDDEN', async () => {
    const response = await server.request('POST', '/api/event', { token: guest.token, body: newEventBody() });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('a manager calling PUT /event gets 403 FORBIDDEN', async () => {
    const manager = await newUser(server, { role: 'manager' });
    const response = await server.request('PUT', '/api/event', {
      token: manager.token,
      body: newEventBody(),
    });
    expect(response.status).toBe(403);
  });

  it.each(cases)('%s: answers "%s" for its field', async (field, overrides, message) => {
    const response = await server.request('POST', '/api/event', {
      token: admin.token,
      body: newEventBody(overrides),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details).toContainEqual({ field, message });
  });

  it('several invalid fields come back together under the generic headline', async () => {
    const response = await server.request('POST', '/api/event', { token: admin.token, body: {} });
    expect(response.body.error).toBe(EVENT_MESSAGES.fixErrorsShort);
    const fields = response.body.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'date', 'venue', 'description', 'startTime', 'endTime', 'ticketPrice']),
    );
  });

  it('one invalid field puts its own message in the headline', async () => {
    const response = await server.request('POST', '/api/event', {
      token: admin.token,
      body: newEventBody({ name: '' }),
    });
    expect(response.body.error).toBe(EVENT_MESSAGES.name);
  });

  it('today in IST is accepted as the event date', async () => {
    const response = await server.request('POST', '/api/event', {
      token: admin.token,
      body: newEventBody({ date: istDate(new Date()), name: '' }),
    });
    expect(response.body.details).toEqual([{ field: 'name', message: EVENT_MESSAGES.name }]);
  });

  it('an image whose bytes are SVG or text is refused even when labelled image/png', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ).toString('base64');
    const text = Buffer.from('just some text pretending to be a picture').toString('base64');
    for (const payload of [svg, text]) {
      const response = await server.request('POST', '/api/event', {
        token: admin.token,
        body: newEventBody({ eventImage: `data:image/png;base64,${payload}` }),
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'eventImage', message: EVENT_MESSAGES.image }]);
    }
  });

  it('an image over 5 MB is refused with the size message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    Buffer.from(PNG_BASE64, 'base64').copy(big);
    const response = await server.request('POST', '/api/event', {
      token: admin.token,
      body: newEventBody({ eventImage: `data:image/png;base64,${big.toString('base64')}` }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'eventImage', message: EVENT_MESSAGES.imageSize });
  });

  describe('once created', () => {
    let created: Record<string, unknown>;

    beforeAll(async () => {
      const response = await server.request('POST', '/api/event', {
        token: admin.token,
        body: newEventBody({ eventImage: PNG_DATA_URL, groupPrice4: '249.50' }),
      });
      expect(response.status).toBe(200);
      created = response.body.data;
    });

    it('POST /event answers the event in rupees with derived availability', () => {
      expect(created).toMatchObject({
        name: 'Test Garba Night',
        ticketPrice: 299,
        groupPrice4: 249.5,
        totalTickets: 500,
        availableTickets: 500,
        soldTickets: 0,
        soldPercentage: 0,
        features: ['Live dhol', 'Food stalls'],
      });
      expect(created._id).toBe(created.id);
    });

    it('a second POST /event is 409 EVENT_EXISTS', async () => {
      const response = await server.request('POST', '/api/event', {
        token: admin.token,
        body: newEventBody(),
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('EVENT_EXISTS');
    });

    it('GET /event carries the image as its own URL, never base64', async () => {
      const response = await server.request('GET', '/api/event');
      expect(response.body.data.eventImage).toMatch(/^\/api\/event\/image\/[a-f0-9]{64}$/);
      expect(response.text).not.toContain('base64');
      expect(response.text).not.toContain(PNG_BASE64.slice(0, 20));
      expect((await server.request('GET', '/api/event/exists')).body.exists).toBe(true);
    });

    it('the image is served with its sniffed type and immutable cache headers', async () => {
      const url = (await server.request('GET', '/api/event')).body.data.eventImage;
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Our own re-encoding of the upload (event-image.test.ts), the same picture.
      const served = Buffer.from(await response.arrayBuffer());
      expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    });

    it('an unknown image id is 404 in the envelope', async () => {
      const response = await server.request('GET', `/api/event/image/${'0'.repeat(64)}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });

    it('PUT /event keeps the stored image when sent its URL and changes the other fields', async () => {
      const body = newEventBody({ name: 'Renamed Night', eventImage: created.eventImage, totalTickets: 800 });
      const response = await server.request('PUT', '/api/event', { token: admin.token, body });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        id: created.id,
        name: 'Renamed Night',
        totalTickets: 800,
        eventImage: created.eventImage,
      });
    });

    it('PUT /event with an empty image removes the picture', async () => {
      const response = await server.request('PUT', '/api/event', {
        token: admin.token,
        body: newEventBody({ eventImage: '' }),
      });
      expect(response.body.data.eventImage).toBeNull();
      const gone = await fetch(`${server.url}${created.eventImage}`);
      expect(gone.status).toBe(404);
    });

    it('an event date is validated against today again on edit', async () => {
      const body = newEventBody({ date: addDays(istDate(new Date()), -1) });
      const response = await server.request('PUT', '/api/event', { token: admin.token, body });
      expect(response.body.details).toEqual([{ field: 'date', message: EVENT_MESSAGES.datePast }]);
    });
  });
});
