import type { TicketDocument } from '@utsav/domain/api/tickets';
import { holderNameOrOwner } from '@utsav/domain/manual-issuance-schema';
import { can } from '@utsav/domain/roles';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findTicketDocuments } from '../../stores/ticket-documents';
import { findTicketsOfUser, findTicketView, type TicketView } from '../../stores/tickets';
import { withQrImages } from './qr-images';
import { setHolderName } from './repo';

// A guest's own tickets. Buying them is modules/purchase (service.ts, fulfilment.ts); cancelling one is
// modules/refunds (cancellation.ts).

export async function listMyTickets(
  ctx: AppContext,
  caller: UserRow,
): Promise<{ tickets: TicketView[]; documents: Map<string, TicketDocument[]> }> {
  const tickets = await withQrImages(ctx, await findTicketsOfUser(ctx.db, caller.id));
  // Only the caller's own tickets: each one's documents (a staff issuance's sale, a transfer fee the caller paid)
  // are the caller's, as GET /tickets/documents judges them again.
  return {
    tickets,
    documents: await findTicketDocuments(
      ctx.db,
      tickets.map((ticket) => ticket.id),
    ),
  };
}

/** The owner or staff may read a ticket; to anyone else it does not exist (no hint that the id is real). */
export async function getTicket(ctx: AppContext, caller: UserRow, idOrCode: string): Promise<TicketView> {
  const ticket = await findTicketView(ctx.db, idOrCode);
  if (!ticket || (ticket.user_id !== caller.id && !can(caller, 'tickets:view'))) {
    throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  }
  const [withImage] = await withQrImages(ctx, [ticket]);
  return withImage!;
}

/**
 * The owner names who one of their active tickets is for; a blank name gives it back the owner's.
 * Only the owner: a ticket of someone else does not exist to the caller, staff included (they have the
 * admin screens). The name is what the ticket card, the PDF and the gate's welcome show.
 */
export async function nameTicketHolder(
  ctx: AppContext,
  caller: UserRow,
  idOrCode: string,
  holderName: string,
): Promise<TicketView> {
  const now = ctx.now();
  const ticketId = await transaction(ctx.db, async (trx) => {
    const ticket = await findTicketView(trx, idOrCode);
    if (!ticket || ticket.user_id !== caller.id) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
    const name = holderNameOrOwner(holderName, ticket.owner_name);
    if (!(await setHolderName(trx, ticket.id, name, now))) {
      throw new AppError('TICKET_NOT_ACTIVE', 'Only an active ticket can be given a name');
    }
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'ticket.holder-named',
        entity: 'ticket',
        entityId: ticket.id,
        data: { from: ticket.holder_name, to: name },
      },
      now,
    );
    return ticket.id;
  });
  const renamed = await findTicketView(ctx.db, ticketId);
  if (!renamed) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  const [withImage] = await withQrImages(ctx, [renamed]);
  return withImage!;
}
