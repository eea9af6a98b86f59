import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keysDirectory, loadOrCreateSigningKeys } from '@utsav/dev-identity/keys';
import pg from 'pg';
import { describe, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../src/platform/db/database';
import { MIGRATIONS } from '../src/platform/db/migrations/list';

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

/** An empty database (`template`: a PostgreSQL database to copy instead; see provisionMigratedDatabase). */
export async function provisionDatabase(engine: Engine, template?: string): Promise<ProvisionedDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-${engine}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { engine, dataDir, databaseUrl: undefined, drop: removeDir };

  const name = `utsav_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
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

/**
 * A database that has run every migration, as the app leaves one at its first start: copied from a template
 * migrated once (a SQLite file per test process; a PostgreSQL template database per set of migrations, kept on
 * the test server for the next run). Running the 30-odd migrations for each suite cost about 0.2 s on SQLite and
 * 0.5 s on PostgreSQL, for some 250 suites. The app still runs its migrator at start (finding nothing to do);
 * the migrations themselves are run from empty by the template and tested by migrations*.test.ts.
 */
export async function provisionMigratedDatabase(engine: Engine): Promise<ProvisionedDatabase> {
  const database =
    engine === 'sqlite'
      ? await provisionDatabase('sqlite')
      : await provisionDatabase('postgres', await postgresTemplate());
  if (engine === 'sqlite') await copyFile(await sqliteTemplate(), join(database.dataDir, SQLITE_FILE));
  await copyDevIdentityKeys(database.dataDir);
  return database;
}

/**
 * The development sign-in's key file, as the app leaves it in its data folder at the first start: one RSA key per
 * test process, copied into each suite's folder. Making a 2,048-bit key at each suite's start cost about 0.1-0.3 s
 * of CPU, some 250 times a run. Each suite still has its own database; the key only signs test tokens.
 * (The app makes its own when the file is missing: startup, cluster and dev-identity tests start from empty folders.)
 */
async function copyDevIdentityKeys(dataDir: string): Promise<void> {
  const target = keysDirectory(dataDir);
  await mkdir(target, { recursive: true, mode: 0o700 });
  await copyFile(await devIdentityKeysFile(), join(target, 'keys.json'));
  await chmod(join(target, 'keys.json'), 0o600);
}

let devIdentityKeysPath: Promise<string> | undefined;
function devIdentityKeysFile(): Promise<string> {
  devIdentityKeysPath ??= (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'utsav-keys-template-'));
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    await loadOrCreateSigningKeys(dataDir);
    return join(keysDirectory(dataDir), 'keys.json');
  })();
  return devIdentityKeysPath;
}

const SQLITE_FILE = 'utsav.sqlite';

/** What the migrations are: a template made by other migrations (another branch, an edit) is never used. */
const MIGRATIONS_HASH = createHash('sha256')
  .update(
    MIGRATIONS.map(([name, migration]) => `${name}\n${migration.up}\n${migration.down ?? ''}`).join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

let sqliteTemplatePath: Promise<string> | undefined;
function sqliteTemplate(): Promise<string> {
  sqliteTemplatePath ??= (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'utsav-sqlite-template-'));
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    const db = createDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(db);
    // Closing the last connection checkpoints the write-ahead log into the file, which is then whole.
    await db.destroy();
    return join(dataDir, SQLITE_FILE);
  })();
  return sqliteTemplatePath;
}

let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `utsav_template_${MIGRATIONS_HASH}`;
    const found = await serverQuery('select 1 from pg_database where datname = $1', [name]);
    if (found.length > 0) return name;
    // Built under a name of its own and renamed when complete, so a template in use is always whole; two
    // processes building at once both finish, and the one whose rename finds the name taken drops its copy.
    const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(`create database ${building}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${building}`;
    const db = createDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await migrateToLatest(db);
    await db.destroy();
    try {
      await adminQuery(`alter database ${building} rename to ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error;
      await dropDatabase(building);
    }
    return name;
  })();
  return postgresTemplateName;
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
  await serverQuery(statement, [], serverUrl);
}

async function serverQuery(statement: string, values: unknown[], serverUrl = TEST_DATABASE_URL) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
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
