import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import { EMULATOR_RAZORPAY } from '../src/platform/config';
import { createDatabase, type Db } from '../src/platform/db/database';
import { findNginx, nginxConfig } from './cluster-nginx';
import { createDatabaseFor } from './cluster-postgres';
import { postJson, type RushEvent } from './cluster-rush';

// Several real server processes on one PostgreSQL, behind nginx, with one standalone Razorpay emulator whose
// webhooks go through nginx too: the production shape, on loopback. Used by scripts/cluster.ts and
// the cluster and faults tests. No vitest imports.
//
// Instances are `node --import tsx apps/server/src/main.ts` children, or the server bundle's main.js when the
// caller brings one (the tests do: it starts for far less CPU), with PAYMENTS=razorpay pointed at the emulator,
// AUTH_MODE=dev (let through by ALLOW_STAND_INS) and one shared DATA_DIR: the dev identity's signing key lives in
// DATA_DIR/dev-identity/keys.json, created by whichever instance starts first (temp file + hard link, so
// concurrent first starts agree on one key) and read by the others, so a token signed for one instance is
// accepted by all.

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

export interface ClusterOptions {
  /** A PostgreSQL URL with rights to create databases; the cluster makes and drops its own. */
  adminDatabaseUrl: string;
  instances: number;
  holdSweepSeconds?: number;
  /** Emulator webhook retries, e.g. [250, 1000, 3000]. */
  webhookRetryDelaysMs?: number[];
  extraEnv?: Record<string, string>;
  log?: (line: string) => void;
  /** What `node` runs for each instance (default: the TypeScript entry through tsx). */
  serverEntry?: string[];
}

const TSX_SERVER = ['--import', 'tsx', 'apps/server/src/main.ts'];

export interface Instance {
  readonly index: number;
  readonly port: number;
  readonly url: string;
  readonly running: boolean;
  /** SIGKILL: no shutdown hook, no finished requests, no rollback but PostgreSQL's own. */
  kill9(): Promise<void>;
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx: what buyers and Razorpay's webhooks talk to. */
  readonly url: string;
  readonly emulatorUrl: string;
  readonly databaseUrl: string;
  readonly dataDir: string;
  readonly workDir: string;
  readonly db: Db;
  readonly instances: Instance[];
  signIn(label: string): Promise<{ token: string; id: string; email: string }>;
  /** An event with `total` seats, created through nginx by a fresh admin. */
  createEvent(total: number): Promise<RushEvent & { adminToken: string }>;
  setWebhookMode(mode: 'normal' | 'drop' | 'duplicate'): Promise<void>;
  waitForWebhooks(): Promise<boolean>;
  /** The last lines of every process's log, for a failure message. */
  logs(lines?: number): string;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx is not installed (bash scripts/ensure-nginx.sh installs it)');
  const workDir = await mkdtemp(join(tmpdir(), 'utsav-cluster-'));
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const database = await createDatabaseFor(options.adminDatabaseUrl);
  let db: Db | undefined;

  const cleanup = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await db?.destroy();
    await database.drop().catch((error) => log(`dropping ${database.name} failed: ${error}`));
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    const nginxPort = await freePort();
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;

    // ---- Razorpay: one emulator process for every instance.
    const emulator = spawnLogged(
      'emulator',
      [process.execPath, '--import', 'tsx', 'packages/razorpay-emulator/src/standalone.ts'],
      {
        RAZORPAY_KEY_ID: EMULATOR_RAZORPAY.keyId,
        RAZORPAY_KEY_SECRET: EMULATOR_RAZORPAY.keySecret,
        RAZORPAY_WEBHOOK_SECRET: EMULATOR_RAZORPAY.webhookSecret,
        WEBHOOK_URL: `${nginxUrl}${WEBHOOK_PATH}`,
        WEBHOOK_RETRY_DELAYS_MS: (options.webhookRetryDelaysMs ?? [250, 1000, 3000, 5000]).join(','),
        REFUND_DELAY_MS: '500',
      },
      workDir,
    );
    children.push(emulator);
    const emulatorUrl = await listeningLine(emulator, workDir, 'emulator');
    log(`emulator at ${emulatorUrl}`);

    // ---- the app instances, all started at once on a fresh database and a fresh DATA_DIR.
    const instances: InstanceImpl[] = [];
    for (let index = 0; index < options.instances; index++) {
      const port = await freePort();
      instances.push(
        new InstanceImpl(index, port, workDir, children, options.serverEntry ?? TSX_SERVER, {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          AUTH_MODE: 'dev',
          DEMO_SEED: 'false',
          PAYMENTS: 'razorpay',
          // Dev sign-in next to PAYMENTS=razorpay is refused at start-up unless deliberate: here the "Razorpay"
          // is the standalone emulator on loopback.
          ALLOW_STAND_INS: 'true',
          RAZORPAY_BASE_URL: `${emulatorUrl}/v1`,
          RAZORPAY_KEY_ID: EMULATOR_RAZORPAY.keyId,
          RAZORPAY_KEY_SECRET: EMULATOR_RAZORPAY.keySecret,
          RAZORPAY_WEBHOOK_SECRET: EMULATOR_RAZORPAY.webhookSecret,
          HOLD_SWEEP_SECONDS: String(options.holdSweepSeconds ?? 2),
          LOG_LEVEL: 'warn',
          PUBLIC_URL: nginxUrl,
          TRUST_PROXY: '127.0.0.1',
          RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
          RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '1000000',
          // These suites prove correctness across instances and faults on a loaded 2-core box; shedding under
          // that load (tested on its own in overload.test.ts) would only turn buyers away at random.
          OVERLOAD_MAX_IN_FLIGHT: '100000',
          OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
          ...options.extraEnv,
        }),
      );
    }
    await Promise.all(instances.map((instance) => instance.start()));
    log(`instances on ports ${instances.map((i) => i.port).join(', ')}`);

