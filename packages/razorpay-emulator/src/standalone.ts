// The emulator as its own process, for setups with several app servers (scripts/cluster.ts): one "Razorpay"
// that every instance talks to, its webhooks sent to a load balancer rather than to one server.
//
//   node --import tsx packages/razorpay-emulator/src/standalone.ts
//
// Environment: EMULATOR_PORT (default 0: any free port), EMULATOR_HOST (default 127.0.0.1),
// RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (required), WEBHOOK_URL (absolute URL; empty:
// no webhooks), REFUND_DELAY_MS, WEBHOOK_RETRY_DELAYS_MS (comma list), LOG_LEVEL (default warn).
// Once listening it prints one JSON line to stdout: {"listening":"http://127.0.0.1:<port>/razorpay-emulator"}.

import Fastify from 'fastify';
import razorpayEmulator from './plugin';

const PREFIX = '/razorpay-emulator';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
}

function numbers(value: string | undefined): number[] | undefined {
  if (!value?.trim()) return undefined;
  const list = value.split(',').map((item) => Number(item.trim()));
  if (list.some((item) => !Number.isFinite(item) || item < 0)) {
    console.error('WEBHOOK_RETRY_DELAYS_MS must be a comma list of milliseconds');
    process.exit(1);
  }
  return list;
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL?.trim() || 'warn' } });
await app.register(razorpayEmulator, {
  prefix: PREFIX,
  keyId: required('RAZORPAY_KEY_ID'),
  keySecret: required('RAZORPAY_KEY_SECRET'),
  webhookSecret: required('RAZORPAY_WEBHOOK_SECRET'),
  webhookUrl: process.env.WEBHOOK_URL?.trim() || undefined,
  refundDelayMs: process.env.REFUND_DELAY_MS ? Number(process.env.REFUND_DELAY_MS) : undefined,
  webhookRetryDelaysMs: numbers(process.env.WEBHOOK_RETRY_DELAYS_MS),
  // A test tool listening on loopback (scripts/cluster.ts): the cluster tests drive it through /_test.
  testRoutes: true,
});

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

const address = await app.listen({
  host: process.env.EMULATOR_HOST?.trim() || '127.0.0.1',
  port: Number(process.env.EMULATOR_PORT ?? 0),
});
console.log(JSON.stringify({ listening: `${address}${PREFIX}` }));
