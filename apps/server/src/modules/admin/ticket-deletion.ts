import { type TicketDeletionRefusal, ticketDeletionRefusal } from '@utsav/domain/ticket-status-change';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { lockEvent } from '../../stores/events';
import { deleteTicketRow } from './tickets-repo';

// Staff deleting a ticket (docs/product.md#ticket-management; docs/decisions/0906-only-manual-tickets-deleted.md).

const DELETION_REFUSALS: Record<TicketDeletionRefusal, string> = {
  BOUGHT_ONLINE:
    'Tickets bought online cannot be deleted, because their payment must stay on record. Cancel the ticket instead.',
  // Its transfer (and the fee paid for it) points at it and must stay on record.
  TRANSFER:
    'Tickets involved in a transfer cannot be deleted, because the transfer must stay on record. Cancel the ticket instead.',
};

/**
 * Deletion is for tickets the organiser made by hand (manual issuance: no order, no payment record, no
 * refund). A ticket bought through Razorpay is never deleted: its order says N tickets were paid for, and
 * its refund (if any) points at it, so deleting it would leave a paid order without a ticket. Cancel it
 * instead, which returns the seat to sale just the same.
 */
export async function deleteTicket(ctx: AppContext, caller: UserRow, idOrCode: string): Promise<void> {
  const now = ctx.now();
  const eventId = await transaction(ctx.db, async (trx) => {
    const ticket = await trx
      .selectFrom('tickets')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', idOrCode), eb('ticket_code', '=', idOrCode)]))
      .executeTakeFirst();
    if (!ticket) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
    await lockEvent(trx, ticket.event_id);
    const refusal = ticketDeletionRefusal({
      fromOrder: ticket.order_id !== null,
      transferred: Boolean(ticket.transferred_at),
      receivedByTransfer: Boolean(ticket.transferred_from_ticket_id),
    });
    if (refusal) throw new AppError('CONFLICT', DELETION_REFUSALS[refusal]);
    if (!(await deleteTicketRow(trx, ticket.id))) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'ticket.deleted',
        entity: 'ticket',
        entityId: ticket.id,
        data: {
          ticketCode: ticket.ticket_code,
          userId: ticket.user_id,
          status: ticket.status,
          pricePaise: ticket.price_paise,
          paymentReceived: ticket.payment_received === 1,
          issuedByUserId: ticket.issued_by_user_id,
        },
      },
      now,
    );
    return ticket.event_id;
  });
  // A hand-issued ticket's seat is back: the waitlist's next in line is offered it now (ctx.seatsReturned).
  await ctx.seatsReturned(eventId);
}
