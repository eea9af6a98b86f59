import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser } from '../../support/factories';
import { type TestServer, useServer } from '../../support/server';

// A frontend on another origin (the API's rule: "send JSON and credentials, and add a bearer identity token
// header") calling the API, as a browser does it: a preflight, then the call, then the event image in an <img>.

const FRONTEND = 'https://tickets.example.com';
const OTHER_FRONTEND = 'http://localhost:5173';
const STRANGER = 'https://evil.example.net';
// http: an https PUBLIC_URL is a production sign, which the development stand-ins refuse to run beside.
const PUBLIC_URL = 'http://api.example.com';

// A real 1x1 PNG.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function preflight(server: TestServer, origin: string, path = '/api/tickets/create-order') {
  return server.request('OPTIONS', path, {
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

async function eventImagePath(server: TestServer): Promise<string> {
  const admin = await newUser(server, { role: 'admin' });
  const created = await server.request('POST', '/api/event', {
    token: admin.token,
    body: newEventBody({ eventImage: PNG_DATA_URL }),
  });
  expect(created.status, created.text).toBe(200);
  return created.body.data.eventImage;
}

describeEachDatabase('CORS', (engine) => {
  describe('with CORS_ORIGINS listing two frontends', () => {
    const server = useServer(engine, {
      env: { CORS_ORIGINS: `${FRONTEND}, ${OTHER_FRONTEND}`, PUBLIC_URL },
    });

    it('a listed origin’s preflight is allowed with credentials and the headers the original contract’s calls send', async () => {
      for (const origin of [FRONTEND, OTHER_FRONTEND]) {
        const response = await preflight(server, origin);
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        expect(response.headers.get('access-control-allow-credentials')).toBe('true');
        expect(response.headers.get('access-control-allow-methods')).toContain('POST');
        const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
        // The original contract's calls send the first two; our web client adds its language and the waiting room's pass.
        expect(allowed).toEqual(
          expect.arrayContaining([
            'authorization',
            'content-type',
            'accept-language',
            'x-queue-pass',
            'idempotency-key',
          ]),
        );
        expect(response.headers.get('vary')).toMatch(/origin/i);
      }
    });

    it('the calls themselves answer the listed origin with credentials, errors included', async () => {
      const guest = await newUser(server);
      const signedIn = await server.request('GET', '/api/auth/me', {
        token: guest.token,
        headers: { origin: FRONTEND },
      });
      const refused = await server.request('GET', '/api/tickets/my-tickets', {
        headers: { origin: FRONTEND },
      });
      expect([signedIn.status, refused.status]).toEqual([200, 401]);
      for (const response of [signedIn, refused]) {
        expect(response.headers.get('access-control-allow-origin')).toBe(FRONTEND);
        expect(response.headers.get('access-control-allow-credentials')).toBe('true');
        expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
      }
    });

    it('an origin that is not listed gets no CORS permission, and never *', async () => {
      const pre = await preflight(server, STRANGER);
      const call = await server.request('GET', '/api/event/exists', { headers: { origin: STRANGER } });
      for (const response of [pre, call]) {
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      }
    });

    it('the event image is an absolute URL the listed origins may embed (Cross-Origin-Resource-Policy)', async () => {
      const url = await eventImagePath(server);
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/event/image/[a-f0-9]{64}$`));
      const image = await server.request('GET', url.slice(PUBLIC_URL.length), {
        headers: { origin: FRONTEND },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(image.headers.get('access-control-allow-origin')).toBe(FRONTEND);
      // JSON stays same-origin for no-cors loads: only CORS-mode fetches from the listed origins can read it.
      const event = await server.request('GET', '/api/event');
      expect(event.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });
  });

  describe('without CORS_ORIGINS (the default: same-origin only)', () => {
    const server = useServer(engine);

    it('a preflight from another origin gets no CORS permission', async () => {
      const response = await preflight(server, FRONTEND);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('the event image keeps its relative URL and Cross-Origin-Resource-Policy: same-origin', async () => {
      const url = await eventImagePath(server);
      expect(url).toMatch(/^\/api\/event\/image\/[a-f0-9]{64}$/);
      const image = await server.request('GET', url);
      expect(image.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });
  });
});
