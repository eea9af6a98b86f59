// Backup and restore of Utsav's database.
//
//   npm run backup  -- [--out <file>]        SQLite: a consistent copy while the server runs
//   npm run restore -- <file> [--force]      SQLite: only while no server uses the database
//
// Both read the same environment as the server (DATA_DIR, DATABASE_URL, PORT). With DATABASE_URL set
// (PostgreSQL) they print the pg_dump / pg_restore commands to run instead (docs/operations.md).
//
// Backup uses SQLite's online backup API (better-sqlite3's .backup()) in one step: it reads one snapshot
// inside a single read transaction, so it is consistent even while the server writes (WAL: readers never
// block writers), and it cannot be restarted over and over by a busy server as a paged backup would be.

import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../apps/server/src/platform/config';

const DATABASE_FILE = 'utsav.sqlite';
const ALL_PAGES = 0x7fffffff;
// The tables worth a line in the summary; the backup itself is every table, whatever it is called.
const SUMMARY_TABLES = ['users', 'events', 'orders', 'tickets', 'refunds', 'checkin_scans', 'outbox'];

class UsageError extends Error {}

function timestamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
}

function summary(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>
      ).map((row) => row.name),
    );
    return SUMMARY_TABLES.filter((table) => tables.has(table))
      .map(
        (table) =>
          `${table} ${(db.prepare(`select count(*) as count from "${table}"`).get() as { count: number }).count}`,
      )
      .join(', ');
  } finally {
    db.close();
  }
}

/** Throws unless `file` is an intact SQLite database that holds Utsav's tables. */
function checkDatabase(file: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new UsageError(`${file} cannot be opened as a SQLite database (${(error as Error).message}).`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new UsageError(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name in ('users', 'tickets', 'kysely_migration')",
      )
      .all();
    if (tables.length < 3)
      throw new UsageError(`${file} is not an Utsav database (no users/tickets/migrations tables).`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file} is not a readable SQLite database (${(error as Error).message}).`);
  } finally {
    db.close();
  }
}

/** An online, consistent copy of `source` at `target` (written beside it first, renamed when complete). */
async function backupSqlite(source: string, target: string): Promise<void> {
  if (existsSync(target)) throw new UsageError(`${target} already exists; choose another --out.`);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  await rm(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // A self-contained file: no -wal beside it to forget when copying it somewhere.
  const copy = new SQLite(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkDatabase(partial);
  // Names, emails, phone numbers and the event's QR signing key: for the owner's eyes only.
  await chmod(partial, 0o600);
  await rename(partial, target);
}

/** Whether another process (a running server) has the SQLite database open. */
function inUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    // Leaving WAL mode needs the database to ourselves: any other connection holds the WAL index open.
    // It also folds a crashed server's leftover WAL into the file first, so nothing committed is lost.
    db.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

async function restoreSqlite(
  source: string,
  dataDir: string,
  options: { port: number; force: boolean },
): Promise<{ target: string; previous: string | undefined }> {
  if (!existsSync(source)) throw new UsageError(`${source} does not exist.`);
  checkDatabase(source);
  const target = join(dataDir, DATABASE_FILE);

  if (!options.force && (await serverAnswers(options.port))) {
    throw new UsageError(
      `A server answers on port ${options.port}. Stop Utsav before restoring (or pass --force if that port belongs to something else).`,
    );
  }
  // Not skipped by --force: replacing a file that a live server has open loses everything it writes next.
  if (inUse(target)) {
    throw new UsageError(
      `${target} is open in another process (a running server?). Stop it before restoring.`,
    );
  }

  await mkdir(dataDir, { recursive: true });
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = join(dataDir, 'backups', `pre-restore-${timestamp()}.sqlite`);
    await backupSqlite(target, previous);
  }
  const incoming = `${target}.restoring`;
  await copyFile(source, incoming);
  await chmod(incoming, 0o600);
  // The old database's WAL and index must not be replayed over the restored file.
  await rm(`${target}-wal`, { force: true });
  await rm(`${target}-shm`, { force: true });
  await rename(incoming, target);
  checkDatabase(target);
  return { target, previous };
}

function postgresHelp(command: 'backup' | 'restore', file: string | undefined): string {
  const dump = file ?? `utsav-${timestamp()}.dump`;
  return command === 'backup'
    ? [
        'DATABASE_URL is set: this is PostgreSQL. Back it up with pg_dump (consistent while the servers run):',
        '',
        `  pg_dump --format=custom --no-owner --no-privileges --file=${dump} "$DATABASE_URL"`,
        '',
        'Same major version of pg_dump as the server (or newer). Keep the file somewhere other than the database host.',
      ].join('\n')
    : [
        'DATABASE_URL is set: this is PostgreSQL. Stop every Utsav instance, then restore with pg_restore:',
        '',
        `  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --dbname="$DATABASE_URL" ${file ?? '<file>.dump'}`,
        '',
        'Or restore into a new, empty database and point DATABASE_URL at it. See docs/operations.md.',
      ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig(process.env);
  const dataDir = resolve(config.dataDir);

  if (command === 'backup') {
    if (config.databaseUrl) {
      console.log(postgresHelp('backup', values.out));
      return;
    }
    const source = join(dataDir, DATABASE_FILE);
    if (!existsSync(source)) throw new UsageError(`No database at ${source} (DATA_DIR=${config.dataDir}).`);
    const target = resolve(values.out ?? join(dataDir, 'backups', `utsav-${timestamp()}.sqlite`));
    const started = performance.now();
    await backupSqlite(source, target);
    const size = (await stat(target)).size;
    console.log(
      `Backed up ${source}\n       to ${target} (${(size / 1024 / 1024).toFixed(2)} MB, ${Math.round(performance.now() - started)} ms)\n` +
        `Contains: ${summary(target)}`,
    );
    return;
  }

  if (command === 'restore') {
    const file = positionals[0];
    if (!file) throw new UsageError('Usage: npm run restore -- <backup file> [--force]');
    if (config.databaseUrl) {
      console.log(postgresHelp('restore', file));
      return;
    }
    const { target, previous } = await restoreSqlite(resolve(file), dataDir, {
      port: config.port,
      force: values.force,
    });
    console.log(
      `Restored ${basename(file)} into ${target}\nContains: ${summary(target)}` +
        (previous ? `\nThe database it replaced was saved as ${previous}` : '') +
        '\nStart the server as usual; it applies any newer migrations at start-up.',
    );
    return;
  }

  throw new UsageError('Usage: tsx scripts/backup.ts backup [--out <file>] | restore <file> [--force]');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof UsageError ? 2 : 1);
});
