import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../platform/context';
import { batchedTurns } from '../../platform/db/batched-turns';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import { prepareOnPostgres } from '../../platform/db/prepared';
import type { CheckinScansTable } from '../../platform/db/schema';
import type { TicketView } from '../../stores/tickets';
import { type Claim, claimOf, type FastAdmission } from './gate-claim';
import { reentryAllowed, type ScanSource, scanRow } from './pass';
import { remember, rememberedTicketId } from './qr-verifier';
import { GATE_TICKET_JSON, verifyResultSql } from './ticket-json-on-postgres';

// The gate's common case on PostgreSQL: a scanned code that is exactly the token stored for a ticket of the
// current event. verify-qr (read the ticket, log the look) and mark-used (the conditional update, its log row, the
// ticket as it now is) are each ONE statement, one round trip, instead of two (bench/history/gate.md), and
// in a rush one statement carries every scan that arrived meanwhile (gateTurns below):
//   - the code is authenticated inside the statement: its digest must equal the stored token's (sha256 of each,
//     compared, so the comparison's time says nothing about the token), unless this instance has authenticated
//     the code already (qr-verifier.ts);
//   - the log row is written only for an authenticated code, in the same statement (atomic as one);
//   - the ticket comes back as one JSON value in TicketView's shape, its timestamps written as the API's ISO text
//     (ticket-json-on-postgres.ts): pg parses one column instead of 38, and no Date is made and printed again.
// Everything else (typed codes, forged or changed codes, codes of a deleted ticket or another event's, refusals)
// writes nothing here and takes the general path in service.ts, which answers and logs exactly as before. The
// conditional update stays the only arbiter of an admission: PostgreSQL re-checks its WHERE under the row lock.
// The same gate on SQLite: gate-on-sqlite.ts verifyOnSqlite / admitOnSqlite (with repo.ts admitOnce).

/** A claim, and whether this instance found the code authentic for this event and key already (no digest then). */
interface KnownClaim extends Claim {
  known: boolean;
}

/** The claim of a token, on PostgreSQL only. */
async function claimOnPostgres(ctx: AppContext, qrCode: string): Promise<KnownClaim | undefined> {
  if (!isPostgres(ctx.db)) return undefined;
  const claim = await claimOf(ctx, qrCode);
  return claim && { ...claim, known: rememberedTicketId(claim.code, claim.event) === claim.ticketId };
}

/**
 * verify-qr for a stored token: the ticket, with the look logged in the same statement; undefined, with nothing
 * written, when the code is not exactly a stored token of a ticket of the current event.
 */
export async function verifyOnPostgres(
  ctx: AppContext,
  qrCode: string,
  scanOf: () => ScanSource,
): Promise<TicketView | undefined> {
  const claim = await claimOnPostgres(ctx, qrCode);
  if (!claim) return undefined;
  const look = scanRow(scanOf(), claim.ticketId, 'verified');
  const found = await gateTurnsOf(ctx.db).verify({ claim, look });
  if (!found?.logged) return undefined;
  if (!claim.known) remember(claim.code, claim.event.qr_public_key!, claim.event.id, claim.ticketId);
  return found.ticket;
}

/**
 * mark-used for a stored token: admitted (the update, its log row and the ticket as it now is, one statement), or
 * refused with nothing written; undefined, with nothing written, when the code is not exactly a stored token of a
 * ticket of the current event (the general path then authenticates it as before).
 */
export async function admitOnPostgres(
  ctx: AppContext,
  qrCode: string,
  scanOf: () => ScanSource,
): Promise<FastAdmission | undefined> {
  const claim = await claimOnPostgres(ctx, qrCode);
  if (!claim) return undefined;
  const scan = scanOf();
  const outcome = await gateTurnsOf(ctx.db).admit({
    claim,
    scan,
    entry: scanRow(scan, claim.ticketId, 'admitted'),
  });
  if (!outcome?.authentic) return undefined;
  if (!claim.known) remember(claim.code, claim.event.qr_public_key!, claim.event.id, claim.ticketId);
  if (!outcome.admitted) return { admitted: false, event: claim.event, ticketId: claim.ticketId, scan };
  if (!outcome.ticket) throw new Error(`ticket ${claim.ticketId} vanished at the gate`);
  return { admitted: true, ticket: outcome.ticket };
}

