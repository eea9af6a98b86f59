import { can } from '@utsav/domain/roles';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { withQrImages } from './qr-images';
import { findTicketsOfUser, findTicketView, type TicketView } from './repo';

// A guest's own tickets. Purchase lives in purchase-service.ts, issuance in fulfilment.ts.

export async function listMyTickets(ctx: AppContext, caller: UserRow): Promise<TicketView[]> {
  return withQrImages(ctx, await findTicketsOfUser(ctx.db, caller.id));
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
