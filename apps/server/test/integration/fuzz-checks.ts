import { sql } from 'kysely';
import type { Db } from '../../src/platform/db/database';
import { isPostgres } from '../../src/platform/db/dialect';

// What must hold for every answer to a fuzzed request, and the "nothing written" check. Used by fuzz.test.ts.

const LEAKS: Array<[RegExp, string]> = [
  [/\n\s+at [\w$.<>[\] ]+ \(/, 'a stack trace'],
  [/\bat (async )?[\w$.]+ \((\/|file:|node:)/, 'a stack frame'],
  [/(\/|\\)(node_modules|apps|packages|src)(\/|\\)/, 'an internal file path'],
  [/\.(ts|js|mjs):\d+/, 'a source location'],
  [
    /SQLITE_|SqliteError|syntax error at or near|violates (not-null|unique|foreign key)|relation "\w+"/i,
    'a database error',
  ],
  [/\b(TypeError|RangeError|ReferenceError)\b/, 'a JavaScript error name'],
];

export function problemsWith(status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  for (const [pattern, what] of LEAKS) if (pattern.test(text)) problems.push(`leaks ${what}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('an error that is not JSON');
    }
    const envelope = body as { success?: unknown; error?: unknown; code?: unknown } | undefined;
    if (
      body !== undefined &&
      !(
        envelope?.success === false &&
        typeof envelope.error === 'string' &&
        typeof envelope.code === 'string'
      )
    )
      problems.push('an error without the {success:false, error, code} envelope');
  }
  return problems;
}

/** Row counts of every table of ours (kysely's own bookkeeping left out), found at run time. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    // ticket_qr_images is a cache that reads fill (a ticket's QR image, made once): not a write of the request's.
    if (name.startsWith('kysely_') || name === 'ticket_qr_images') continue;
    const row = await sql<{
      count: number | string;
    }>`select count(*) as count from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0]?.count ?? 0);
  }
  return counts;
}

/** Strings that break databases and text handling rather than validators; each goes into every string field. */
