import { Readable } from 'node:stream';
import { csvRow } from '@utsav/domain/csv';
import { ticketsSold } from '@utsav/domain/gate-pass';
import type { Language } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import { revenueInRupees } from '@utsav/domain/revenue';
import { type ShownTicketStatus, shownTicketStatus } from '@utsav/domain/ticket-status';
import { ADMIN_CANCELLATION_REASON } from '@utsav/domain/ticket-status-change';
import { istTimestamp } from '@utsav/domain/time';
import { transferredRecipient } from '@utsav/domain/transfer';
import type { AppContext } from '../../platform/context';
import { type Translate, translator } from '../../platform/i18n/messages';
import { totalRevenue } from './analytics-repo';
import {
  countTicketsByStatus,
  type ExportCursor,
  type ExportRow,
  exportPage,
  type TicketFilter,
} from './tickets-repo';

// GET /admin/tickets/export?format=csv|json, streamed: keyset pages of EXPORT_PAGE_SIZE rows are read one
// at a time, only when the client has taken the previous one (Readable.from pulls on demand), so a 50,000
// ticket export holds one page in memory, never the whole list, and a client that goes away stops the reads.

export const EXPORT_PAGE_SIZE = 1000;

export type ExportFormat = 'csv' | 'json';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

// The CSV is read by people (a spreadsheet), so its column names and words are in the admin's language;
// nothing fixes them otherwise. The JSON export is read by programs and stays as it is.
const CSV_HEADER = [
  'Ticket ID',
  'Ticket UUID',
  'Holder Name',
  'User Name',
  'User Email',
  'Event',
  'Price (INR)',
  'Status',
  'Payment',
  'Issued By Admin',
  'Issued By',
  'Notes',
  'Razorpay Order ID',
  'Created At (IST)',
  'Used At (IST)',
  'Scanned By',
  'Cancelled At (IST)',
  'Cancellation Reason',
  'Ticket Type',
  'Admits',
  'Price Phase',
  'Promo Code',
  'Discount (INR)',
];

/** As every screen shows it (@utsav/domain/ticket-status): a ticket revoked by a transfer is 'transferred'. */
function shownStatus(row: ExportRow): ShownTicketStatus {
  return shownTicketStatus({ status: row.status, transferredAt: row.transferred_at });
}

function paymentLabel(row: ExportRow): string {
  if (row.razorpay_order_id !== null) return 'Paid online';
  return row.payment_received === 1 ? 'Received' : 'Pending';
}

function csvLine(row: ExportRow, t: Translate): string {
  return csvRow([
    row.ticket_code,
    row.id,
    row.holder_name,
    row.owner_name,
    row.owner_email,
    row.event_name,
    paiseToRupees(row.price_paise),
    shownStatus(row),
    t(paymentLabel(row)),
    t(row.issued_by_admin === 1 ? 'Yes' : 'No'),
    row.issuer_name,
    row.notes,
    row.razorpay_order_id,
    istTimestamp(row.created_at),
    istTimestamp(row.used_at),
    row.scanner_name,
    istTimestamp(row.cancelled_at),
    reasonText(row.cancellation_reason, t),
    row.type_name,
    Number(row.admits ?? 1),
    row.phase_label,
    row.promo_code,
    paiseToRupees(Number(row.discount_paise ?? 0)),
  ]);
}

/** The reasons the server itself writes are worded in the reader's language; anyone's own words stay as written. */
function reasonText(reason: string | null, t: Translate): string | null {
  if (reason === ADMIN_CANCELLATION_REASON) return t(ADMIN_CANCELLATION_REASON);
  const recipient = transferredRecipient(reason);
  return recipient === null ? reason : t('Transferred to {{name}}', { name: recipient });
}

