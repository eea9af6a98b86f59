import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

// The PostgreSQL side of the cluster harness: a database per cluster on a shared server, or a throwaway server of
// our own (scripts/test-postgres.sh with its own folder and port) that the faults test may restart. No vitest imports.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function createDatabaseFor(adminUrl: string) {
  const name = `utsav_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A throwaway PostgreSQL of our own (scripts/test-postgres.sh with its own folder and port). */
export function startOwnPostgres(dir: string, port: number): string {
  return execFileSync('bash', ['scripts/test-postgres.sh', 'start'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, TEST_PG_DIR: dir, TEST_PG_PORT: String(port) },
  }).trim();
}

export function stopOwnPostgres(dir: string, port: number): void {
  execFileSync('bash', ['scripts/test-postgres.sh', 'stop'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TEST_PG_DIR: dir, TEST_PG_PORT: String(port) },
  });
}

function pgCtl(): string {
  const bins = readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .map((version) => `/usr/lib/postgresql/${version}/bin`);
  const bin = bins.at(-1);
  if (!bin) throw new Error('PostgreSQL is not installed');
  return `${bin}/pg_ctl`;
}

/** pg_ctl restart -m fast: every connection is cut, in-flight transactions roll back. Never the shared server. */
export async function restartOwnPostgres(dir: string): Promise<void> {
  // Asynchronous: the load generator in this process keeps running while PostgreSQL goes down and up.
  await promisify(execFile)('runuser', [
    '-u',
    'postgres',
    '--',
    pgCtl(),
    '-D',
    dir,
    '-m',
    'fast',
    '-w',
    '-l',
    `${dir}/log`,
    'restart',
  ]);
}

/**
 * pg_ctl stop -m fast, resolved once the server is down: every connection is cut, in-flight transactions roll
 * back. Never the shared server. Asynchronous: the load generator in this process keeps running meanwhile.
 */
export async function stopOwnPostgresNow(dir: string): Promise<void> {
  await promisify(execFile)('runuser', [
    '-u',
    'postgres',
    '--',
    pgCtl(),
    '-D',
    dir,
    '-m',
    'fast',
    '-w',
    'stop',
  ]);
}

/** Starts a server stopped by stopOwnPostgresNow again, with its data; resolved once it accepts connections. */
export async function resumeOwnPostgres(dir: string, port: number): Promise<void> {
  await promisify(execFile)('bash', ['scripts/test-postgres.sh', 'resume'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TEST_PG_DIR: dir, TEST_PG_PORT: String(port) },
  });
}

/** Whether this process may run scripts/test-postgres.sh for a server of its own (root: runuser). */
export function canRunOwnPostgres(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/lib/postgresql');
}
