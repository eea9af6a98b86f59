import { type Kysely, sql } from 'kysely';

// The tickets a document was issued for when no order holds them: the tickets staff issued with payment received
// (source `issuance:<id of the first ticket>`). Written by the transaction that writes the document
// (modules/tax-documents/issue.ts), so each ticket offers exactly its own issuance's document (decision 1406).
//
// `ticket_id` has no foreign key: staff may delete a ticket they issued by hand (admin/ticket-deletion.ts), and
// the document stays on record as issued (documents never change), its link with it.
//
// Documents issued before this table existed are linked as the ticket views matched them until now: the tickets
// sharing the first ticket's owner, issuer and creation instant, with no order and payment received. Two such
// issuances in one millisecond by one issuer to one person (never seen) would each get both sets of tickets.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_document_tickets')
    .addColumn('document_id', 'text', (c) => c.notNull().references('tax_documents.id'))
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_document_tickets_pk', ['ticket_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('tax_document_tickets_document_idx')
    .on('tax_document_tickets')
    .column('document_id')
    .execute();
  await sql`insert into tax_document_tickets (document_id, ticket_id)
    select document.id, ticket.id
    from tax_documents document
    join tickets first on document.source = 'issuance:' || first.id
    join tickets ticket on ticket.user_id = first.user_id
      and ticket.issued_by_user_id = first.issued_by_user_id
      and ticket.created_at = first.created_at
      and ticket.order_id is null
      and ticket.issued_by_admin = 1
      and ticket.payment_received = 1
    where document.source like 'issuance:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_document_tickets').execute();
}
