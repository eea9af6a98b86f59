// Out-of-process measurement: the server runs as `npm start` runs it (its own Node process,
// `--import tsx apps/server/src/main.ts`, default logging), a bare Fastify hello runs in a second process, and
// autocannon drives both from this third process. Every figure is reported with the hello measured by the same
// generator in the same run, as a ratio: the machine is shared, so absolute numbers swing from minute to minute.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKeys, type SigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import autocannon from 'autocannon';
import { EMULATOR_RAZORPAY } from '../../apps/server/src/platform/config';
import { WEBHOOK_PATH } from '../../apps/server/src/platform/payments/provider';
import { freePort, REPO_ROOT } from '../../apps/server/support/cluster-harness';
import { postJson } from '../../apps/server/support/cluster-rush';
import { createPostgresDatabase, type Engine } from '../support';

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The server's log (pino, default level), for a look after the run. */
  logFile: string;
  /** The Razorpay emulator's base (`.../razorpay-emulator`): its /_test routes pay orders and read its state. */
  emulatorUrl: string;
  /** The emulator's own process (`emulator: 'own-process'`), whose CPU is reported apart from the server's. */
  emulatorPid: number | undefined;
  /** Stops the server with SIGTERM (its shutdown path, which also writes the CPU profile), then cleans up. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  engine: Engine;
  env?: Record<string, string>;
  /** Directory for `node --cpu-prof` output; unset: no profile. */
  cpuProfDir?: string;
  /** Another checkout of the repository to run the server from (a before/after comparison); default this one. */
  serverDir?: string;
  /**
   * Where the Razorpay emulator runs. 'own-process' (default): a process of its own (standalone.ts), the server
   * pointed at it with RAZORPAY_BASE_URL, its webhooks sent to the server over loopback. Razorpay is remote in
   * production, so its work is not the server's; on this 2-core box it still competes for the same cores.
   * 'in-process': mounted on the server as `npm start` does (the figures before 2026-11-24).
   */
  emulator?: 'own-process' | 'in-process';
}

// Limits that would turn a load test into a rate-limit test are raised; everything else is as configured.
const BENCH_ENV = {
  HOST: '127.0.0.1',
  DEMO_SEED: 'false',
  HOLD_SWEEP_SECONDS: '86400',
  OUTBOX_INTERVAL_MS: '86400000',
  RATE_LIMIT_AUTH_PER_MINUTE: '10000000',
  RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: '10000000',
  RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '10000000',
  MAX_TICKETS_PER_PERSON: '1000000',
  // The throughput scenarios measure checkout itself; the waiting room has its own rush mode.
  WAITING_ROOM: 'off',
  // Throughput is measured, not shedding: a shed 503 is cheap and would inflate requests/s. On this shared box
  // the event loop's delay includes time the OS gave to other people's processes.
  OVERLOAD_MAX_IN_FLIGHT: '100000',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
};

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `utsav-oop-${options.engine}-`));
  const database =
    options.engine === 'postgres' ? await createPostgresDatabase('utsav_bench_oop') : undefined;
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const emulator =
    options.emulator === 'in-process'
      ? undefined
      : await startEmulator(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, log, options.serverDir);
  const nodeArgs = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: options.serverDir ?? REPO_ROOT,
    env: {
      ...process.env,
      ...BENCH_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      // PAYMENTS stays 'emulator' (its keys, its stand-in checks); only the API's address moves.
      ...(emulator ? { RAZORPAY_BASE_URL: `${emulator.url}/v1` } : {}),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, logFile);
  return {
    url,
    pid: child.pid!,
    dataDir,
    databaseUrl: database?.url,
    logFile,
    emulatorUrl: emulator?.url ?? `${url}/razorpay-emulator`,
    emulatorPid: emulator?.child.pid,
    async stop() {
      await stopChild(child);
      if (emulator) await stopChild(emulator.child);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify with one GET route answering a small JSON body: no database, no auth, no plugins. */
export async function startHello(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/out-of-process/hello.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/hello`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error('hello server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/** The standalone emulator (packages/razorpay-emulator/src/standalone.ts) with the built-in emulator's keys. */
async function startEmulator(
  webhookUrl: string,
  log: number,
  serverDir: string | undefined,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/razorpay-emulator/src/standalone.ts'], {
    cwd: serverDir ?? REPO_ROOT,
    env: {
      ...process.env,
      RAZORPAY_KEY_ID: EMULATOR_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: EMULATOR_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: EMULATOR_RAZORPAY.webhookSecret,
      WEBHOOK_URL: webhookUrl,
    },
    stdio: ['ignore', 'pipe', log],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /\{"listening":"([^"]+)"\}/.exec(buffer);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the Razorpay emulator exited with ${code}`)));
  });
  return { url, child };
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not answer /api/health within 120 s');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc. On a shared machine requests/s swing with
 * everyone else's load; CPU time per request does not, so it is reported beside every rate.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ')'; utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

