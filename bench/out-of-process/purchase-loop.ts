// Complete purchases as a closed loop: each of `connections` buyers-at-a-time runs create-order (server) ->
// pay (the emulator's /_test/pay, standing in for the guest paying in Razorpay's sheet) -> verify-payment
// (server), then starts over with the next buyer. autocannon cannot do this once the emulator has an address of
// its own (one host per run), so the requests go out on keep-alive node:http agents from this process, which is
// neither the server's nor the emulator's.

import http from 'node:http';
import { cpuSeconds, type LoadResult } from './harness';

export interface PurchaseLoopOptions {
  serverUrl: string;
  emulatorUrl: string;
  serverPid: number;
  emulatorPid: number | undefined;
  connections: number;
  seconds: number;
  /** The next buyer's bearer token. */
  nextToken: () => string;
  /** create-order's body. */
  orderBody: string;
}

export interface PurchaseLoopResult {
  /** Over the server's own requests (create-order and verify-payment); CPU is the server process's. */
  result: LoadResult;
  completed: number;
  /** The emulator's pay, timed from here. */
  pay: { p50: number; p99: number };
  /** CPU of the emulator's process per completed purchase (its own process only), ms. */
  emulatorCpuMsPerPurchase: number | undefined;
  qrTokens: string[];
}

interface Answer {
  status: number;
  text: string;
}

export async function purchaseLoop(options: PurchaseLoopOptions): Promise<PurchaseLoopResult> {
  const agents = [0, 1].map(() => new http.Agent({ keepAlive: true, maxSockets: options.connections }));
  const [serverAgent, emulatorAgent] = agents as [http.Agent, http.Agent];
  const serverLatency: number[] = [];
  const payLatency: number[] = [];
  const statuses: Record<string, number> = {};
  const qrTokens: string[] = [];
  let completed = 0;
  let errors = 0;
  let stopAt = 0;

  const timed = async (latencies: number[], call: () => Promise<Answer>): Promise<Answer> => {
    const started = performance.now();
    const answer = await call();
    latencies.push(performance.now() - started);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    return answer;
  };
  const buyer = async (): Promise<void> => {
    while (performance.now() < stopAt) {
      try {
        const token = options.nextToken();
        const auth = { authorization: `Bearer ${token}` };
        const order = await timed(serverLatency, () =>
          post(serverAgent, `${options.serverUrl}/api/tickets/create-order`, options.orderBody, auth),
        );
        if (order.status !== 200) continue;
        const orderId = JSON.parse(order.text).orderId as string;
        const paid = await timed(payLatency, () =>
          post(emulatorAgent, `${options.emulatorUrl}/_test/pay`, JSON.stringify({ order_id: orderId }), {}),
        );
        if (paid.status !== 200) continue;
        const verified = await timed(serverLatency, () =>
          post(serverAgent, `${options.serverUrl}/api/tickets/verify-payment`, paid.text, auth),
        );
        if (verified.status !== 200) continue;
        completed += 1;
        for (const ticket of JSON.parse(verified.text).tickets) qrTokens.push(ticket.qrCode);
      } catch {
        errors += 1;
      }
    }
  };

  const cpuBefore = cpuSeconds(options.serverPid);
  const emulatorCpuBefore = options.emulatorPid ? cpuSeconds(options.emulatorPid) : 0;
  const started = performance.now();
  stopAt = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.connections }, buyer));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(options.serverPid) - cpuBefore;
  const emulatorCpu = options.emulatorPid ? cpuSeconds(options.emulatorPid) - emulatorCpuBefore : undefined;
  for (const agent of agents) agent.destroy();

  const requests = serverLatency.length;
  return {
    result: {
      label: 'complete purchase (create-order + pay + verify-payment)',
      requestsPerSecond: requests / seconds,
      requests,
      seconds,
      ...percentiles(serverLatency),
      statuses,
      errors,
      timeouts: 0,
      ...(requests > 0 ? { cpuMicrosPerRequest: (cpu * 1e6) / requests } : {}),
    },
    completed,
    pay: percentiles(payLatency),
    emulatorCpuMsPerPurchase:
      emulatorCpu !== undefined && completed > 0 ? (emulatorCpu * 1000) / completed : undefined,
    qrTokens,
  };
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  if (samples.length === 0) return { p50: 0, p99: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { p50: at(0.5), p99: at(0.99) };
}

function post(
  agent: http.Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}
