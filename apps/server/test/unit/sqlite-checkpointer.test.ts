import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/database';

// The WAL index (-shm) starts with two copies of a 48-byte header, whose mxFrame (frames in the log) is at byte
// 16, then the checkpoint info, whose nBackfill (frames copied into the database file) is at byte 96: both
// native-endian u32 (https://www.sqlite.org/walformat.html).
function walFrames(dir: string): { inLog: number; copied: number } {
  const shm = readFileSync(join(dir, 'utsav.sqlite-shm'));
  return { inLog: shm.readUInt32LE(16), copied: shm.readUInt32LE(96) };
}

/** Polls until `check`; `ms` only ends a real hang (the checkpointer's pass runs on its own timer). */
const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe('SQLite checkpoints off the event loop', () => {
  let dir: string;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function writeSome(count: number) {
    await sql`create table if not exists t (id integer primary key, v text)`.execute(db!);
    for (let i = 0; i < count; i++) await sql`insert into t (v) values (${'x'.repeat(200)})`.execute(db!);
  }

  it('a few commits, far below the 1,000 pages at which SQLite would copy them itself, are copied in the background', async () => {
    dir = mkdtempSync(join(tmpdir(), 'utsav-ckpt-'));
    db = createDatabase({ dataDir: dir, databaseUrl: undefined });
    await writeSome(50);
    expect(walFrames(dir).inLog).toBeGreaterThan(0);
    expect(walFrames(dir).inLog).toBeLessThan(1000);
    await until(() => walFrames(dir).copied === walFrames(dir).inLog, 15_000);
    expect(walFrames(dir).copied).toBe(walFrames(dir).inLog);
  });

  it("the application's own connection never checkpoints in a commit", async () => {
    dir = mkdtempSync(join(tmpdir(), 'utsav-ckpt-'));
    db = createDatabase({ dataDir: dir, databaseUrl: undefined });
    const rows = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows.rows[0]!.wal_autocheckpoint).toBe(0);
  });

  it('closing leaves every committed row in the database file, readable by a new connection', async () => {
    dir = mkdtempSync(join(tmpdir(), 'utsav-ckpt-'));
    db = createDatabase({ dataDir: dir, databaseUrl: undefined });
    await writeSome(30);
    await db.destroy();
    db = undefined;
    const reader = new SQLite(join(dir, 'utsav.sqlite'), { readonly: true });
    try {
      expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 30 });
    } finally {
      reader.close();
    }
  });
});
