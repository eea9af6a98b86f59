import Fastify, { type FastifyInstance } from 'fastify';
import razorpayEmulator, { type RazorpayEmulatorOptions } from '../src/plugin';

export const KEY_ID = 'rzp_test_emulator01';
export const KEY_SECRET = 'emulator-key-secret';
export const WEBHOOK_SECRET = 'emulator-webhook-secret';

export interface Harness {
  app: FastifyInstance;
  origin: string;
  /** Base of the emulator, e.g. http://127.0.0.1:1234/razorpay-emulator */
  base: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read Razorpay's JSON freely and assert on its shape.
  api: <T = any>(
    method: string,
    path: string,
    body?: unknown,
    init?: { auth?: string | null; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: T }>;
  close: () => Promise<void>;
}

export async function startEmulator(options: Partial<RazorpayEmulatorOptions> = {}): Promise<Harness> {
  const app = Fastify({ logger: false });
  await app.register(razorpayEmulator, {
    prefix: '/razorpay-emulator',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    refundDelayMs: 50,
    webhookRetryDelaysMs: [20, 40],
    testRoutes: true,
    ...options,
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `${origin}/razorpay-emulator`;
  const basic = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
  return {
    app,
    origin,
    base,
    async api(method, path, body, init = {}) {
      const auth = init.auth === undefined ? basic : init.auth;
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(auth ? { authorization: auth } : {}),
          ...init.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    close: () => app.close(),
  };
}

export function basicAuth(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
}

/** Polls until `probe` answers; the ceiling only ends a real hang, never a slow machine. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
