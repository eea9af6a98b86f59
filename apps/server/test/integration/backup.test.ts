import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/platform/config';
import { issuePaidTickets } from '../../support/checkin';
import { type ProvisionedDatabase, provisionDatabase } from '../../support/databases';
import { newUser, tokenFor } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { send, type TestServer, testConfig } from '../../support/server';

// `npm run backup` / `npm run restore` (scripts/backup.ts), run as the organiser runs them: a separate process
// reading the same environment as the server.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/backup.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A TestServer over an app this suite starts and stops itself (the factories only need these fields). */
async function startServer(config: Config): Promise<TestServer & { close(): Promise<void> }> {
  const app: FastifyInstance = await buildApp(config);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    ctx: app.ctx,
    config,
    request: (method, path, options = {}) => send(url, method, path, options),
    close: () => app.close(),
  };
}

function count(file: string, table: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as count from "${table}"`).get() as { count: number }).count;
  } finally {
    db.close();
  }
}

describe('backup and restore (SQLite)', () => {
  let database: ProvisionedDatabase;
  let server: Awaited<ReturnType<typeof startServer>>;
  let work: string;
  let backupFile: string;
  let ticketsBefore = 0;
  let ticketsAfter = 0;
  const ownerEmail = 'backup.owner@example.test';

  beforeAll(async () => {
    database = await provisionDatabase('sqlite');
    work = await mkdtemp(join(tmpdir(), 'utsav-backup-'));
    server = await startServer(testConfig(database, { HOLD_SWEEP_SECONDS: '86400' }));
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('backs up a consistent copy while the server keeps selling', async () => {
    const event = await newEvent(server);
    const owner = await newUser(server, { email: ownerEmail, name: 'Backup Owner' });
    await issuePaidTickets(server.ctx, { eventId: event.id, userId: owner.user.id, quantity: 2 });
    ticketsBefore = 2;

    // Orders of 3 keep being paid for (each one transaction: an order and its 3 tickets) during the backup.
    let writing = true;
    const writer = (async () => {
      let written = 0;
      while (writing) {
        await issuePaidTickets(server.ctx, { eventId: event.id, userId: owner.user.id, quantity: 3 });
        written += 3;
        // SQLite answers synchronously: yield so the event loop still hears from the backup process.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return written;
    })();

    backupFile = join(work, 'night-of.sqlite');
    const run = await runScript(['backup', '--out', backupFile], { DATA_DIR: database.dataDir });
    writing = false;
    ticketsAfter = ticketsBefore + (await writer);

    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Backed up');
    expect(ticketsAfter, 'tickets were sold while the backup ran').toBeGreaterThan(ticketsBefore);
    expect(existsSync(backupFile)).toBe(true);
    expect(existsSync(`${backupFile}-wal`)).toBe(false);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    const tickets = count(backupFile, 'tickets');
    expect(tickets).toBeGreaterThanOrEqual(ticketsBefore);
    expect(tickets).toBeLessThanOrEqual(ticketsAfter);
    // A snapshot, not a smear: every paid order in the copy has exactly its tickets, none half-issued.
    const db = new SQLite(backupFile, { readonly: true });
    const torn = db
      .prepare(
        `select o.id from orders o left join tickets t on t.order_id = o.id
         where o.status = 'paid' group by o.id, o.quantity having count(t.id) <> o.quantity`,
      )
      .all();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(torn).toEqual([]);
  });

  it('without --out it writes a timestamped file under DATA_DIR/backups', async () => {
    const run = await runScript(['backup'], { DATA_DIR: database.dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/backups\/utsav-\d{8}-\d{6}Z\.sqlite/);
  });

  it('refuses to restore over the database of a running server, even with --force', async () => {
    const port = new URL(server.url).port;
    const byPort = await runScript(['restore', backupFile], { DATA_DIR: database.dataDir, PORT: port });
    expect(byPort.code).toBe(2);
    expect(byPort.stderr).toContain(`A server answers on port ${port}`);

    const forced = await runScript(['restore', backupFile, '--force'], {
      DATA_DIR: database.dataDir,
      PORT: port,
    });
    expect(forced.code).toBe(2);
    expect(forced.stderr).toMatch(/open in another process/);
    // The live database is untouched and the server still works.
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });

  it('refuses a file that is not an Utsav database', async () => {
    const run = await runScript(['restore', SCRIPT], { DATA_DIR: join(work, 'other'), PORT: '1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot be opened|not a readable SQLite|not an Utsav database/);
  });

  it('restores into a new DATA_DIR, and a server started on it has the data', async () => {
    const restoredDir = join(work, 'restored');
    const run = await runScript(['restore', backupFile], { DATA_DIR: restoredDir, PORT: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored');

    const restored = await startServer({
      ...testConfig({ ...database, dataDir: restoredDir }),
      dataDir: restoredDir,
    });
    try {
      const event = await restored.request('GET', '/api/event');
      expect(event.body.data.name).toBe('Test Garba Night');
      // New dev-identity keys in the new folder, but the same person (same uid for the same email).
      const token = await tokenFor(restored, ownerEmail);
      const signIn = await restored.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
      expect(signIn.status, signIn.text).toBe(200);
      expect(signIn.body.isNewUser).toBe(false);
      const mine = await restored.request('GET', '/api/tickets/my-tickets', { token });
      expect(mine.body.tickets).toHaveLength(count(backupFile, 'tickets'));
    } finally {
      await restored.close();
    }
  });

  it('restoring over a stopped database keeps the replaced one as pre-restore-*.sqlite', async () => {
    const restoredDir = join(work, 'restored');
    const run = await runScript(['restore', backupFile], { DATA_DIR: restoredDir, PORT: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/saved as .*backups\/pre-restore-\d{8}-\d{6}Z\.sqlite/);
  });

  it('with DATABASE_URL set it prints the pg_dump and pg_restore commands', async () => {
    const env = { DATABASE_URL: 'postgres://utsav:secret@db.example:5432/utsav' };
    const backup = await runScript(['backup', '--out', 'night.dump'], env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('pg_dump --format=custom');
    expect(backup.stdout).toContain('night.dump');
    expect(backup.stdout).not.toContain('secret');
    const restore = await runScript(['restore', 'night.dump'], env);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('pg_restore --clean');
  });
});

// The PostgreSQL commands docs/operations.md gives (and `npm run backup` prints), run for real: a dump taken
// while the app runs, restored into a new database, and an app started on it sees the data.
const pgTools =
  process.env.TEST_DATABASE_URL && existsSync('/usr/bin/pg_dump') && existsSync('/usr/bin/pg_restore');

describe.skipIf(!pgTools)('backup and restore (PostgreSQL, the documented pg_dump / pg_restore)', () => {
  let source: ProvisionedDatabase;
  let target: ProvisionedDatabase;
  let work: string;

  beforeAll(async () => {
    source = await provisionDatabase('postgres');
    target = await provisionDatabase('postgres');
    work = await mkdtemp(join(tmpdir(), 'utsav-pgdump-'));
  });

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  function run(command: string, args: string[]): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('pg_dump of a running app restores with pg_restore into a new database the app starts on', async () => {
    const live = await startServer(testConfig(source, { HOLD_SWEEP_SECONDS: '86400' }));
    const email = 'pg.owner@example.test';
    let tickets = 0;
    try {
      const event = await newEvent(live);
      const owner = await newUser(live, { email });
      tickets = (await issuePaidTickets(live.ctx, { eventId: event.id, userId: owner.user.id, quantity: 4 }))
        .length;
      const dump = join(work, 'utsav.dump');
      const dumped = await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${dump}`,
        source.databaseUrl!,
      ]);
      expect(dumped.code, dumped.stderr).toBe(0);
      const restored = await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${target.databaseUrl!}`,
        dump,
      ]);
      expect(restored.code, restored.stderr).toBe(0);
    } finally {
      await live.close();
    }

    const app = await startServer(testConfig(target, { HOLD_SWEEP_SECONDS: '86400' }));
    try {
      expect((await app.request('GET', '/api/event')).body.data.name).toBe('Test Garba Night');
      const token = await tokenFor(app, email);
      expect(
        (await app.request('POST', '/api/auth/google-signin', { body: { idToken: token } })).status,
      ).toBe(200);
      const mine = await app.request('GET', '/api/tickets/my-tickets', { token });
      expect(mine.body.tickets).toHaveLength(tickets);
    } finally {
      await app.close();
    }
  });
});
