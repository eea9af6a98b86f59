import type { AppContext } from '../../platform/context';
import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { ScanResult } from '../../platform/db/schema';
import { groupCommitted, hasSqliteFile, type SqliteNow } from '../../platform/db/sqlite-now';
import { type TicketView, ticketViews } from '../../stores/tickets';
import { type Claim, claimOf, type FastAdmission } from './gate-claim';
import { reentryAllowed, type ScanSource, scanRow } from './pass';
import { remember, rememberedTicketId, sameToken } from './qr-verifier';
import { admitOnce, admitOnceOrAfterExit } from './repo';
import { insertOnlineScanRow, scanValues } from './scan-log-repo';

// The gate's common case on the embedded SQLite file: a scanned code that is exactly the token stored for a ticket
// of the current event. verify-qr (read the ticket, log the look) and mark-used (the conditional update, its log
// row, the ticket as it now is) each become one synchronous item of a group commit (platform/db/sqlite-now.ts):
// no Kysely promise turns per statement, the reads in the same transaction as the writes, and one commit for all
// the scans of a turn of the event loop. Everything else (typed codes, forged or changed codes, codes of a deleted
// ticket, another event's, refusals to explain) writes nothing here and takes the general path in service.ts,
// which answers and logs exactly as before. The conditional update (repo.ts) stays the only arbiter of an
// admission: SQLite has one writer, and the item runs it and its log row inside one savepoint.
// The same gate on PostgreSQL: gate-on-postgres.ts verifyOnPostgres / admitOnPostgres.

/** The claim of a token, on the SQLite file only. */
async function claimOnSqlite(ctx: AppContext, qrCode: string): Promise<Claim | undefined> {
  return hasSqliteFile(ctx.db) ? claimOf(ctx, qrCode) : undefined;
}

/**
 * verify-qr for a stored token: the ticket, with the look logged (result from `resultOf`) in the same transaction;
 * undefined, with nothing written, when the code is not exactly a stored token of the current event.
 */
export async function verifyOnSqlite(
  ctx: AppContext,
  qrCode: string,
  scanOf: () => ScanSource,
  resultOf: (ticket: TicketView) => ScanResult,
): Promise<TicketView | undefined> {
  const claim = await claimOnSqlite(ctx, qrCode);
  if (!claim) return undefined;
  const ticket = await gateGrouped(ctx.db, { kind: 'verify', db: ctx.db, claim, scan: scanOf(), resultOf });
  if (ticket) remember(claim.code, claim.event.qr_public_key!, claim.event.id, claim.ticketId);
  return ticket;
}

/**
 * mark-used for a stored token: admitted (the update, its log row and the ticket as it now is, in one savepoint),
 * or refused with nothing written; undefined, with nothing written, when the code is not exactly a stored token.
 */
export async function admitOnSqlite(
  ctx: AppContext,
  qrCode: string,
  scanOf: () => ScanSource,
): Promise<FastAdmission | undefined> {
  const claim = await claimOnSqlite(ctx, qrCode);
  if (!claim) return undefined;
  const scan = scanOf();
  const admission = await gateGrouped(ctx.db, { kind: 'admit', db: ctx.db, claim, scan });
  if (admission === 'unmatched') return undefined;
  remember(claim.code, claim.event.qr_public_key!, claim.event.id, claim.ticketId);
  if (admission === 'refused') return { admitted: false, event: claim.event, ticketId: claim.ticketId, scan };
  return { admitted: true, ticket: admission };
}

type GateItem =
  | { kind: 'verify'; db: Db; claim: Claim; scan: ScanSource; resultOf: (ticket: TicketView) => ScanResult }
  | { kind: 'admit'; db: Db; claim: Claim; scan: ScanSource };

// verify-qr's and mark-used's items share the group: a gate's looks and admissions of one turn, one commit.
const gateGrouped = groupCommitted((sqlite, item: GateItem) =>
  item.kind === 'verify' ? verifyItem(sqlite, item) : admitItem(sqlite, item),
) as {
  (db: Db, item: Extract<GateItem, { kind: 'verify' }>): Promise<TicketView | undefined>;
  (db: Db, item: Extract<GateItem, { kind: 'admit' }>): Promise<TicketView | 'refused' | 'unmatched'>;
};

function verifyItem(
  sqlite: SqliteNow,
  { db, claim, scan, resultOf }: Extract<GateItem, { kind: 'verify' }>,
): TicketView | undefined {
  // The view carries the stored token: one read authenticates the code and answers it.
  const ticket = sqlite.all(gateTicketView(db, claim.ticketId, claim.event.id))[0];
  if (!ticket || !sameToken(ticket.qr_token, claim.code)) return undefined;
  sqlite.run(insertOnlineScanRow(db, ...scanValues(scanRow(scan, claim.ticketId, resultOf(ticket)))));
  return ticket;
}

function admitItem(
  sqlite: SqliteNow,
  { db, claim, scan }: Extract<GateItem, { kind: 'admit' }>,
): TicketView | 'refused' | 'unmatched' {
  const { event, ticketId, code } = claim;
  // A code this instance already found authentic (the verify-qr before it) needs no read.
  if (rememberedTicketId(code, event) !== ticketId) {
    const stored = sqlite.all(storedToken(db, ticketId, event.id))[0]?.qr_token;
    if (stored === undefined || !sameToken(stored, code)) return 'unmatched';
  }
  const admit = reentryAllowed(event) ? admitOnceOrAfterExit : admitOnce;
  // The arbiter between gates (repo.ts): a row back means this scan admitted the ticket.
  if (sqlite.all(admit(db, scan.scannedAt, scan.checker.id, scan.now, ticketId, event.id)).length !== 1)
    return 'refused';
  sqlite.run(insertOnlineScanRow(db, ...scanValues(scanRow(scan, ticketId, 'admitted'))));
  const ticket = sqlite.all(gateTicketView(db, ticketId, event.id))[0];
  if (!ticket) throw new Error(`ticket ${ticketId} vanished at the gate`);
  return ticket;
}

// Both compiled once; run on the file's prepared-statement cache (database.ts).
const gateTicketView = compiledQueryOnce((db: Db, ticketId: string, eventId: string) =>
  ticketViews(db).where('tickets.id', '=', ticketId).where('tickets.event_id', '=', eventId),
);

const storedToken = compiledQueryOnce((db: Db, ticketId: string, eventId: string) =>
  db.selectFrom('tickets').select('qr_token').where('id', '=', ticketId).where('event_id', '=', eventId),
);