// ---- people

export interface BenchUser {
  id: string;
  token: string;
}

export class People {
  private constructor(
    private readonly url: string,
    private readonly keys: SigningKeys,
  ) {}

  static async for(server: ServerProcess): Promise<People> {
    return new People(server.url, await loadOrCreateSigningKeys(server.dataDir));
  }

  /** Signs `count` new people in through POST /auth/google-signin, 16 at a time. */
  async signIn(label: string, count: number, emailOf?: (index: number) => string): Promise<BenchUser[]> {
    const users: BenchUser[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(16, count) }, async () => {
        while (next < count) {
          const index = next++;
          const email = emailOf?.(index) ?? `${label}${index}.${randomBytes(3).toString('hex')}@bench.test`;
          const token = await signIdToken(this.keys, { email, name: `${label} ${index}` });
          const response = await postJson(`${this.url}/api/auth/google-signin`, { idToken: token });
          if (response.status !== 200)
            throw new Error(`sign-in: ${response.status} ${JSON.stringify(response.body)}`);
          users[index] = { id: response.body.user.id, token };
        }
      }),
    );
    return users;
  }
}

// ---- load

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: autocannon's per-connection context.
  setupRequest?: (request: any, context: any) => any;
  // biome-ignore lint/suspicious/noExplicitAny: autocannon's per-connection context.
  onResponse?: (status: number, body: string, context: any) => void;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** CPU of the measured process per request, microseconds (when `pid` was given). */
  cpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  label: string;
  url: string;
  connections?: number;
  /** Seconds; or a fixed number of requests with `amount`. */
  duration?: number;
  amount?: number;
  requests: LoadRequest[];
  /** The process answering, whose CPU time is measured over the run. */
  pid?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  const requests = options.requests.map((request) => ({
    ...request,
    onResponse: (status: number, body: string, context: unknown) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      request.onResponse?.(status, body, context);
    },
  }));
  const started = performance.now();
  const cpuBefore = options.pid ? cpuSeconds(options.pid) : 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 64,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    requests,
    timeout: 30,
  });
  const seconds = (performance.now() - started) / 1000;
  const total = result.requests.total;
  const cpu = options.pid ? cpuSeconds(options.pid) - cpuBefore : undefined;
  return {
    label: options.label,
    requestsPerSecond: options.amount ? total / seconds : result.requests.average,
    requests: total,
    seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(cpu !== undefined && total > 0 ? { cpuMicrosPerRequest: (cpu * 1e6) / total } : {}),
  };
}

export function helloLoad(hello: { url: string; pid: number }, duration: number): Promise<LoadResult> {
  return load({
    label: 'bare Fastify hello',
    url: hello.url,
    pid: hello.pid,
    duration,
    requests: [{ method: 'GET', path: '/hello' }],
  });
}

export function describe(result: LoadResult, hello: LoadResult): string {
  const ratio = result.requestsPerSecond / hello.requestsPerSecond;
  const cpu =
    result.cpuMicrosPerRequest && hello.cpuMicrosPerRequest
      ? `, CPU ${result.cpuMicrosPerRequest.toFixed(0)} µs/request (hello ${hello.cpuMicrosPerRequest.toFixed(0)}: ${(hello.cpuMicrosPerRequest / result.cpuMicrosPerRequest).toFixed(3)}x)`
      : '';
  return `${result.label}: ${result.requestsPerSecond.toFixed(0)} req/s (${ratio.toFixed(3)}x hello)${cpu}, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.requests} requests, statuses ${JSON.stringify(result.statuses)}${result.errors ? `, errors ${result.errors}` : ''}${result.timeouts ? `, timeouts ${result.timeouts}` : ''}`;
}

/** The newest .cpuprofile in a directory (node writes one per process on exit). */
export function newestProfile(dir: string): string | undefined {
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: the server's main thread is thread 0 (thread 1 is tsx's
  // module loader, whose profile sorted last and was reported instead).
  const files = readdirSync(dir)
    .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
    .sort();
  return files.length ? join(dir, files[files.length - 1]!) : undefined;
}
