import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Emulator, newId, type PayInput } from './emulator';
import type { PaymentMethod } from './entities';
import { inputError, RazorpayApiError, unauthorized } from './errors';
import { RefundGate } from './refund-gate';
import { type WebhookMode, WebhookSender } from './webhooks';

export interface RazorpayEmulatorOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * Where events are POSTed. A path ('/api/payments/razorpay/webhook') is resolved against the address
   * this server listens on when each event is sent, so it works with port 0. Empty: events are not sent.
   */
  webhookUrl?: string | (() => string | undefined);
  /** How long a refund stays `pending` before it is processed (or fails when forced). */
  /** How long a refund stays pending (1.5 s by default); null: until POST /_test/refunds/settle. */
  refundDelayMs?: number | null;
  /** Default capture of payments; an order's `payment_capture` / `payment.capture` overrides it. */
  captureMode?: 'automatic' | 'manual';
  webhookMode?: WebhookMode;
  /** Waits between delivery attempts; Razorpay retries for 24 h, a local stand-in gives up sooner. */
  webhookRetryDelaysMs?: number[];
  accountId?: string;
  /**
   * Mounts the unauthenticated /_test routes (pay any order, force refund failures, drop webhooks, read all
   * state). Only for the local product and the tests: never where anyone else can reach the server.
   */
  testRoutes?: boolean;
}

const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'upi'];
const WEBHOOK_MODES: readonly WebhookMode[] = ['normal', 'drop', 'duplicate'];
const CHECKOUT_SCRIPT = readFileSync(new URL('./checkout/checkout.js', import.meta.url), 'utf8');

/**
 * A Razorpay look-alike for local runs and tests, mounted by the server under '/razorpay-emulator':
 * REST under /v1 (same paths, auth, shapes and errors as https://api.razorpay.com/v1), signed webhooks,
 * a checkout script defining window.Razorpay, and /_test hooks. Encapsulated so that its parsers,
 * hooks and error handler never touch the app's own routes.
 */
