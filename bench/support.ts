// What every bench shares: a throwaway PostgreSQL database and the one-line machine description that goes
// into bench/RESULTS.md with each result. Latency percentiles come from the cluster rush's helpers.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { adminQuery } from '../apps/server/test/support/databases';

export type Engine = 'sqlite' | 'postgres';

export { type Percentiles, percentiles } from '../apps/server/test/integration/cluster-rush';

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on the suite's own PostgreSQL (started if needed),
 * named `<prefix>_<time>_<random>`; drop() removes it, connections and all.
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL?.trim() ||
    execFileSync('bash', ['scripts/test-postgres.sh', 'start'], { encoding: 'utf8' }).trim();
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`, adminUrl),
  };
}

export function machine(): string {
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  return `machine: nproc ${cpus().length}, ${model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${new Date().toISOString()}`;
}
