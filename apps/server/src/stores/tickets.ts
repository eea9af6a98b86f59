import { newTicketCode } from '@utsav/domain/ticket-code';
import { sql } from 'kysely';
import { compiledOnce } from '../platform/db/compiled';
import type { Db } from '../platform/db/database';
import type { TicketRow } from '../platform/db/schema';

// Reading tickets as every view shows them (the guest's, the gate's, the staff's, the mails'): shared by the
// modules that show a ticket. SQL only; the writes that change a ticket live with the module that decides them
// (purchase issues, refunds cancels, checkin admits, transfers revokes, tickets names the holder).

/** A ticket with the names and event facts its JSON shows. */
export interface TicketView extends TicketRow {
  event_name: string;
  event_date: string;
  event_start_time: string;
  event_end_time: string;
  event_venue: string;
  owner_name: string;
  owner_email: string;
  owner_language: string | null;
  scanner_name: string | null;
  issuer_name: string | null;
  razorpay_order_id: string | null;
  /** The QR as a PNG data URL, once made (ticket_qr_images); null until then. */
  qr_image: string | null;
  /** The completed transfer out of this ticket, if any (migration 0014). */
  transfer_recipient_name: string | null;
  transfer_recipient_email: string | null;
  /** Its ticket type (migration 0024): names in each language and the gate's colour; null on no type. */
  type_name: string | null;
  type_name_hi: string | null;
  type_name_gu: string | null;
  type_colour: string | null;
}

/** A ticket with what every view of it shows (owner, scanner, issuer, order, QR image, transfer): the guest's
 * and the staff's lists read the same columns, so one presenter (toTicketJson) renders both. PostgreSQL's gate
 * builds the same view as one JSON value: ticket-json-on-postgres.ts GATE_TICKET_JSON (keep the two in step). */
export function ticketViews(db: Db) {
  return (
    db
      .selectFrom('tickets')
      .innerJoin('events', 'events.id', 'tickets.event_id')
      .innerJoin('users as owner', 'owner.id', 'tickets.user_id')
      .leftJoin('users as scanner', 'scanner.id', 'tickets.scanned_by_user_id')
      .leftJoin('users as issuer', 'issuer.id', 'tickets.issued_by_user_id')
      .leftJoin('orders', 'orders.id', 'tickets.order_id')
      .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
      .leftJoin('ticket_qr_images', 'ticket_qr_images.token', 'tickets.qr_token')
      // At most one completed transfer per ticket: the revocation that completes one is conditional.
      .leftJoin('ticket_transfers as transfer', (join) =>
        join.onRef('transfer.ticket_id', '=', 'tickets.id').on('transfer.status', '=', 'completed'),
      )
      .selectAll('tickets')
      .select([
        'events.name as event_name',
        'events.date as event_date',
        'events.start_time as event_start_time',
        'events.end_time as event_end_time',
        'events.venue as event_venue',
        'owner.name as owner_name',
        'owner.email as owner_email',
        'owner.language as owner_language',
        'scanner.name as scanner_name',
        'issuer.name as issuer_name',
        'orders.razorpay_order_id as razorpay_order_id',
        'ticket_qr_images.image as qr_image',
        'transfer.recipient_name as transfer_recipient_name',
        'transfer.recipient_email as transfer_recipient_email',
        'ticket_types.name as type_name',
        'ticket_types.name_hi as type_name_hi',
        'ticket_types.name_gu as type_name_gu',
        'ticket_types.colour as type_colour',
      ])
  );
}

export function findTicketsOfOrder(db: Db, orderId: string): Promise<TicketView[]> {
  return ticketsOfOrder(db, orderId);
}

// Every verify-payment reads it: compiled once (eight joins took longer to build than to run).
const ticketsOfOrder = compiledOnce((db: Db, orderId: string) =>
  ticketViews(db).where('tickets.order_id', '=', orderId).orderBy('tickets.seq'),
);

export function findTicketsOfUser(db: Db, userId: string): Promise<TicketView[]> {
  return ticketViews(db)
    .where('tickets.user_id', '=', userId)
    .orderBy('tickets.created_at', 'desc')
    .orderBy('tickets.order_id')
    .orderBy('tickets.seq')
    .execute();
}

/** Several tickets by id, in the order of their creation (a manual issuance mails them together). */
export function findTicketViews(db: Db, ids: readonly string[]): Promise<TicketView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketViews(db)
    .where('tickets.id', 'in', [...ids])
    .orderBy('tickets.created_at')
    .orderBy('tickets.seq')
    .execute();
}

/** By id or by the printed ticket code. */
export async function findTicketView(db: Db, idOrCode: string): Promise<TicketView | undefined> {
  return (await ticketView(db, idOrCode))[0];
}

// Every scan at the gate reads it: compiled once (eight joins took longer to build than to run).
const ticketView = compiledOnce((db: Db, idOrCode: string) =>
  ticketViews(db)
    .where((eb) => eb.or([eb('tickets.id', '=', idOrCode), eb('tickets.ticket_code', '=', idOrCode)]))
    .limit(1),
);

/** What names a newly issued ticket: its id and signature, its order place, its holder and price. */
export type NewTicketFields = Pick<
  TicketRow,
  'id' | 'qr_token' | 'order_id' | 'seq' | 'event_id' | 'user_id' | 'holder_name' | 'price_paise'
> &
  Partial<TicketRow>;

/**
 * A ticket row as a paid sale issues it (a purchase, a resale, a transfer's new ticket): active, paid for, not
 * staff-issued, never scanned or cancelled, a fresh typed code, of the default pass unless `fields` say which.
 */
export function paidTicketRow(fields: NewTicketFields, stamp: string): TicketRow {
  return {
    ticket_code: newTicketCode(),
    status: 'active',
    issued_by_admin: 0,
    issued_by_user_id: null,
    notes: null,
    payment_received: 1,
    used_at: null,
    scanned_by_user_id: null,
    cancelled_at: null,
    cancellation_reason: null,
    created_at: stamp,
    updated_at: stamp,
    ticket_type_id: null,
    phase_id: null,
    promo_code_id: null,
    admits: 1,
    discount_paise: 0,
    ...fields,
  };
}

/**
 * The order that paid for a ticket: its own, or for a ticket received by transfer (which is on no order) the order
 * of the ticket it came from, followed back through each transfer. Null for a ticket staff issued (no order at the
 * start of its line). Where its refunds go: a resale's and a call-off's.
 */
export async function payingOrderIdOf(db: Db, ticketId: string): Promise<string | null> {
  const { rows } = await sql<{ order_id: string }>`
    with recursive back(id, order_id, from_id) as (
      select id, order_id, transferred_from_ticket_id from tickets where id = ${ticketId}
      union all
      select tickets.id, tickets.order_id, tickets.transferred_from_ticket_id
      from tickets join back on tickets.id = back.from_id
      where back.order_id is null
    )
    select order_id from back where order_id is not null limit 1`.execute(db);
  return rows[0]?.order_id ?? null;
}
