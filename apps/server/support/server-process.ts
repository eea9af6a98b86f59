import { type ChildProcess, spawn } from 'node:child_process';
import { EMULATOR_RAZORPAY } from '../src/platform/config';
import { freePort, REPO_ROOT } from './cluster-harness';

// One real server process (the server bundle, as `npm start` runs it) on a database the test provisioned, talking
// to a Razorpay emulator the test runs: the process can be killed with SIGKILL and started again on the same port,
// database and data folder, as a crashed server is restarted by its supervisor. No vitest imports.

export interface ServerProcessOptions {
  /** main.js of the server bundle (support/server-bundle.ts). */
  entry: string;
  dataDir: string;
  /** PostgreSQL URL; undefined: the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** The emulator's base, e.g. http://127.0.0.1:1234/razorpay-emulator. */
  emulatorUrl: string;
  env?: Record<string, string>;
  /** Its port (a free one when not given): a caller that must name its URL before it starts picks one. */
  port?: number;
  /** Options for `node` before the entry, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to see where it spends. */
  nodeArgs?: string[];
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly running: boolean;
  /** How many times it has been started. */
  readonly starts: number;
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook, no finished requests, no commit of a transaction in flight. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful way; at the end of a test. */
  stop(): Promise<void>;
  /** The last lines of what it printed (every start), for a failure message. */
  logs(lines?: number): string;
}

export async function serverProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    AUTH_MODE: 'dev',
    DEMO_SEED: 'false',
    PAYMENTS: 'razorpay',
    // Dev sign-in beside PAYMENTS=razorpay is refused at start-up unless deliberate: the "Razorpay" is the test's.
    ALLOW_STAND_INS: 'true',
    RAZORPAY_BASE_URL: `${options.emulatorUrl}/v1`,
    RAZORPAY_KEY_ID: EMULATOR_RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: EMULATOR_RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: EMULATOR_RAZORPAY.webhookSecret,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    // A loaded 2-core box lags the event loop; shedding has its own suite.
    OVERLOAD_MAX_IN_FLIGHT: '100000',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
    RAZORPAY_TIMEOUT_MS: '120000',
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let starts = 0;
  let output = '';
  const isRunning = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  return {
    url,
    port,
    get running() {
      return isRunning();
    },
    get starts() {
      return starts;
    },
    async start() {
      if (isRunning()) return;
      starts++;
      output += `--- start ${starts}\n`;
      const started = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-200_000);
      };
      started.stdout!.on('data', keep);
      started.stderr!.on('data', keep);
      // Only a hang ceiling: a server that fails to start exits, and that is reported at once.
      for (let tries = 0; ; tries++) {
        if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}:\n${output}`);
        try {
          const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        if (tries > 600) throw new Error(`server did not answer /api/health:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },
    async kill9() {
      const running = child;
      if (!running || !isRunning()) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const running = child;
      if (!running || !isRunning()) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    logs: (lines = 40) => output.trim().split('\n').slice(-lines).join('\n'),
  };
}
