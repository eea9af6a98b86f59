import { CompiledQuery } from 'kysely';
import type { Db } from '../../platform/db/database';
import { prepareOnPostgres } from '../../platform/db/prepared';
import type { AuditLogTable, PaymentEventsTable } from '../../platform/db/schema';
import type { TicketView } from '../../stores/tickets';

// SQL only (PostgreSQL): a live hold paid and issued in ONE statement, committed on its own. As a transaction of
// separate statements (begin, the event lock, the order lock, the owner, the order update, the tickets, the mail,
// the audit row, the webhook's delivery, commit) it was ten round trips, nine of them under the event lock that
// every hold of the event waits for (bench/RESULTS.md, "PostgreSQL purchases"). What makes one statement safe is
// in fulfilment.ts (issueWithoutEventLock); here the guards that the statement itself carries:
//
//  - `paid` is a conditional update: the order is still `created`, its hold still live at `live_until` (later
//    than now: see fulfilment.ts), its amount and quantity the ones the tickets were drafted for, and its owner's
//    account not deleted. Every other part writes only from `paid`'s returned row, so when the update matches
//    nothing, nothing at all is written, and the caller takes the locked path. A concurrent payer of the same
//    order waits on the row lock, then finds it `paid` and matches nothing.
//  - The tickets are inserted without ON CONFLICT: an order still `created` has none, and if one ever existed
//    the unique (order_id, seq) violation fails the whole statement rather than issuing part of it.
//  - Holder names: the domain's names for the tickets, '' where the ticket carries its owner's name, filled in
//    from the owner's row as the statement reads it.

export interface LiveHoldIssue {
  orderId: string;
  paymentId: string;
  amountPaise: number;
  now: string;
  /** The hold must still be live at this instant (ISO), not only now. */
  liveUntil: string;
  tickets: {
    id: string;
    ticketCode: string;
    seq: number;
    givenName: string;
    qrToken: string;
    /** As the order's lines priced it (fulfilment.ts draftTickets); a null type becomes the default one. */
    ticketTypeId: string | null;
    phaseId: string | null;
    promoCodeId: string | null;
    admits: number;
    pricePaise: number;
    discountPaise: number;
  }[];
  outbox: { id: string; kind: string; payload: string };
  /** The outbox row that makes the order's tax document (modules/tax-documents), queued with the mail. */
  document: { id: string; payload: string };
  audit: Pick<AuditLogTable, 'id' | 'action' | 'data'>;
  /** The webhook delivery that brought the payment, recorded with the issue (null: verify or the job). */
  delivery: PaymentEventsTable | null;
}

