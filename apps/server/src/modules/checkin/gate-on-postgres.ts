import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../platform/context';
import { isPostgres } from '../../platform/db/dialect';
import { inFlightLimit } from '../../platform/db/in-flight';
import { prepareOnPostgres } from '../../platform/db/prepared';
import type { TicketView } from '../tickets/repo';
import { type Claim, claimOf, type FastAdmission } from './gate-claim';
import { reentryAllowed, type ScanSource, scanRow } from './pass';
import { remember, rememberedTicketId } from './qr-verifier';
import { GATE_TICKET_JSON, verifyResultSql } from './ticket-json-on-postgres';

// The gate's common case on PostgreSQL: a scanned code that is exactly the token stored for a ticket of the
// current event. verify-qr (read the ticket, log the look) and mark-used (the conditional update, its log row, the
// ticket as it now is) are each ONE statement, one round trip, instead of two (bench/RESULTS.md, fifth round):
//   - the code is authenticated inside the statement: its digest must equal the stored token's (sha256 of each,
//     compared, so the comparison's time says nothing about the token), unless this instance has authenticated
//     the code already (qr-verifier.ts);
//   - the log row is written only for an authenticated code, in the same statement (atomic as one);
//   - the ticket comes back as one JSON value in TicketView's shape, its timestamps written as the API's ISO text
//     (ticket-json-on-postgres.ts): pg parses one column instead of 38, and no Date is made and printed again.
// Everything else (typed codes, forged or changed codes, codes of a deleted ticket or another event's, refusals)
// writes nothing here and takes the general path in service.ts, which answers and logs exactly as before. The
// conditional update stays the only arbiter of an admission: PostgreSQL re-checks its WHERE under the row lock.

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
  // The result column is the statement's own (verifyResultSql): the ticket is read in the same statement.
  const row = scanRow(scanOf(), claim.ticketId, 'verified');
  const query = CompiledQuery.raw(VERIFY_LOGGED, [
    claim.ticketId,
    claim.event.id,
    claim.known,
    claim.code,
    row.id,
    row.checker_user_id,
    row.device_id,
    row.gate,
    row.method ?? 'scan',
    row.scanned_at,
    row.created_at,
  ]);
  const result = await inTurn(() => ctx.db.executeQuery<{ ticket: TicketView; logged: boolean }>(query));
  const found = result.rows[0];
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
  const row = scanRow(scan, claim.ticketId, 'admitted');
  const query = CompiledQuery.raw(ADMIT_LOGGED, [
    scan.scannedAt,
    scan.checker.id,
    scan.now,
    claim.ticketId,
    claim.event.id,
    reentryAllowed(claim.event),
    claim.known,
    claim.code,
    row.id,
    row.device_id,
    row.gate,
    row.method ?? 'scan',
    row.created_at,
  ]);
  type Outcome = { ticket: TicketView | null; admitted: boolean; authentic: boolean | null };
  const result = await inTurn(() => ctx.db.executeQuery<Outcome>(query));
  const outcome = result.rows[0];
  if (!outcome?.authentic) return undefined;
  if (!claim.known) remember(claim.code, claim.event.qr_public_key!, claim.event.id, claim.ticketId);
  if (!outcome.admitted) return { admitted: false, event: claim.event, ticketId: claim.ticketId, scan };
  if (!outcome.ticket) throw new Error(`ticket ${claim.ticketId} vanished at the gate`);
  return { admitted: true, ticket: outcome.ticket };
}

// A gate rush is one statement per scan: eight at once keep PostgreSQL busy without spreading the burst over every
// pooled connection, which costs PostgreSQL more CPU per statement on a small box (platform/db/in-flight.ts).
const GATE_STATEMENTS_AT_ONCE = 8;
const inTurn = inFlightLimit(GATE_STATEMENTS_AT_ONCE);

/** The code's digest equals the stored token's; `$known` (already authenticated here) skips the comparison. */
const authentic = (known: string, code: string, token: string) =>
  `(${known}::boolean or sha256(convert_to(${code}::text, 'UTF8')) = sha256(convert_to(${token}, 'UTF8')))`;

// $1 ticket, $2 event, $3 known, $4 code; the log row: $5 id, $6 checker, $7 device, $8 gate, $9 method,
// $10 scanned_at, $11 created_at. The row is read once (`found`), the log row written from it when authentic.
const VERIFY_LOGGED = `with found as (
  select t.id, t.status, t.exited_at, t.qr_token, ${GATE_TICKET_JSON} as ticket
  ${joinedFrom('tickets t')}
  where t.id = $1 and t.event_id = $2
  limit 1
), logged as (
  insert into checkin_scans (id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at,
    created_at, direction, method)
  select $5::text, found.id, $6::text, $7::text, $8::text, 'verify', ${verifyResultSql('found')}, null,
    $10::timestamptz, $11::timestamptz, 'in', $9::text
  from found
  where ${authentic('$3', '$4', 'found.qr_token')}
  returning ticket_id
)
select found.ticket, exists (select from logged) as logged from found`;

// $1 at, $2 checker, $3 now, $4 ticket, $5 event, $6 re-entry allowed, $7 known, $8 code; the log row: $9 id,
// $10 device, $11 gate, $12 method, $13 created_at. The same conditional update as repo.ts admitOnce /
// admitOnceOrAfterExit (the arbiter), its log row from the update's output, and the ticket from the updated row:
// the other parts of one statement see the snapshot before the update, so nothing re-reads tickets.
const ADMIT_LOGGED = `with admitted as (
  update tickets set
    status = 'used',
    used_at = case when status = 'active' then $1::timestamptz else used_at end,
    scanned_by_user_id = case when status = 'active' then $2::text else scanned_by_user_id end,
    last_entry_at = $1::timestamptz,
    exited_at = null,
    updated_at = $3::timestamptz
  where id = $4 and event_id = $5
    and (status = 'active' or ($6::boolean and status = 'used' and exited_at is not null))
    and ${authentic('$7', '$8', 'qr_token')}
  returning *
), logged as (
  insert into checkin_scans (id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at,
    created_at, direction, method)
  select $9::text, admitted.id, $2::text, $10::text, $11::text, 'mark', 'admitted', null, $1::timestamptz,
    $13::timestamptz, 'in', $12::text
  from admitted
  returning ticket_id
)
select
  (select ${GATE_TICKET_JSON} ${joinedFrom('admitted t')}) as ticket,
  exists (select from logged) as admitted,
  -- Only when refused: was the code the ticket's token (a refusal to explain) or not (the general path's to judge)?
  case when exists (select from logged) then true
    else (select ${authentic('$7', '$8', 'qr_token')} from tickets where id = $4 and event_id = $5) end as authentic`;

/** The ticket view's joins (tickets/repo.ts ticketViews) onto `source`, aliased t. */
function joinedFrom(source: string): string {
  return `from ${source}
  join events on events.id = t.event_id
  join users owner on owner.id = t.user_id
  left join users scanner on scanner.id = t.scanned_by_user_id
  left join users issuer on issuer.id = t.issued_by_user_id
  left join orders on orders.id = t.order_id
  left join ticket_qr_images qr on qr.token = t.qr_token
  left join ticket_transfers transfer on transfer.ticket_id = t.id and transfer.status = 'completed'`;
}

// Parsed and planned once per pooled connection (platform/db/prepared.ts).
prepareOnPostgres(VERIFY_LOGGED);
prepareOnPostgres(ADMIT_LOGGED);
