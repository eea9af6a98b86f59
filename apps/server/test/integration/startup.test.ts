import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../support/cluster-harness';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';
import { newEventBody } from '../../support/factories';
import { serverBundle } from '../../support/server-bundle';

// The real entry point as `npm start` and a deployment run it: the compiled bundle (scripts/build-server.ts, built
// once for the run by support/server-bundle.ts). The TypeScript through tsx, as a developer's `npm run dev:server`
// runs it, is started once, where that matters: SIGTERM with stdout never read (a tsx start costs several seconds
// of CPU, so the engine-independent check runs on SQLite only).

const TSX_ENTRY = ['--import', 'tsx', 'apps/server/src/main.ts'];
// main.ts gives in-flight work 10 s and then exits anyway; a process still alive long after that hangs (as one
// blocked on a full stdout pipe did). The ceiling only catches a hang: how fast a busy machine exits is not asserted.
const HANG_AFTER_MS = 60_000;
// How long a start may take before it counts as a hang: a tsx start on a 2-core machine at load 20 took over 60 s.
// The tests' own timeouts below leave room for it.
const START_CEILING_MS = 150_000;

const children: ChildProcess[] = [];
const dirs: string[] = [];

// The run's bundle, built (if no suite has yet) before any test starts a server from it.
beforeAll(() => compiledEntry().then(() => undefined), 180_000);

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'utsav-startup-'));
  dirs.push(dir);
  return dir;
}

