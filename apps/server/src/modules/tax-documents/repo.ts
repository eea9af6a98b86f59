import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { TaxDocumentRow } from '../../platform/db/schema-tax';

// SQL only: the documents as issued, with their serial counters (the settings' row: stores/tax-settings.ts).

/**
 * The next serial of a series in a financial year, taken inside the transaction that writes the document.
 *
 * NUMBERING INVARIANT: the serials of a series and year are exactly 1..N, none repeated, none skipped, on any
 * number of instances. The counter row is incremented by one upsert; on PostgreSQL the update takes the row's
 * lock, held until the document's transaction ends, so a second issuer waits, then reads the committed value
 * (ON CONFLICT DO UPDATE always sees the latest row version, even under READ COMMITTED); SQLite runs one write
 * transaction at a time. The document is inserted in the same transaction, so a rolled-back document also rolls
 * back its increment: no serial is ever taken without its document. Hammered by tax-document-numbers.test.ts.
 */
export async function nextSerial(trx: Db, series: string, financialYear: number): Promise<number> {
  const row = await trx
    .insertInto('tax_document_counters')
    .values({ series, financial_year: financialYear, last_serial: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['series', 'financial_year'])
        .doUpdateSet({ last_serial: sql`tax_document_counters.last_serial + 1` }),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return Number(row.last_serial);
}

/** Inserts the document unless its source is documented already; whether it was inserted. */
export async function insertTaxDocument(trx: Db, row: TaxDocumentRow): Promise<boolean> {
  const result = await trx
    .insertInto('tax_documents')
    .values(row)
    .onConflict((conflict) => conflict.column('source').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The tickets a document was issued for (a staff issuance's), in its writing transaction. */
export async function linkDocumentTickets(
  trx: Db,
  documentId: string,
  ticketIds: readonly string[],
): Promise<void> {
  if (ticketIds.length === 0) return;
  await trx
    .insertInto('tax_document_tickets')
    .values([...new Set(ticketIds)].map((ticketId) => ({ document_id: documentId, ticket_id: ticketId })))
    .execute();
}

/** The language each of these buyers uses the app in (by email, as documents name them), when they chose one. */
export async function findBuyerLanguages(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('email', 'in', wanted)
    .where('language', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.email, row.language!]));
}

export function findTaxDocumentBySource(db: Db, source: string): Promise<TaxDocumentRow | undefined> {
  return db.selectFrom('tax_documents').selectAll().where('source', '=', source).executeTakeFirst();
}

/** An order's documents, the sale's first, then its credit notes and fee documents in the order issued. */
export function findTaxDocumentsOfOrder(db: Db, orderId: string): Promise<TaxDocumentRow[]> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
}

export interface SaleLineRow {
  ticket_type_id: string;
  quantity: number;
  admits: number;
  unit_price_paise: number;
  discount_per_ticket_paise: number;
  type_name: string | null;
}

/** An order's lines as quoted (one type at one price each), with their type's name, in line order. */
export function findOrderSaleLines(db: Db, orderId: string): Promise<SaleLineRow[]> {
  return db
    .selectFrom('order_lines')
    .leftJoin('ticket_types', 'ticket_types.id', 'order_lines.ticket_type_id')
    .select([
      'order_lines.ticket_type_id',
      'order_lines.quantity',
      'order_lines.admits',
      'order_lines.unit_price_paise',
      'order_lines.discount_per_ticket_paise',
      'ticket_types.name as type_name',
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.line_no')
    .execute();
}

/** The name of the event's default type ("Entry"), for a sale without lines of its own. */
export async function findDefaultTypeName(db: Db, eventId: string): Promise<string | null> {
  const row = await db
    .selectFrom('ticket_types')
    .select('name')
    .where('event_id', '=', eventId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row?.name ?? null;
}

export interface IssuedTicketRow {
  id: string;
  event_id: string;
  price_paise: number;
  admits: number | null | undefined;
  type_name: string | null;
}

/** Tickets staff issued (no order), with their type's name. */
export function findIssuedTickets(db: Db, ticketIds: readonly string[]): Promise<IssuedTicketRow[]> {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tickets')
    .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .select([
      'tickets.id',
      'tickets.event_id',
      'tickets.price_paise',
      'tickets.admits',
      'ticket_types.name as type_name',
    ])
    .where('tickets.id', 'in', [...ticketIds])
    .orderBy('tickets.seq')
    .execute();
}

export async function findTaxDocumentNumber(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('tax_documents').select('number').where('id', '=', id).executeTakeFirst();
  return row?.number ?? null;
}

export function findTaxDocumentByNumber(db: Db, number: string): Promise<TaxDocumentRow | undefined> {
  return db.selectFrom('tax_documents').selectAll().where('number', '=', number).executeTakeFirst();
}

export function findTaxDocumentById(db: Db, id: string): Promise<TaxDocumentRow | undefined> {
  return db.selectFrom('tax_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who owns what a document without an order documents: a ticket staff issued, or a transfer's fee. */
export async function findSourceOwner(
  db: Db,
  kind: 'ticket' | 'transfer',
  id: string,
): Promise<string | null> {
  const row =
    kind === 'ticket'
      ? await db.selectFrom('tickets').select('user_id as owner').where('id', '=', id).executeTakeFirst()
      : await db
          .selectFrom('ticket_transfers')
          .select('from_user_id as owner')
          .where('id', '=', id)
          .executeTakeFirst();
  return row?.owner ?? null;
}

/** The documents issued in [from, to), in number order within each series. */
export function findTaxDocumentsIssuedBetween(db: Db, from: string, to: string): Promise<TaxDocumentRow[]> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('issued_at', '>=', from)
    .where('issued_at', '<', to)
    .orderBy('series')
    .orderBy('financial_year')
    .orderBy('serial')
    .execute();
}

/** The credit notes issued against a document, in the order issued. */
export function findCreditNotesOf(db: Db, documentId: string): Promise<TaxDocumentRow[]> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('refers_to', '=', documentId)
    .where('kind', '=', 'credit-note')
    .orderBy('series')
    .orderBy('financial_year')
    .orderBy('serial')
    .execute();
}

export interface RefundForCreditRow {
  id: string;
  order_id: string;
  original_amount_paise: number;
  processing_fee_paise: number;
  convenience_fee_paise: number;
  ticket_type_id: string | null;
}

/** A cancelled ticket's refund, with the type of the ticket it gives back. */
export function findRefundForCredit(db: Db, refundId: string): Promise<RefundForCreditRow | undefined> {
  return db
    .selectFrom('refunds')
    .innerJoin('tickets', 'tickets.id', 'refunds.ticket_id')
    .select([
      'refunds.id',
      'refunds.order_id',
      'refunds.original_amount_paise',
      'refunds.processing_fee_paise',
      'refunds.convenience_fee_paise',
      'tickets.ticket_type_id',
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst() as Promise<RefundForCreditRow | undefined>;
}

export function findTransferForDocument(db: Db, transferId: string) {
  return db
    .selectFrom('ticket_transfers')
    .select(['id', 'from_user_id', 'fee_paise', 'status', 'razorpay_payment_id'])
    .where('id', '=', transferId)
    .executeTakeFirst();
}
