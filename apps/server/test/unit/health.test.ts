import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isHealthy } from '../../src/modules/system/service';
import type { AppContext } from '../../src/platform/context';
import { createDatabase, type Db } from '../../src/platform/db/database';

describe('health on the embedded SQLite file', () => {
  let dir: string;
  let db: Db | undefined;

  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers at once (no promise, no timer) while the database is open, and false once it is closed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'utsav-health-'));
    db = createDatabase({ dataDir: dir, databaseUrl: undefined });
    await sql`select 1`.execute(db); // as the app's migrations do: Kysely opens the file on first use
    const ctx = { db } as AppContext;
    expect(isHealthy(ctx)).toBe(true);
    await db.destroy();
    db = undefined;
    expect(isHealthy(ctx)).toBe(false);
  });
});
