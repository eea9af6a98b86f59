import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';

// Every integration suite runs once per engine. PostgreSQL needs TEST_DATABASE_URL (scripts/test-all.sh
// starts a throwaway server and sets it); each suite creates its own database so parallel runs never collide.

export type Engine = 'sqlite' | 'postgres';

export interface ProvisionedDatabase {
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export async function provisionDatabase(engine: Engine): Promise<ProvisionedDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-${engine}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { engine, dataDir, databaseUrl: undefined, drop: removeDir };

  const name = `utsav_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await dropDatabase(name);
      await removeDir();
    },
  };
}

// A closed pool's backends exit a moment after their clients do; forcing the drop earlier would send
// "terminating connection" to a client that is already ending, which surfaces as an uncaught error. How long
// that moment lasts depends on the machine: the drop is tried again until it goes through, and forced only
// after a minute (a backend that never ends).
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await adminQuery(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/** One statement on a server's maintenance connection (create or drop a database); the suite's by default. */
export async function adminQuery(statement: string, serverUrl = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Declares the suite once per engine; the PostgreSQL copy is skipped, visibly, without TEST_DATABASE_URL. */
export function describeEachDatabase(title: string, suite: (engine: Engine) => void): void {
  describe(`${title} [sqlite]`, () => suite('sqlite'));
  if (TEST_DATABASE_URL) {
    describe(`${title} [postgres]`, () => suite('postgres'));
  } else {
    describe.skip(`${title} [postgres] (skipped: set TEST_DATABASE_URL=postgres://... to run on PostgreSQL)`, () => {
      it('runs when TEST_DATABASE_URL is set', () => {});
    });
  }
}