interface Look {
  claim: KnownClaim;
  look: CheckinScansTable;
}
interface Entry {
  claim: KnownClaim;
  scan: ScanSource;
  entry: CheckinScansTable;
}
type Found = { ticket: TicketView; logged: boolean } | undefined;
type Outcome = { ticket: TicketView | null; admitted: boolean; authentic: boolean | null };

// A gate rush runs as batches (platform/db/batched-turns.ts): the scans that arrive while two batches run go in
// the next one, each batch one statement over arrays (one element per scan). Two admissions of one ticket never
// share a batch or run at once: the update arbitrates each ticket once per statement, and no two batches wait on
// each other's rows. Each database (a test process has several) has its own turns.
const BATCHES_AT_ONCE = 2;
const SCANS_PER_BATCH = 64;
const turns = new WeakMap<Db, ReturnType<typeof gateTurns>>();

/** The gate's batches on one database (exported for the test that holds a burst to count its statements). */
export function gateTurnsOf(db: Db): ReturnType<typeof gateTurns> {
  const found = turns.get(db);
  if (found) return found;
  const made = gateTurns(db);
  turns.set(db, made);
  return made;
}

function gateTurns(db: Db) {
  return {
    verify: batchedTurns<Look, Found>({
      maxInFlight: BATCHES_AT_ONCE,
      maxBatch: SCANS_PER_BATCH,
      run: (looks) => answersInOrder<Found>(db, VERIFY_LOGGED, looks.length, lookColumns(looks)),
    }),
    admit: batchedTurns<Entry, Outcome | undefined>({
      maxInFlight: BATCHES_AT_ONCE,
      maxBatch: SCANS_PER_BATCH,
      keyOf: (entry) => entry.claim.ticketId,
      run: (entries) => answersInOrder<Outcome>(db, ADMIT_LOGGED, entries.length, entryColumns(entries)),
    }),
  };
}

/** Runs a batch statement; its rows carry `ord`, the 1-based place of their scan in the arrays. */
async function answersInOrder<Row>(
  db: Db,
  text: string,
  count: number,
  columns: unknown[][],
): Promise<Array<Row | undefined>> {
  const result = await db.executeQuery<Row & { ord: number }>(CompiledQuery.raw(text, columns));
  const answers = new Array<Row | undefined>(count).fill(undefined);
  for (const row of result.rows) answers[row.ord - 1] = row;
  return answers;
}

const lookColumns = (looks: Look[]): unknown[][] => [
  looks.map(({ claim }) => claim.ticketId),
  looks.map(({ claim }) => claim.event.id),
  looks.map(({ claim }) => claim.known),
  looks.map(({ claim }) => claim.code),
  looks.map(({ look }) => look.id),
  looks.map(({ look }) => look.checker_user_id),
  looks.map(({ look }) => look.device_id),
  looks.map(({ look }) => look.gate),
  looks.map(({ look }) => look.method ?? 'scan'),
  looks.map(({ look }) => look.scanned_at),
  looks.map(({ look }) => look.created_at),
];

const entryColumns = (entries: Entry[]): unknown[][] => [
  entries.map(({ scan }) => scan.scannedAt),
  entries.map(({ scan }) => scan.checker.id),
  entries.map(({ scan }) => scan.now),
  entries.map(({ claim }) => claim.ticketId),
  entries.map(({ claim }) => claim.event.id),
  entries.map(({ claim }) => reentryAllowed(claim.event)),
  entries.map(({ claim }) => claim.known),
  entries.map(({ claim }) => claim.code),
  entries.map(({ entry }) => entry.id),
  entries.map(({ entry }) => entry.device_id),
  entries.map(({ entry }) => entry.gate),
  entries.map(({ entry }) => entry.method ?? 'scan'),
  entries.map(({ entry }) => entry.created_at),
];

/** The code's digest equals the stored token's; `known` (already authenticated here) skips the comparison. */
const authentic = (known: string, code: string, token: string) =>
  `(${known} or sha256(convert_to(${code}, 'UTF8')) = sha256(convert_to(${token}, 'UTF8')))`;

const LOG_COLUMNS = `id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at, created_at,
    direction, method`;

