import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, webhooksDelivered } from '../../support/purchase';
import { useServer } from '../../support/server';

// Responses as the bytes on the wire (node:http does not decode), so the tests see the encoding itself.

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

const ASSET = 'assets/index-Ab12Cd34.js';
const SCRIPT = `export const greeting = ${JSON.stringify('Jai Ambe! '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Utsav</title>
<script type="module" src="/${ASSET}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
/** A start page's own document (apps/web/build/start-page-documents.ts). */
const GUEST_HTML = INDEX_HTML.replace('<html lang="en">', '<html lang="en" data-static-page="guest">');

/** A built web app as Vite (with the precompress plugin) leaves it: each file, plus .br and .gz beside it. */
function fakeWebBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'dashboard'), { recursive: true });
  for (const [file, text] of [
    [ASSET, SCRIPT],
    ['index.html', INDEX_HTML],
    ['dashboard/guest.html', GUEST_HTML],
  ] as const) {
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  }
}

describeEachDatabase('compression', (engine) => {
  const server = useServer(engine, {
    env: PURCHASE_ENV,
    adjust: (config) => {
      const webDistDir = join(config.dataDir, 'web-dist');
      fakeWebBuild(webDistDir);
      return { ...config, webDistDir };
    },
  });

  it('a hashed asset asked for with br is served from its .br file, cached for a year', async () => {
    const response = await rawRequest(server.url, `/${ASSET}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('a client that takes only gzip gets the .gz file, and one that takes nothing gets the plain file', async () => {
    const gzipOnly = await rawRequest(server.url, `/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipOnly)).toBe(SCRIPT);

    const identity = await rawRequest(server.url, `/${ASSET}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(SCRIPT);
  });

  it("index.html, any SPA route that falls back to it and a start page's own document are sent from their .br, and must revalidate", async () => {
    for (const [path, html] of [
      ['/', INDEX_HTML],
      ['/dashboard/qrchecker', INDEX_HTML],
      ['/dashboard/guest', GUEST_HTML],
    ] as const) {
      const response = await rawRequest(server.url, path, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(decoded(response), path).toBe(html);
    }
  });

  it('a large API response (the check-in snapshot) is compressed, a small one is not', async () => {
    const event = await newEvent(server);
    const guest = await newUser(server, { name: 'Meera Shah' });
    const checker = await newUser(server, { role: 'qrchecker' });
    await issuePaidTickets(server.ctx, { eventId: event.id, userId: guest.user.id, quantity: 20 });
    const headers = { authorization: `Bearer ${checker.token}`, 'accept-encoding': 'gzip, br' };

    const snapshot = await rawRequest(server.url, '/api/tickets/checkin/snapshot', { headers });
    expect(snapshot.status).toBe(200);
    expect(['br', 'gzip']).toContain(snapshot.headers['content-encoding']);
    const json = decoded(snapshot);
    expect(JSON.parse(json).tickets).toHaveLength(20);
    expect(snapshot.body.length).toBeLessThan(json.length / 2);

    const health = await rawRequest(server.url, '/api/health', { headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('the streamed ticket export is still a complete CSV when compressed', async () => {
    const manager = await newUser(server, { role: 'manager' });
    const response = await rawRequest(server.url, '/api/admin/tickets/export?format=csv', {
      headers: { authorization: `Bearer ${manager.token}`, 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const lines = decoded(response).trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(20);
  });

  it('the Razorpay webhook still checks the exact bytes, and a purchase completes through it', async () => {
    const event = (await server.request('GET', '/api/event')).body.data;
    const buyer = await newUser(server);
    const { tickets } = await buy(server, buyer, event, 2);
    expect(tickets).toHaveLength(2);
    await webhooksDelivered(server);

    // A gzip body is not decompressed for the webhook: the signature covers the bytes as sent.
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: {} });
    const signature = webhookSignature(body, server.config.razorpay.webhookSecret);
    const zipped = await new Promise<RawResponse>((resolve, reject) => {
      const request = httpRequest(`${server.url}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': 'evt_Zipped00000001',
        },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end(gzipSync(body));
    });
    expect(zipped.status).toBe(400);
    expect(JSON.parse(zipped.body.toString('utf8'))).toMatchObject({ success: false });
  });
});
