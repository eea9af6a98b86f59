import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import razorpayEmulator from '../src/plugin';
import { KEY_ID, KEY_SECRET, WEBHOOK_SECRET } from './harness';

// Debian's headless shell when installed (lighter; what the browser tests drive), else the full browser.
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`checkout.browser.test: skipped — ${CHROMIUM} is not installed`);

// The same policy the app serves: checkout.js must need neither inline scripts nor eval.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

const PAGE = (orderId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout test</title>
<script src="/app.js"></script>
<script src="/razorpay-emulator/checkout.js"></script>
</head><body data-order-id="${orderId}" data-key="${KEY_ID}">
<main><h1>Utsav</h1><button id="buy" type="button">Book tickets</button></main>
</body></html>`;

const APP_JS = `
window.__events = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
document.addEventListener('DOMContentLoaded', () => {
  document.getElementById('buy').addEventListener('click', () => {
    const { orderId, key } = document.body.dataset;
    const rzp = new Razorpay({
      key, order_id: orderId, amount: 59800, currency: 'INR',
      name: 'Utsav — Garba Night', description: '2 × Individual ticket',
      prefill: { name: 'Asha Patel', email: 'asha@example.com', contact: '+919876543210' },
      theme: { color: '#b4235a' },
      handler: (response) => window.__events.push({ type: 'handler', response }),
      modal: { ondismiss: () => window.__events.push({ type: 'dismiss' }) },
    });
    rzp.on('payment.failed', (response) => window.__events.push({ type: 'failed', response }));
    rzp.open();
  });
});
`;

interface PageEvent {
  type: 'handler' | 'dismiss' | 'failed';
  response: {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
    error: Record<string, unknown>;
  };
}

describe.skipIf(!hasChromium)(`checkout.js in a real browser (needs ${CHROMIUM})`, () => {
  let app: FastifyInstance;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    app = Fastify();
    await app.register(razorpayEmulator, {
      prefix: '/razorpay-emulator',
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
    });
    app.get<{ Querystring: { order: string } }>('/', async (request, reply) =>
      reply.type('text/html').header('content-security-policy', CSP).send(PAGE(request.query.order)),
    );
    app.get('/app.js', async (_request, reply) => reply.type('application/javascript').send(APP_JS));
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function newOrder(): Promise<string> {
    const response = await fetch(`${origin}/razorpay-emulator/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 59_800, currency: 'INR' }),
    });
    return ((await response.json()) as { id: string }).id;
  }

  async function openSheet(): Promise<{ page: Page; orderId: string }> {
    const orderId = await newOrder();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    // Nothing may leave the machine: a CDN fallback must fail loudly, not hide.
    await page.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
    );
    await page.goto(`${origin}/?order=${orderId}`);
    await page.getByRole('button', { name: 'Book tickets' }).click();
    await page.getByRole('dialog', { name: 'Utsav — Garba Night' }).waitFor();
    return { page, orderId };
  }

  // Expressions as strings: this project has no DOM typings, and these run in the page anyway.
  const pageEvents = (page: Page) => page.evaluate<PageEvent[]>('window.__events');
  const violations = (page: Page) => page.evaluate<string[]>('window.__violations');
  const focusInDialog = (page: Page) =>
    page.evaluate<boolean>(`!!document.activeElement?.closest('[role="dialog"]')`);

  it('pays with UPI and hands the page a payment id with a valid signature', async () => {
    const { page, orderId } = await openSheet();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('₹598.00').count()).toBe(1);
    await expect(dialog.getByText('Test payment — no money moves').isVisible()).resolves.toBe(true);
    expect(await focusInDialog(page)).toBe(true);
    await page.screenshot({
      animations: 'disabled',
      path: join(process.env.SCREENSHOT_DIR ?? tmpdir(), 'razorpay-emulator-sheet-390.png'),
    });

    await dialog.getByRole('button', { name: 'Pay with UPI' }).click();
    await expect.poll(async () => (await pageEvents(page)).length).toBe(1);
    const [event] = await pageEvents(page);
    expect(event!.type).toBe('handler');
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = event!.response;
    expect(razorpay_order_id).toBe(orderId);
    expect(razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(razorpay_signature).toBe(
      createHmac('sha256', KEY_SECRET).update(`${orderId}|${razorpay_payment_id}`).digest('hex'),
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('dismisses on Escape, calls modal.ondismiss and gives focus back to the page', async () => {
    const { page } = await openSheet();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await pageEvents(page)).map((e) => e.type)).toEqual(['dismiss']);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate<string>('document.activeElement?.id')).toBe('buy');
    await page.context().close();
  });

  it('reports a simulated failure through payment.failed and keeps the sheet open for a retry', async () => {
    const { page, orderId } = await openSheet();
    await page.getByRole('button', { name: 'Simulate failure' }).click();
    await expect.poll(async () => (await pageEvents(page)).length).toBe(1);
    const [event] = await pageEvents(page);
    expect(event!.type).toBe('failed');
    expect(event!.response.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      reason: 'payment_failed',
      metadata: { order_id: orderId, payment_id: expect.stringMatching(/^pay_/) },
    });
    await page.getByRole('dialog').getByText('Payment failed. Try again').waitFor();
    await page.screenshot({
      animations: 'disabled',
      path: join(process.env.SCREENSHOT_DIR ?? tmpdir(), 'razorpay-emulator-sheet-failed.png'),
    });
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await expect.poll(async () => (await pageEvents(page)).map((e) => e.type)).toEqual(['failed', 'handler']);
    await page.context().close();
  });
});
