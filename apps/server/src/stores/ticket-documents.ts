import type { TicketDocument } from '@utsav/domain/api/tickets';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';

// The tax documents a ticket's card offers that no checkout order reaches (written by modules/tax-documents,
// decisions 1403 and 1406): a transfer's fee, found by its sources (`transfer-fee:<transferId>`, and
// `transfer-fee-refund:<transferId>` when it went back), and the sale of tickets staff issued with payment
// received, found through `tax_document_tickets`, the tickets it was written for. Read by My Tickets and the staff's ticket list; who may then
// open a document is decided again by GET /tickets/documents.

const BY_KIND: Record<string, TicketDocument['of']> = {
  issuance: 'issuance',
  'transfer-fee': 'transfer-fee',
  'transfer-fee-refund': 'transfer-fee-refund',
};

/** Each ticket's documents of a fee or a staff issuance, by ticket id: a sale's before its credit note. */
export async function findTicketDocuments(
  db: Db,
  ticketIds: readonly string[],
): Promise<Map<string, TicketDocument[]>> {
  const found = new Map<string, TicketDocument[]>();
  if (ticketIds.length === 0) return found;
  const ids = [...new Set(ticketIds)];
  // The sender's ticket of a transfer carries its fee's documents (the fee's owner is the sender, who owns it).
  const fees = await db
    .selectFrom('ticket_transfers as transfer')
    .innerJoin('tickets', (join) =>
      join
        .onRef('tickets.id', '=', 'transfer.ticket_id')
        .onRef('tickets.user_id', '=', 'transfer.from_user_id'),
    )
    .innerJoin('tax_documents as document', (join) =>
      join.on((eb) =>
        eb.or([
          eb('document.source', '=', sql<string>`'transfer-fee:' || ${sql.ref('transfer.id')}`),
          eb('document.source', '=', sql<string>`'transfer-fee-refund:' || ${sql.ref('transfer.id')}`),
        ]),
      ),
    )
    .select(['transfer.ticket_id as ticket_id', 'document.number', 'document.kind', 'document.source'])
    .where('transfer.ticket_id', 'in', ids)
    // The fee's invoice, then its credit note (series C would sort first), each in number order.
    .orderBy(sql`case when ${sql.ref('document.kind')} = 'credit-note' then 1 else 0 end`)
    .orderBy('document.series')
    .orderBy('document.serial')
    .execute();
  // A staff issuance is one document for all its tickets, linked to each of them when it was written.
  const issued = await db
    .selectFrom('tax_document_tickets as link')
    .innerJoin('tax_documents as document', 'document.id', 'link.document_id')
    .select(['link.ticket_id', 'document.number', 'document.kind', 'document.source'])
    .where('link.ticket_id', 'in', ids)
    .orderBy('document.series')
    .orderBy('document.serial')
    .execute();
  for (const row of [...issued, ...fees]) {
    const of = BY_KIND[row.source.slice(0, row.source.indexOf(':'))];
    if (!of) continue;
    const list = found.get(row.ticket_id) ?? [];
    list.push({ number: row.number, kind: row.kind, of });
    found.set(row.ticket_id, list);
  }
  return found;
}