/** The ticket as the JSON export writes it: the list's fields without the QR token. */
function jsonTicket(row: ExportRow) {
  return {
    id: row.id,
    _id: row.id,
    ticketId: row.ticket_code,
    holderName: row.holder_name,
    user: { name: row.owner_name, email: row.owner_email },
    eventName: row.event_name,
    price: paiseToRupees(row.price_paise),
    status: shownStatus(row),
    payment: paymentLabel(row),
    paymentReceived: row.razorpay_order_id !== null || row.payment_received === 1,
    metadata: {
      issuedByAdmin: row.issued_by_admin === 1,
      issuedBy: row.issuer_name === null ? null : { name: row.issuer_name },
      notes: row.notes,
    },
    orderId: row.razorpay_order_id,
    createdAt: row.created_at,
    usedAt: row.used_at,
    cancelledAt: row.cancelled_at,
    cancellationReason: row.cancellation_reason,
    ticketType: row.type_name,
    admits: Number(row.admits ?? 1),
    phase: row.phase_label,
    promoCode: row.promo_code,
    discount: paiseToRupees(Number(row.discount_paise ?? 0)),
  };
}

/** The export's tickets, a keyset page at a time (also the attendee export's). */
export async function* exportPages(
  ctx: AppContext,
  pageSize: number,
  filter: TicketFilter,
): AsyncGenerator<ExportRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await exportPage(ctx.db, cursor, pageSize, filter);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/**
 * The figures under the list: tickets by status and revenue with what it is made of, read after the last page
 * (so they describe the same moment as the rows, give or take that read) by the dashboard's own rule.
 */
async function totalsOf(ctx: AppContext) {
  const [counts, revenue] = await Promise.all([countTicketsByStatus(ctx.db), totalRevenue(ctx.db)]);
  return {
    tickets: { ...counts, sold: ticketsSold({ ...counts }) },
    revenue: revenueInRupees(revenue),
  };
}

/** The totals as rows under the list: a blank row, then one figure per row (label, value). */
function csvTotals(totals: Awaited<ReturnType<typeof totalsOf>>, t: Translate): string {
  const rows: [string, number][] = [
    ['Tickets sold (active + used)', totals.tickets.sold],
    ['Active tickets', totals.tickets.active],
    ['Used tickets', totals.tickets.used],
    ['Cancelled tickets', totals.tickets.cancelled],
    ['Transferred tickets', totals.tickets.transferred],
    ['Ticket sales kept (INR)', totals.revenue.ticketSales],
    ['Cancellation fees kept (INR)', totals.revenue.cancellationFees],
    ['Transfer fees (INR)', totals.revenue.transferFees],
    ['Revenue (INR)', totals.revenue.total],
    ['Refunded to guests (INR)', totals.revenue.refunded],
  ];
  return `${csvRow([])}${csvRow([t('Totals')])}${rows.map(([label, value]) => csvRow([t(label), value])).join('')}`;
}

async function* csvChunks(
  ctx: AppContext,
  pageSize: number,
  t: Translate,
  filter: TicketFilter,
): AsyncGenerator<Buffer> {
  // The byte-order mark makes Excel read the file as UTF-8 (names in Gujarati or Hindi stay readable).
  yield Buffer.from(`\uFEFF${csvRow(CSV_HEADER.map((name) => t(name)))}`);
  for await (const rows of exportPages(ctx, pageSize, filter))
    yield Buffer.from(rows.map((row) => csvLine(row, t)).join(''));
  yield Buffer.from(csvTotals(await totalsOf(ctx), t));
}

async function* jsonChunks(ctx: AppContext, pageSize: number, filter: TicketFilter): AsyncGenerator<Buffer> {
  yield Buffer.from('{"success":true,"tickets":[');
  let first = true;
  for await (const rows of exportPages(ctx, pageSize, filter)) {
    const body = rows.map((row) => JSON.stringify(jsonTicket(row))).join(',');
    yield Buffer.from(first ? body : `,${body}`);
    first = false;
  }
  yield Buffer.from(`],"totals":${JSON.stringify(await totalsOf(ctx))}}`);
}

export function ticketExportStream(
  ctx: AppContext,
  format: ExportFormat,
  pageSize = EXPORT_PAGE_SIZE,
  language: Language = 'en',
  filter: TicketFilter = {},
): Readable {
  const chunks =
    format === 'csv'
      ? csvChunks(ctx, pageSize, translator(language), filter)
      : jsonChunks(ctx, pageSize, filter);
  return Readable.from(chunks, { objectMode: false });
}