async function razorpayEmulator(app: FastifyInstance, options: RazorpayEmulatorOptions): Promise<void> {
  const webhooks = new WebhookSender({
    resolveUrl: () => resolveWebhookUrl(app, options.webhookUrl),
    secret: options.webhookSecret,
    accountId: options.accountId ?? newId('acc'),
    retryDelaysMs: options.webhookRetryDelaysMs ?? [250, 1000, 3000],
    timeoutMs: 5000,
    log: app.log,
  });
  webhooks.mode = options.webhookMode ?? 'normal';
  const emulator = new Emulator({
    keySecret: options.keySecret,
    refundDelayMs: options.refundDelayMs === undefined ? 1500 : options.refundDelayMs,
    captureMode: options.captureMode ?? 'automatic',
    emit: (event, payload) => webhooks.send(event, payload),
  });
  const refundGate = new RefundGate();
  app.addHook('onClose', async () => {
    refundGate.close();
    emulator.close();
    webhooks.close();
  });

  // Razorpay accepts a POST without a body (e.g. a full refund); Fastify's default JSON parser does not.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(inputError('The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | RazorpayApiError, request, reply) => {
    if (error instanceof RazorpayApiError) return reply.status(error.status).send(error.toBody());
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send(new RazorpayApiError(status, 'BAD_REQUEST_ERROR', error.message).toBody());
    }
    request.log.error({ err: error }, 'razorpay-emulator: unexpected error');
    return reply
      .status(500)
      .send(
        new RazorpayApiError(
          500,
          'SERVER_ERROR',
          'The server encountered an error. The incident has been reported to admins.',
        ).toBody(),
      );
  });

  // ---- REST API, HTTP Basic auth on every call

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => authenticate(request, options));

      api.post('/orders', async (request) => emulator.createOrder(request.body));
      api.get<{ Params: { id: string } }>('/orders/:id', async (request) =>
        emulator.fetchOrder(request.params.id),
      );
      api.get<{ Params: { id: string } }>('/orders/:id/payments', async (request) =>
        emulator.fetchOrderPayments(request.params.id),
      );
      api.get<{ Params: { id: string } }>('/payments/:id', async (request) =>
        emulator.fetchPayment(request.params.id),
      );
      api.post<{ Params: { id: string } }>('/payments/:id/capture', async (request) =>
        emulator.capturePayment(request.params.id, request.body),
      );
      api.post<{ Params: { id: string } }>('/payments/:id/refund', async (request) => {
        await refundGate.pass();
        const key = request.headers['x-refund-idempotency'];
        return emulator.createRefund(request.params.id, request.body, Array.isArray(key) ? key[0] : key);
      });
      api.get<{ Params: { id: string } }>('/payments/:id/refunds', async (request) =>
        emulator.fetchPaymentRefunds(request.params.id),
      );
      api.get<{ Params: { id: string } }>('/refunds/:id', async (request) =>
        emulator.fetchRefund(request.params.id),
      );
    },
    { prefix: '/v1' },
  );

  // ---- checkout: the script and the two calls its payment sheet makes

  await app.register(async (checkout) => {
    checkout.addHook('onRequest', async (_request, reply) => {
      // The page may come from another origin (e.g. the Vite dev server), like Razorpay's own script.
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    checkout.get('/checkout.js', async (_request, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(CHECKOUT_SCRIPT),
    );
    checkout.options('/checkout/*', async (_request, reply) =>
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send(),
    );
    checkout.get<{ Params: { id: string }; Querystring: { key?: string } }>(
      '/checkout/orders/:id',
      async (request) => {
        checkoutKey(request.query.key, options);
        const order = emulator.fetchOrder(request.params.id);
        return { id: order.id, amount: order.amount, currency: order.currency, status: order.status };
      },
    );
    checkout.post('/checkout/pay', async (request) => {
      const body = checkoutBody(request.body);
      checkoutKey(body.key, options);
      return emulator.pay(body.order_id, body.input);
    });
    checkout.post('/checkout/fail', async (request, reply) => {
      const body = checkoutBody(request.body);
      checkoutKey(body.key, options);
      return reply.status(400).send(emulator.fail(body.order_id, body.input));
    });
  });

  if (options.testRoutes) registerTestRoutes(app, emulator, webhooks, refundGate);
}

/** No auth: mounted only when the caller says the emulator runs locally or in tests (options.testRoutes). */
function registerTestRoutes(
  app: FastifyInstance,
  emulator: Emulator,
  webhooks: WebhookSender,
  refundGate: RefundGate,
): void {
  app.post('/_test/pay', async (request) => {
    const body = checkoutBody(request.body);
    return emulator.pay(body.order_id, body.input);
  });
  app.post('/_test/fail', async (request) => {
    const body = checkoutBody(request.body);
    return emulator.fail(body.order_id, body.input);
  });
  app.post('/_test/refunds/fail-next', async (request) => {
    const count = (request.body as { count?: unknown } | undefined)?.count ?? 1;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw inputError('count must be a non-negative integer', 'count');
    }
    emulator.failNextRefunds(count);
    return { refundFailuresToForce: emulator.snapshot().refundFailuresToForce };
  });
  /** Lets `count` more refund requests through, then holds the next ones until /_test/refunds/release. */
  app.post('/_test/refunds/hold-after', async (request) => {
    const count = (request.body as { count?: unknown } | undefined)?.count;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw inputError('count must be a non-negative integer', 'count');
    }
    refundGate.holdAfter(count);
    return { refundsHeld: refundGate.held };
  });
  /** How many refund requests wait at the gate now: a cheap poll, where /_test/state copies every entity. */
  app.get('/_test/refunds/held', async () => ({ refundsHeld: refundGate.held }));
  app.post('/_test/refunds/release', async () => {
    const released = refundGate.held;
    refundGate.release();
    return { released };
  });
  /** Settles every pending refund now (processed, or failed when forced): for an emulator whose refunds wait. */
  app.post('/_test/refunds/settle', async () => ({ settled: emulator.settleRefunds() }));
  app.post('/_test/webhooks', async (request) => {
    const mode = (request.body as { mode?: unknown } | undefined)?.mode;
    if (!WEBHOOK_MODES.includes(mode as WebhookMode)) {
      throw inputError(`mode must be one of ${WEBHOOK_MODES.join(', ')}`, 'mode');
    }
    webhooks.mode = mode as WebhookMode;
    return { mode: webhooks.mode };
  });
  /** `?wait=1` answers once every delivery under way has succeeded or given up. */
  app.get<{ Querystring: { wait?: string } }>('/_test/webhooks', async (request) => {
    const idle = request.query.wait ? await webhooks.idle() : webhooks.pending === 0;
    return { mode: webhooks.mode, pending: webhooks.pending, idle, deliveries: webhooks.deliveries };
  });
  app.get('/_test/state', async () => ({
    ...emulator.snapshot(),
    refundsHeld: refundGate.held,
    webhooks: { mode: webhooks.mode, pending: webhooks.pending, deliveries: webhooks.deliveries },
  }));
}

export default fp(razorpayEmulator, {
  name: '@utsav/razorpay-emulator',
  fastify: '5.x',
  // Keep it encapsulated: the prefix must apply and its parser/error handler must stay inside.
  encapsulate: true,
});

function authenticate(request: FastifyRequest, options: RazorpayEmulatorOptions): void {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorized('The api key provided is invalid');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const keyId = colon === -1 ? decoded : decoded.slice(0, colon);
  const keySecret = colon === -1 ? '' : decoded.slice(colon + 1);
  if (!sameSecret(keyId, options.keyId)) throw unauthorized('The api key provided is invalid');
  if (!sameSecret(keySecret, options.keySecret)) throw unauthorized('Authentication failed');
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal-length buffers, so the comparison time says nothing about the secret.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function checkoutKey(key: unknown, options: RazorpayEmulatorOptions): void {
  if (typeof key !== 'string' || key !== options.keyId) throw unauthorized('The api key provided is invalid');
}

function checkoutBody(body: unknown): { key: unknown; order_id: string; input: PayInput } {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof raw.order_id !== 'string' || raw.order_id === '') {
    throw inputError('The order_id field is required.', 'order_id');
  }
  const method = raw.method ?? 'upi';
  if (!PAYMENT_METHODS.includes(method as PaymentMethod)) {
    throw inputError('The method must be card or upi.', 'method');
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    key: raw.key,
    order_id: raw.order_id,
    input: {
      method: method as PaymentMethod,
      email: text(raw.email),
      contact: text(raw.contact),
      description: text(raw.description),
      notes: raw.notes,
    },
  };
}

function resolveWebhookUrl(app: FastifyInstance, webhookUrl: RazorpayEmulatorOptions['webhookUrl']) {
  const url = typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl;
  if (!url?.startsWith('/')) return url || undefined;
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}${url}`;
}
