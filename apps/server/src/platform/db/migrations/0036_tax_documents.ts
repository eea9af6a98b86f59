import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

// Tax documents (docs/decisions/1402-tax-documents.md; figures by @utsav/domain/gst):
// - `tax_settings`: the organiser's GST settings, at most one row (id 'tax'). Documents copy what they need at
//   issue, so a change applies only to documents issued afterwards.
// - `tax_documents`: every tax invoice, bill of supply, receipt and credit note, as issued. `source` names what
//   the document is for ('order:<id>', 'refund:<id>', ...) and is unique: a sale, a refund or a fee is documented
//   exactly once, whichever job or instance gets there first. `number` is unique, and so is (series, year, serial).
//   A trigger refuses every update: an issued document never changes (a correction is a credit note).
// - `tax_document_counters`: the last serial of each series in each financial year, taken in the transaction
//   that writes the document (stores/tax-documents.ts nextSerial), so numbers are consecutive with no gap.
// - `orders.buyer_gstin`, `buyer_legal_name`, `buyer_address`: the buyer's GST details given at checkout.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('tax_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registered', 'integer', (c) => c.notNull())
    .addColumn('gstin', 'text')
    .addColumn('legal_name', 'text')
    .addColumn('trade_name', 'text')
    .addColumn('address', 'text')
    .addColumn('sac_code', 'text', (c) => c.notNull())
    .addColumn('sac_description', 'text', (c) => c.notNull())
    .addColumn('rate_basis_points', 'integer', (c) => c.notNull())
    .addColumn('exempt_up_to_per_person_paise', 'integer', (c) => c.notNull())
    .addColumn('invoice_prefix', 'text', (c) => c.notNull())
    .addColumn('prices_include_tax', 'integer', (c) => c.notNull())
    .addColumn('place_of_supply_state_code', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('tax_settings_single_row', sql`id = 'tax'`)
    .execute();

  await db.schema
    .createTable('tax_document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('last_serial', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_document_counters_pk', ['series', 'financial_year'])
    .execute();

  await db.schema
    .createTable('tax_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'integer', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('refers_to', 'text', (c) => c.references('tax_documents.id'))
    .addColumn('issued_at', timestamp, (c) => c.notNull())
    // JSON: { gstin, legalName, tradeName, address, stateCode } as the settings were at issue.
    .addColumn('supplier', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text')
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text')
    .addColumn('buyer_gstin', 'text')
    .addColumn('buyer_legal_name', 'text')
    .addColumn('buyer_address', 'text')
    // JSON array of @utsav/domain/gst TaxedLine (paise, the rate in basis points), plus each line's admits.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('taxable_paise', 'integer', (c) => c.notNull())
    .addColumn('cgst_paise', 'integer', (c) => c.notNull())
    .addColumn('sgst_paise', 'integer', (c) => c.notNull())
    .addColumn('igst_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('tax_documents_serial_unique', ['series', 'financial_year', 'serial'])
    .addCheckConstraint(
      'tax_documents_kind_check',
      sql`kind in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note')`,
    )
    .addCheckConstraint(
      'tax_documents_parts_check',
      sql`taxable_paise + cgst_paise + sgst_paise + igst_paise = total_paise`,
    )
    .execute();
  await db.schema.createIndex('tax_documents_order_idx').on('tax_documents').column('order_id').execute();
  await db.schema.createIndex('tax_documents_issued_idx').on('tax_documents').column('issued_at').execute();

  if (isPostgres(db)) {
    await sql`create function tax_documents_never_change() returns trigger language plpgsql as $$
      begin raise exception 'an issued tax document never changes'; end $$`.execute(db);
    await sql`create trigger tax_documents_never_change before update on tax_documents
      for each row execute function tax_documents_never_change()`.execute(db);
  } else {
    await sql`create trigger tax_documents_never_change before update on tax_documents
      begin select raise(abort, 'an issued tax document never changes'); end`.execute(db);
  }

  await db.schema.alterTable('orders').addColumn('buyer_gstin', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_legal_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('buyer_address').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_legal_name').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_gstin').execute();
  await db.schema.dropTable('tax_documents').execute();
  if (isPostgres(db)) await sql`drop function tax_documents_never_change`.execute(db);
  await db.schema.dropTable('tax_document_counters').execute();
  await db.schema.dropTable('tax_settings').execute();
}