const ISSUE_LIVE_HOLD = `with paid as (
  update orders set status = 'paid', razorpay_payment_id = $2, paid_at = $3::timestamptz, updated_at = $3::timestamptz
  where id = $1 and status = 'created' and hold_expires_at > $4::timestamptz and amount_paise = $5
    and quantity = cardinality($6::text[])
    and exists (select 1 from users where users.id = orders.user_id and users.deleted_at is null)
  returning id, event_id, user_id, price_per_ticket_paise, razorpay_order_id
), issued as (
  insert into tickets (id, ticket_code, order_id, seq, event_id, user_id, holder_name, price_paise, status, qr_token,
    issued_by_admin, issued_by_user_id, notes, payment_received, created_at, updated_at, ticket_type_id, phase_id,
    promo_code_id, admits, discount_paise)
  select t.id, t.ticket_code, paid.id, t.seq, paid.event_id, paid.user_id, coalesce(nullif(t.given_name, ''), owner.name),
    t.price_paise, 'active', t.qr_token, 0, null, null, 1, $3::timestamptz, $3::timestamptz, t.ticket_type_id,
    t.phase_id, t.promo_code_id, t.admits, t.discount_paise
  from paid
  join users owner on owner.id = paid.user_id
  cross join unnest($6::text[], $7::text[], $8::int[], $9::text[], $10::text[], $24::text[], $25::text[], $26::text[],
    $27::int[], $28::int[], $29::int[])
    as t(id, ticket_code, seq, given_name, qr_token, ticket_type_id, phase_id, promo_code_id, admits, price_paise,
      discount_paise)
  returning *
), mail as (
  insert into outbox (id, kind, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at)
  select $11, $12, $13, 'pending', 0, $3::timestamptz, null, $3::timestamptz, null from paid
), document as (
  insert into outbox (id, kind, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at)
  select $30, 'tax-document', $31, 'pending', 0, $3::timestamptz, null, $3::timestamptz, null from paid
), audit as (
  insert into audit_log (id, actor_user_id, action, entity, entity_id, data, created_at)
  select $14, null, $15, 'order', paid.id, $16, $3::timestamptz from paid
), delivery as (
  insert into payment_events (id, event, razorpay_order_id, razorpay_payment_id, razorpay_refund_id, payload, received_at)
  select $17::text, $18, $19, $20, $21, $22, $23::timestamptz from paid where $17::text is not null
  on conflict (id) do nothing
)
select issued.*, event.name as event_name, event.date as event_date, event.start_time as event_start_time,
  event.end_time as event_end_time, event.venue as event_venue, owner.name as owner_name,
  owner.email as owner_email, owner.language as owner_language, null::text as scanner_name,
  null::text as issuer_name, paid.razorpay_order_id, null::text as qr_image, null::text as transfer_recipient_name,
  null::text as transfer_recipient_email, type.name as type_name, type.name_hi as type_name_hi,
  type.name_gu as type_name_gu, type.colour as type_colour
from issued
join paid on paid.id = issued.order_id
join events event on event.id = issued.event_id
join users owner on owner.id = issued.user_id
left join ticket_types type on type.id = issued.ticket_type_id
order by issued.seq`;

// Planned once per pooled connection, like the statements compiled once (platform/db/prepared.ts).
prepareOnPostgres(ISSUE_LIVE_HOLD);

/**
 * The tickets issued, as the ticket views (repo.ts ticketViews) read them: the order's quantity of them, or none
 * when the order was not a live hold to pay. Fresh tickets have no scan, issuer, transfer or stored QR image; the
 * rest is read in the same statement (the event, the owner, the order's Razorpay id), so verify-payment answers
 * without reading them again.
 */
export async function issueLiveHold(db: Db, issue: LiveHoldIssue): Promise<TicketView[]> {
  const { tickets, delivery } = issue;
  const parameters = [
    issue.orderId,
    issue.paymentId,
    issue.now,
    issue.liveUntil,
    issue.amountPaise,
    tickets.map((ticket) => ticket.id),
    tickets.map((ticket) => ticket.ticketCode),
    tickets.map((ticket) => ticket.seq),
    tickets.map((ticket) => ticket.givenName),
    tickets.map((ticket) => ticket.qrToken),
    issue.outbox.id,
    issue.outbox.kind,
    issue.outbox.payload,
    issue.audit.id,
    issue.audit.action,
    issue.audit.data,
    delivery?.id ?? null,
    delivery?.event ?? null,
    delivery?.razorpay_order_id ?? null,
    delivery?.razorpay_payment_id ?? null,
    delivery?.razorpay_refund_id ?? null,
    delivery?.payload ?? null,
    delivery?.received_at ?? null,
    tickets.map((ticket) => ticket.ticketTypeId),
    tickets.map((ticket) => ticket.phaseId),
    tickets.map((ticket) => ticket.promoCodeId),
    tickets.map((ticket) => ticket.admits),
    tickets.map((ticket) => ticket.pricePaise),
    tickets.map((ticket) => ticket.discountPaise),
    issue.document.id,
    issue.document.payload,
  ];
  const { rows } = await db.executeQuery<TicketView>(CompiledQuery.raw(ISSUE_LIVE_HOLD, parameters));
  // Unreachable while the update checks the quantity; if it ever were, the caller must not answer "issued".
  if (rows.length !== 0 && rows.length !== tickets.length) {
    throw new Error(`order ${issue.orderId}: ${rows.length} of ${tickets.length} tickets issued`);
  }
  return rows;
}