// One scan per element: ticket, event, known, code; its log row: id, checker, device, gate, method, scanned_at,
// created_at. Each ticket is read once (`found`), its log row written from it when the code is authentic.
const VERIFY_LOGGED = `with i as (
  select * from unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[])
    with ordinality as i(ticket_id, event_id, known, code, log_id, checker, device, gate, method, scanned_at,
      logged_at, ord)
), found as (
  select i.ord, i.log_id, i.checker, i.device, i.gate, i.method, i.scanned_at, i.logged_at, t.status, t.exited_at,
    t.transferred_at, t.resold_at, t.id, ${authentic('i.known', 'i.code', 't.qr_token')} as authentic, ${GATE_TICKET_JSON} as ticket
  ${joinedFrom('i join tickets t on t.id = i.ticket_id and t.event_id = i.event_id')}
), logged as (
  insert into checkin_scans (${LOG_COLUMNS})
  select log_id, id, checker, device, gate, 'verify', ${verifyResultSql('found')}, null, scanned_at, logged_at, 'in',
    method
  from found
  where authentic
)
select ord::integer as ord, ticket, authentic as logged from found`;

// One scan per element: at, checker, now, ticket, event, re-entry allowed, known, code; its log row: id, device,
// gate, method, created_at. The same conditional update as repo.ts admitOnce / admitOnceOrAfterExit (the
// arbiter; re-entry's condition is repo.ts passesInAgain, spelled here in SQL), its log rows from the update's output, and the tickets from the updated rows: the other parts of one
// statement see the snapshot before the update, so nothing re-reads tickets. A batch names each ticket once.
const ADMIT_LOGGED = `with i as (
  select * from unnest($1::timestamptz[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::boolean[],
    $7::boolean[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
    with ordinality as i(scanned_at, checker, updated, ticket_id, event_id, reentry, known, code, log_id, device,
      gate, method, logged_at, ord)
), admitted as (
  update tickets set
    status = 'used',
    used_at = case when tickets.status = 'active' then i.scanned_at else tickets.used_at end,
    scanned_by_user_id = case when tickets.status = 'active' then i.checker else tickets.scanned_by_user_id end,
    last_entry_at = i.scanned_at,
    exited_at = null,
    updated_at = i.updated
  from i
  where tickets.id = i.ticket_id and tickets.event_id = i.event_id
    and (tickets.status = 'active' or (i.reentry and tickets.status = 'used' and tickets.exited_at is not null))
    and ${authentic('i.known', 'i.code', 'tickets.qr_token')}
  returning tickets.*, i.ord as in_ord, i.log_id as in_log_id, i.checker as in_checker, i.device as in_device,
    i.gate as in_gate, i.method as in_method, i.scanned_at as in_scanned_at, i.logged_at as in_logged_at
), logged as (
  insert into checkin_scans (${LOG_COLUMNS})
  select in_log_id, id, in_checker, in_device, in_gate, 'mark', 'admitted', null, in_scanned_at, in_logged_at, 'in',
    in_method
  from admitted
)
select i.ord::integer as ord, a.ticket, a.ticket is not null as admitted,
  -- Only when refused: was the code the ticket's token (a refusal to explain) or not (the general path's to judge)?
  case when a.ticket is not null then true
    else (select ${authentic('i.known', 'i.code', 'qr_token')} from tickets
      where tickets.id = i.ticket_id and tickets.event_id = i.event_id) end as authentic
from i
left join (select t.in_ord, ${GATE_TICKET_JSON} as ticket ${joinedFrom('admitted t')}) a on a.in_ord = i.ord`;

/** The ticket view's joins (stores/tickets.ts ticketViews) onto `source`, aliased t. */
function joinedFrom(source: string): string {
  return `from ${source}
  join events on events.id = t.event_id
  join users owner on owner.id = t.user_id
  left join users scanner on scanner.id = t.scanned_by_user_id
  left join users issuer on issuer.id = t.issued_by_user_id
  left join orders on orders.id = t.order_id
  left join ticket_types on ticket_types.id = t.ticket_type_id
  left join ticket_qr_images qr on qr.token = t.qr_token
  left join ticket_transfers transfer on transfer.ticket_id = t.id and transfer.status = 'completed'`;
}

// Parsed and planned once per pooled connection (platform/db/prepared.ts).
prepareOnPostgres(VERIFY_LOGGED);
prepareOnPostgres(ADMIT_LOGGED);