function start(command: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'info',
      DEMO_SEED: 'false',
      // A busy test machine must not shed these requests with 503 (the overload guard has its own tests).
      OVERLOAD_MAX_IN_FLIGHT: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return () => output;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_CEILING_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${START_CEILING_MS / 1000} s`);
}

async function waitFor(output: () => string, text: string): Promise<void> {
  const deadline = Date.now() + START_CEILING_MS;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('start-up', () => {
  it('refuses the development stand-ins under NODE_ENV=production: exit 1, one message naming what to set', async () => {
    // Only what a careless deployment would set: no Firebase, no Razorpay.
    const child = start(process.execPath, await compiledEntry(), {
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: await dataDir(),
    });
    const output = collect(child);
    expect(await exited(child)).toBe(1);
    expect(output().match(/Refusing to start/g)).toHaveLength(1);
    expect(output()).toContain('FIREBASE_PROJECT_ID');
    expect(output()).toContain('PAYMENTS=razorpay with RAZORPAY_KEY_ID');
    expect(output()).toContain('ALLOW_STAND_INS=true');
  }, 150_000);

  it.each<[string, Record<string, string>, RegExp]>([
    ['NODE_ENV=Production', { NODE_ENV: 'Production' }, /^Refusing to start: .*NODE_ENV=production/],
    [
      'PUBLIC_URL=HTTPS://…',
      { PUBLIC_URL: 'HTTPS://Tickets.Example.com' },
      /^Refusing to start: .*https PUBLIC_URL/,
    ],
    ['DATA_DIR a file', { DATA_DIR: 'FILE' }, /^DATA_DIR \(.*\) is a file, not a folder\./],
    [
      'DATA_DIR below a file',
      { DATA_DIR: 'FILE/data' },
      /^DATA_DIR \(.*\) cannot be used as the data folder/,
    ],
    [
      'an unreachable DATABASE_URL',
      { DATABASE_URL: 'postgres://utsav:hunter22@127.0.0.1:1/utsav' },
      /^Could not start: the database \(DATABASE_URL\) could not be prepared: .*ECONNREFUSED/,
    ],
  ])(
    '%s: exit 1 with one line that says why, no stack trace and no secret',
    async (_name, env, line) => {
      const dir = await dataDir();
      const file = join(dir, 'not-a-folder');
      await writeFile(file, '');
      const dataDirOf = (value: string | undefined) => value?.replace('FILE', file) ?? join(dir, 'data');
      const child = start(process.execPath, await compiledEntry(), {
        PORT: '0',
        ...env,
        DATA_DIR: dataDirOf(env.DATA_DIR),
      });
      const output = collect(child);
      expect(await exited(child)).toBe(1);
      const lines = output().trim().split('\n');
      expect(lines, output()).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(output()).not.toMatch(/\n\s+at |hunter22/);
    },
    150_000,
  );

  it('logs JSON lines when stdout is not a terminal, the banner saying which stand-ins run and why that is safe', async () => {
    const port = await freePort();
    const child = start(process.execPath, await compiledEntry(), {
      PORT: String(port),
      DATA_DIR: await dataDir(),
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    await waitFor(() => stdout, 'Safe here because');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    // Every line on stdout is JSON (Node's own warnings, if any, go to stderr).
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const messages = lines.map((line) => line.msg);
    expect(messages).toContainEqual(
      expect.stringMatching(/^Stand-ins on: the development sign-in .* the Razorpay emulator/),
    );
    expect(messages).toContainEqual(expect.stringContaining('only this machine can reach it (127.0.0.1)'));
  }, 210_000);

  it('prints readable lines on a terminal (pino-pretty), not JSON', async () => {
    const port = await freePort();
    const command = [process.execPath, ...(await compiledEntry())].join(' ');
    // script(1) gives the server a pseudo-terminal as stdout, as `npm start` in a terminal does.
    const child = start('script', ['-qfec', command, '/dev/null'], {
      PORT: String(port),
      DATA_DIR: await dataDir(),
    });
    const output = collect(child);
    await waitFor(output, 'Safe here because');
    child.kill('SIGTERM');
    await exited(child);
    const plain = stripVTControlCharacters(output());
    expect(plain).toMatch(/\[\d\d:\d\d:\d\d\] INFO: Stand-ins on: the development sign-in/);
    expect(plain).not.toContain('"level":');
  }, 210_000);
});

describe('SIGTERM while a large mail is being made', () => {
  it('exits 0 through the normal path, and the mail is not lost: sent, or released for the next start', async () => {
    const dir = await dataDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = start(process.execPath, await compiledEntry(), {
      PORT: String(port),
      DATA_DIR: dir,
      ADMIN_EMAILS: 'boss@example.test',
      OUTBOX_INTERVAL_MS: '100',
    });
    await healthy(url, child);
    const keys = await loadOrCreateSigningKeys(dir);
    const idToken = await signIdToken(keys, { email: 'boss@example.test', name: 'Boss' });
    const call = async (method: string, path: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
      return response.json();
    };
    await call('POST', '/api/auth/google-signin', { idToken });
    await call('POST', '/api/event', newEventBody({ totalTickets: 1000 }), idToken);
    await call(
      'POST',
      '/api/tickets/admin/issue-manual',
      { userName: 'Big Family', userEmail: 'family@example.test', quantity: 500 },
      idToken,
    );

    // The state: the issuance's mail claimed by the outbox worker (its 500-page PDF being made).
    const db = new Database(join(dir, 'utsav.sqlite'), { readonly: true });
    const mail = () =>
      db.prepare("select status, next_attempt_at from outbox where kind = 'manual-issuance'").get() as {
        status: string;
        next_attempt_at: string;
      };
    await expect.poll(() => Date.parse(mail().next_attempt_at) > Date.now(), { timeout: 60_000 }).toBe(true);

    child.kill('SIGTERM');
    // main.ts exits 1 only when its ten-second limit runs out; 0 is the normal path.
    expect(await exited(child)).toBe(0);
    const after = mail();
    db.close();
    if (after.status !== 'sent') {
      expect(after.status).toBe('pending');
      expect(Date.parse(after.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    }
  }, 270_000);
});

// `npm start` and production run the compiled bundle (`node apps/server/dist/main.js`); `npm run dev:server` runs
// the TypeScript through tsx. Both must stop on SIGTERM however stuck their log reader is.
async function compiledEntry(): Promise<string[]> {
  return [await serverBundle(inject('serverBundleDir'))];
}

describeEachDatabase('the server process', (engine) => {
  let database: ProvisionedDatabase | undefined;

  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function startOn(entry: string[]) {
    database = await provisionDatabase(engine);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // stdout and stderr are pipes this test never reads: once their 64 KB fill, every further write would wait.
    const child = start(process.execPath, entry, {
      PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      ADMIN_EMAILS: 'boss@example.test',
    });
    await healthy(url, child);
    return { child, url };
  }

  /** Each answered request logs a line of ~300 bytes: 600 of them are nearly three times what a pipe holds. */
  async function fillTheUnreadLog(url: string) {
    for (let i = 0; i < 600; i++) {
      const response = await fetch(`${url}/api/event`);
      await response.arrayBuffer();
    }
    expect((await fetch(`${url}/api/event`)).status).toBe(200);
  }

  /** SIGTERM, then the exit code; a process still alive after the hang ceiling fails the test. */
  async function exitAfterSigterm(child: ChildProcess) {
    child.kill('SIGTERM');
    const exit = await Promise.race([
      exited(child),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), HANG_AFTER_MS)),
    ]);
    expect(exit).not.toBe('still running');
    return exit;
  }

  it.runIf(engine === 'sqlite')(
    'tsx: SIGTERM ends it although stdout is never read',
    async () => {
      const { child, url } = await startOn(TSX_ENTRY);
      await fillTheUnreadLog(url);
      await exitAfterSigterm(child);
    },
    270_000,
  );

  // One process of the bundle for both of its checks (a start costs a few seconds of CPU): it serves, then
  // stops on SIGTERM with its stdout never read.
  it('compiled: serves the API and the files its modules read beside their sources; SIGTERM ends it although stdout is never read', async () => {
    const { child, url } = await startOn(await compiledEntry());
    const get = (path: string) =>
      fetch(`${url}${path}`).then(async (r) => ({ status: r.status, text: await r.text() }));
    const [event, checkout, popup, hindi] = await Promise.all([
      get('/api/event'),
      get('/razorpay-emulator/checkout.js'),
      get('/dev-auth/popup'),
      fetch(`${url}/api/nope`, { headers: { 'accept-language': 'hi' } }).then((r) => r.json()),
    ]);
    expect(event.status).toBe(200);
    expect(checkout).toMatchObject({ status: 200, text: expect.stringContaining('Razorpay') });
    expect(popup.status).toBe(200);
    expect(hindi).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining('नहीं मिला') });

    // Ticket PDFs come from the document worker, which the bundle carries as documents-worker.js.
    const idToken = await signIdToken(await loadOrCreateSigningKeys(database!.dataDir), {
      email: 'boss@example.test',
      name: 'Boss',
    });
    const call = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
        body: JSON.stringify(body),
      });
    expect((await call('/api/auth/google-signin', { idToken })).status).toBe(200);
    expect((await call('/api/event', newEventBody())).status).toBe(200);
    const issued = (await (
      await call('/api/tickets/admin/issue-manual', {
        userName: 'Asha',
        userEmail: 'asha@example.test',
        quantity: 2,
      })
    ).json()) as { tickets: Array<{ id: string }> };
    const pdf = await call('/api/tickets/admin/generate-pdf', {
      ticketIds: issued.tickets.map((ticket) => ticket.id),
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await fillTheUnreadLog(url);
    // 0 is the normal path (main.ts exits 1 only when its ten-second limit runs out).
    expect(await exitAfterSigterm(child)).toBe(0);
  }, 270_000);
});
