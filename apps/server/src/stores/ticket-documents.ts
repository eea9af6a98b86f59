import type { TicketDocument } from '@utsav/domain/api/tickets';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';

// The tax documents a ticket's card offers that no checkout order reaches, found by their sources (written by
// modules/tax-documents, decision 1403): a transfer's fee (`transfer-fee:<transferId>`, and
// `transfer-fee-refund:<transferId>` when it went back) and tickets staff issued with payment received
// (`issuance:<id of the issuance's first ticket>`). Read by My Tickets and the staff's ticket list; who may then
// open a document is decided again by GET /tickets/documents.

const BY_KIND: Record<string, TicketDocument['of']> = {
  issuance: 'issuance',
  'transfer-fee': 'transfer-fee',
  'transfer-fee-refund': 'transfer-fee-refund',
};

/** Each ticket's documents of a fee or a staff issuance, by ticket id, in number order. */
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
    .orderBy('document.series')
    .orderBy('document.serial')
    .execute();
  // A staff issuance is one document for all its tickets, under its first one's id: the tickets of one issuance
  // share their owner, issuer and creation instant (one `now` in one transaction) and count seq from 1.
  const issued = await db
    .selectFrom('tickets')
    .innerJoin('tickets as first', (join) =>
      join
        .onRef('first.user_id', '=', 'tickets.user_id')
        .onRef('first.issued_by_user_id', '=', 'tickets.issued_by_user_id')
        .onRef('first.created_at', '=', 'tickets.created_at')
        .on('first.seq', '=', 1)
        .on('first.order_id', 'is', null),
    )
    .innerJoin('tax_documents as document', (join) =>
      join.on('document.source', '=', sql<string>`'issuance:' || ${sql.ref('first.id')}`),
    )
    .select(['tickets.id as ticket_id', 'document.number', 'document.kind', 'document.source'])
    .where('tickets.id', 'in', ids)
    .where('tickets.order_id', 'is', null)
    .where('tickets.issued_by_admin', '=', 1)
    .where('tickets.payment_received', '=', 1)
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
