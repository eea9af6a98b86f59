import type { AddressInfo } from 'node:net';
import razorpayEmulator from '@utsav/razorpay-emulator/plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { RazorpayClient } from './razorpay-client';

export const EMULATOR_PREFIX = '/razorpay-emulator';
export const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/**
 * PAYMENTS=emulator: mounts the Razorpay emulator on this server (main.ts's banner says so), with its webhooks aimed at our own
 * webhook route (resolved against the listen address when each event is sent, so port 0 works).
 */
export async function registerPaymentsEmulator(app: FastifyInstance, config: Config): Promise<void> {
  if (config.payments !== 'emulator') return;
  await app.register(razorpayEmulator, {
    prefix: EMULATOR_PREFIX,
    // It stands in for a remote service: its calls are not this server's traffic, so no access-log line each
    // (a hold made two lines, one of them for the emulator; warnings and errors are still logged).
    logLevel: 'warn',
    keyId: config.razorpay.keyId,
    keySecret: config.razorpay.keySecret,
    webhookSecret: config.razorpay.webhookSecret,
    webhookUrl: WEBHOOK_PATH,
    refundDelayMs: config.emulatorRefundDelayMs,
    // The unauthenticated /_test routes only beside the development sign-in: the local product and the tests.
    // A staging demo on Firebase with the emulator (ALLOW_STAND_INS) must not let anyone pay any order.
    testRoutes: config.standIns.devSignIn && config.standIns.paymentsEmulator,
  });
}

/**
 * The one Razorpay client of this process. With a configured base URL it is built at once; in emulator
 * mode the base URL is our own address (`http://127.0.0.1:<port>/razorpay-emulator/v1`), which exists only
 * after listen, so the client is built on first use. Before listen (inject-only use) PUBLIC_URL is used.
 */
export function razorpayClientFor(app: FastifyInstance, config: Config): () => RazorpayClient {
  const keys = {
    keyId: config.razorpay.keyId,
    keySecret: config.razorpay.keySecret,
    timeoutMs: config.razorpay.timeoutMs,
  };
  if (config.razorpay.baseUrl) {
    const client = new RazorpayClient({ ...keys, baseUrl: config.razorpay.baseUrl });
    return () => client;
  }
  let client: RazorpayClient | undefined;
  return () => {
    if (client) return client;
    const origin = listenOrigin(app);
    const built = new RazorpayClient({
      ...keys,
      baseUrl: `${origin ?? config.publicUrl}${EMULATOR_PREFIX}/v1`,
    });
    // Only remembered once the real address is known; a PUBLIC_URL guess made before listen is not.
    if (origin) client = built;
    return built;
  };
}

function listenOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