    // ---- nginx, round-robin over the instances.
    const nginxDir = join(workDir, 'nginx');
    await mkdir(nginxDir, { recursive: true });
    // Workers may run as nobody when we are root: they need to write their temp folders.
    await chmod(workDir, 0o755);
    await chmod(nginxDir, 0o777);
    const confFile = join(nginxDir, 'nginx.conf');
    await writeFile(confFile, nginxConfig(nginxDir, nginxPort, instances));
    const nginx = spawnLogged(
      'nginx',
      [nginxBin, '-e', join(nginxDir, 'error.log'), '-c', confFile, '-p', nginxDir],
      {},
      workDir,
    );
    children.push(nginx);
    await waitForHealth(nginxUrl, () => nginx.exitCode !== null, 'nginx', workDir);
    log(`nginx at ${nginxUrl}`);

    db = createDatabase({ databaseUrl: database.url, dataDir }, () => {});
    const keys = await loadOrCreateSigningKeys(dataDir);
    const ownDb = db;

    const signIn = async (label: string) => {
      const email = `${label}.${randomBytes(4).toString('hex')}@cluster.test`;
      const token = await signIdToken(keys, { email, name: label });
      const response = await postJson(`${nginxUrl}/api/auth/google-signin`, { idToken: token });
      if (response.status !== 200)
        throw new Error(`sign-in: ${response.status} ${JSON.stringify(response.body)}`);
      return { token, id: response.body.user.id as string, email };
    };

    const cluster: Cluster = {
      url: nginxUrl,
      emulatorUrl,
      databaseUrl: database.url,
      dataDir,
      workDir,
      db: ownDb,
      instances,
      signIn,
      async createEvent(total) {
        const admin = await signIn('cluster-admin');
        await ownDb.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
        const response = await postJson(
          `${nginxUrl}/api/event`,
          {
            name: 'Cluster Garba Night',
            venue: 'Loopback Ground',
            description: 'Several instances behind nginx',
            date: '2099-10-01',
            startTime: '19:00',
            endTime: '23:00',
            ticketPrice: 299,
            groupPrice4: 249,
            totalTickets: total,
            features: 'Dhol',
          },
          admin.token,
        );
        if (response.status !== 200)
          throw new Error(`event: ${response.status} ${JSON.stringify(response.body)}`);
        return { ...(response.body.data as RushEvent), adminToken: admin.token };
      },
      async setWebhookMode(mode) {
        const response = await postJson(`${emulatorUrl}/_test/webhooks`, { mode });
        if (response.status !== 200) throw new Error(`webhook mode: ${response.status}`);
      },
      async waitForWebhooks() {
        const response = await fetch(`${emulatorUrl}/_test/webhooks?wait=1`, {
          signal: AbortSignal.timeout(30_000),
        });
        return ((await response.json()) as { idle: boolean }).idle;
      },
      logs: (lines = 30) => tailLogs(workDir, lines),
      stop: cleanup,
    };
    return cluster;
  } catch (error) {
    const logs = tailLogs(workDir, 30);
    await cleanup();
    throw new Error(`${error instanceof Error ? error.message : error}\n${logs}`);
  }
}

class InstanceImpl implements Instance {
  private child: ChildProcess | undefined;
  private starts = 0;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly workDir: string,
    private readonly children: ChildProcess[],
    private readonly entry: string[],
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const child = spawnLogged(
      `instance-${this.index}${this.starts++ > 0 ? `-restart${this.starts - 1}` : ''}`,
      [process.execPath, ...this.entry],
      this.env,
      this.workDir,
    );
    this.child = child;
    this.children.push(child);
    await waitForHealth(this.url, () => child.exitCode !== null, `instance ${this.index}`, this.workDir);
  }

  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

function spawnLogged(
  name: string,
  command: string[],
  env: Record<string, string>,
  workDir: string,
): ChildProcess {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(join(workDir, `${name}.log`));
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  child.once('exit', () => setTimeout(() => out.end(), 50));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function listeningLine(child: ChildProcess, workDir: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 60 s`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /\{"listening":"([^"]+)"\}/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}: ${tailLogs(workDir, 20)}`));
    });
  });
}

async function waitForHealth(
  url: string,
  exited: () => boolean,
  name: string,
  workDir: string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${name} exited while starting:\n${tailLogs(workDir, 20)}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer /api/health within 90 s`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function tailLogs(workDir: string, lines: number): string {
  if (!existsSync(workDir)) return '';
  const files = readdirSync(workDir).filter((file) => file.endsWith('.log'));
  const nginxError = join(workDir, 'nginx', 'error.log');
  const parts = files.map((file) => {
    const text = readFileSync(join(workDir, file), 'utf8').trim().split('\n').slice(-lines).join('\n');
    return `--- ${file}\n${text}`;
  });
  if (existsSync(nginxError)) {
    parts.push(
      `--- nginx/error.log\n${readFileSync(nginxError, 'utf8').trim().split('\n').slice(-lines).join('\n')}`,
    );
  }
  return parts.join('\n');
}
