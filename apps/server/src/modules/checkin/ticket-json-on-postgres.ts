import type { TicketView } from '../../stores/tickets';

// The gate's ticket view (stores/tickets.ts ticketViews) as ONE json value built by PostgreSQL, in exactly the shape
// and text pg's row parsing gives TicketView: through the pool (platform/db/database.ts) a view row was 38 columns,
// each looked up, sliced and parsed, and its seven timestamps each made a Date and printed back as ISO text; one
// json column is one JSON.parse (~25-30 µs of the server's CPU less per read, bench/history/gate.md).

/** Every column of tickets (TicketView's own), in one list: a column added to TicketsTable fails to compile here. */
const TICKET_COLUMNS = [
  'id',
  'ticket_code',
  'order_id',
  'seq',
  'event_id',
  'user_id',
  'holder_name',
  'price_paise',
  'status',
  'qr_token',
  'issued_by_admin',
  'issued_by_user_id',
  'notes',
  'payment_received',
  'used_at',
  'scanned_by_user_id',
  'last_entry_at',
  'exited_at',
  'cancelled_at',
  'cancellation_reason',
  'created_at',
  'updated_at',
  'transferred_at',
  'transferred_from_ticket_id',
  'resold_at',
  'ticket_type_id',
  'phase_id',
  'promo_code_id',
  'admits',
  'discount_paise',
] as const;

type TicketColumn = (typeof TICKET_COLUMNS)[number];
type Missing = Exclude<keyof TicketView, TicketColumn | keyof typeof JOINED>;
// Compile-time: every key of TicketView has a source in this file.
const everyKeyHasASource: [Missing] extends [never] ? true : Missing = true;
void everyKeyHasASource;

/** The timestamptz columns: written as the API writes instants (Date.toISOString: UTC, milliseconds, Z). */
const TIMESTAMPS: ReadonlySet<TicketColumn> = new Set([
  'used_at',
  'last_entry_at',
  'exited_at',
  'cancelled_at',
  'created_at',
  'updated_at',
  'transferred_at',
  'resold_at',
]);

/** TicketView's joined columns and where they come from (the aliases of gate-on-postgres.ts joinedFrom). */
const JOINED = {
  event_name: 'events.name',
  event_date: 'events.date',
  event_start_time: 'events.start_time',
  event_end_time: 'events.end_time',
  event_venue: 'events.venue',
  owner_name: 'owner.name',
  owner_email: 'owner.email',
  owner_language: 'owner.language',
  scanner_name: 'scanner.name',
  issuer_name: 'issuer.name',
  razorpay_order_id: 'orders.razorpay_order_id',
  qr_image: 'qr.image',
  transfer_recipient_name: 'transfer.recipient_name',
  transfer_recipient_email: 'transfer.recipient_email',
  type_name: 'ticket_types.name',
  type_name_hi: 'ticket_types.name_hi',
  type_name_gu: 'ticket_types.name_gu',
  type_colour: 'ticket_types.colour',
} as const satisfies Partial<Record<keyof TicketView, string>>;

/**
 * The instant as Date.toISOString() prints it, which is what pg's parser and the pool's made of it: to_char's MS
 * truncates microseconds as Date does, `at time zone 'UTC'` ignores the session's zone. Null stays null.
 */
export function isoInstantSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `json_build_object(...)` of TicketView from the ticket row aliased t and its joins (one pair per key, 94 arguments: under the 100 PostgreSQL allows). */
export const GATE_TICKET_JSON = `json_build_object(${[
  ...TICKET_COLUMNS.map(
    (column) => `'${column}', ${TIMESTAMPS.has(column) ? isoInstantSql(`t.${column}`) : `t.${column}`}`,
  ),
  ...Object.entries(JOINED).map(([key, source]) => `'${key}', ${source}`),
].join(', ')})`;

/**
 * verify-qr's log result for the ticket row `source` (status, exited_at, transferred_at), as service.ts verifyResult
 * decides it from the view: a ticket revoked by a transfer 'transferred'; a used ticket inside 'already_used'
 * (inside: @utsav/domain/gate-pass isInside, spelled here in SQL), one out on a pass 'verified'; one its resale
 * sold 'resold'; cancelled 'cancelled'.
 */
export function verifyResultSql(source: string): string {
  return `case when ${source}.transferred_at is not null then 'transferred'
    when ${source}.status = 'used' then case when ${source}.exited_at is null then 'already_used' else 'verified' end
    when ${source}.resold_at is not null then 'resold'
    when ${source}.status = 'cancelled' then 'cancelled' else 'verified' end`;
}
