import { CANCELLATION_MIN_DAYS } from '@utsav/domain/constants';
import { cancellationQuote, cancellationTerms, EVENT_CHANGE_MESSAGES } from '@utsav/domain/event-change';
import { paiseToRupees } from '@utsav/domain/pricing';
import {
  CANCEL_MESSAGES,
  CANCELLATION_CLOSED_MESSAGE,
  canCancelTicket,
  FREE_TICKET_CANCELLED_MESSAGE,
  refundIsDue,
} from '@utsav/domain/refunds';
import { TRANSFER_MESSAGES } from '@utsav/domain/transfer';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findEventById } from '../../stores/events';
import { lockOrder } from '../../stores/orders';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { cancelTicketRow } from './cancellation-repo';
import { sendRefund } from './gateway';
import { queueRefund } from './queued-refund';
import { sumRefundsOfPayment } from './repo';
import { loadRefund, type RefundWithHistory } from './service';

// Cancellation: a guest gives back a ticket they bought and gets its refund. Only the owner, only active tickets
// not issued by an admin, only while the window is open (the rules: @utsav/domain/refunds). One transaction
// cancels the ticket (its seat is back on sale at once: stock counts active + used tickets), creates the one
// refund of the ticket and queues the guest's mail; Razorpay is asked after the commit, never inside it
// (gateway.ts). Routes: cancellation-routes.ts (PATCH /tickets/cancel/:id, POST /refunds/create).

export interface CancelResult {
  /** Null when the ticket cost nothing: there is no money to send back (refundIsDue). */
  refund: RefundWithHistory | null;
  ticket: TicketView;
  /** Said to the guest instead of a refund's summary. */
  message?: string;
}

/** PATCH /tickets/cancel/:id and POST /refunds/create: the same use case. */
export async function cancelTicket(
  ctx: AppContext,
  caller: UserRow,
  ticketIdOrCode: string,
  reason: string,
): Promise<CancelResult> {
  const ticket = await findTicketView(ctx.db, ticketIdOrCode);
  // Someone else's ticket does not exist, as far as this caller can tell.
  if (!ticket || ticket.user_id !== caller.id) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  // The money would go back to the card of whoever first paid; the dialog says so before the transfer.
  if (ticket.transferred_from_ticket_id) throw notCancellable(TRANSFER_MESSAGES.notCancellable);
  assertCancellable(ticket);
  const now = ctx.now();
  const event = await findEventById(ctx.db, ticket.event_id);
  const terms = cancellationTerms(
    ticket.event_date,
    { status: event?.status ?? 'on-sale', freeRefundUntil: event?.free_refund_until ?? null },
    now,
  );
  if (!terms.open) {
    // Called off: every ticket's refund is on its way already, in full.
    if (terms.reason === 'called-off')
      throw new AppError('EVENT_CALLED_OFF', EVENT_CHANGE_MESSAGES.calledOff);
    throw new AppError(
      'CANCELLATION_WINDOW_CLOSED',
      msg(CANCELLATION_CLOSED_MESSAGE, {
        days: CANCELLATION_MIN_DAYS,
        count: Math.max(0, terms.daysRemaining),
      }),
    );
  }
  if (!ticket.order_id) throw notCancellable(CANCEL_MESSAGES.adminIssued);

  // The price is what was paid for this ticket after any discount (fulfilment issues each ticket from its order
  // line), so a discounted ticket refunds its own price less the fee, never the list price.
  // In the free-refund period after a postponement the whole price comes back (@utsav/domain/event-change).
  const prices = [paiseToRupees(ticket.price_paise)];
  const quote = cancellationQuote(prices, terms);
  if (!refundIsDue(quote)) return cancelFreeTicket(ctx, caller, ticket, reason, terms.daysRemaining);
  let refundId = '';

  await transaction(ctx.db, async (trx) => {
    // The order row lock serialises cancellations of one order's tickets (PostgreSQL; SQLite runs one write
    // transaction at a time), so the "never more than was paid" sum below cannot be raced.
    const order = await lockOrder(trx, ticket.order_id!);
    if (!order?.razorpay_payment_id || order.status !== 'paid' || order.amount_paise === 0) {
      throw notCancellable('This ticket has no completed payment to refund');
    }
    await cancelRow(trx, ticket, reason, now);
    const refundPaise = Math.round(quote.refundAmount * 100);
    const promised = await sumRefundsOfPayment(trx, order.razorpay_payment_id);
    if (promised + refundPaise > order.amount_paise) {
      // Cannot happen with price − ₹20 per ticket; if it ever does, nothing is cancelled and nothing owed.
      throw notCancellable('This ticket has already been refunded');
    }
    refundId = await queueRefund(
      trx,
      {
        ticketId: ticket.id,
        orderId: order.id,
        userId: caller.id,
        paymentId: order.razorpay_payment_id,
        originalPaise: ticket.price_paise,
        feePaise: ticket.price_paise - refundPaise,
        refundPaise,
        reason,
        mail: 'refund-initiated',
      },
      now,
    );
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'ticket.cancelled',
        entity: 'ticket',
        entityId: ticket.id,
        data: {
          reason,
          refundId,
          refundAmountPaise: refundPaise,
          daysRemaining: terms.daysRemaining,
          fullRefund: terms.fullRefund,
        },
      },
      now,
    );
  });

  // The seat is back on sale: the waitlist's next in line is offered it before this answer (ctx.seatsReturned).
  await ctx.seatsReturned(ticket.event_id);
  await sendRefund(ctx, refundId);
  return {
    refund: await loadRefund(ctx, refundId),
    ticket: (await findTicketView(ctx.db, ticket.id))!,
  };
}

/**
 * A ticket that cost nothing (a free pass, a 100% code; its order may have had no payment at all): cancelled in
 * one transaction like any other, which gives its place, its type's and phase's ticket and its code's use back
 * (the tickets' triggers), but no refund is created and Razorpay is never asked.
 */
async function cancelFreeTicket(
  ctx: AppContext,
  caller: UserRow,
  ticket: TicketView,
  reason: string,
  daysRemaining: number,
): Promise<CancelResult> {
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    const order = await lockOrder(trx, ticket.order_id!);
    if (order?.status !== 'paid') throw notCancellable(CANCEL_MESSAGES.notActive);
    await cancelRow(trx, ticket, reason, now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'ticket.cancelled',
        entity: 'ticket',
        entityId: ticket.id,
        data: { reason, refundId: null, refundAmountPaise: 0, free: true, daysRemaining },
      },
      now,
    );
  });
  // Its places are back on sale: the waitlist's next in line is offered them before this answer, as for a refund.
  await ctx.seatsReturned(ticket.event_id);
  return {
    refund: null,
    ticket: (await findTicketView(ctx.db, ticket.id))!,
    message: FREE_TICKET_CANCELLED_MESSAGE,
  };
}

/** Must stay one conditional statement: a gate scanning this ticket, or a second cancel, may race it. */
async function cancelRow(trx: Db, ticket: TicketView, reason: string, now: Date): Promise<void> {
  if (await cancelTicketRow(trx, ticket.id, reason, now)) return;
  // Scanned or cancelled a moment ago: a double cancel creates nothing and says why.
  const current = await findTicketView(trx, ticket.id);
  const verdict = current ? canCancelTicket(toCancellable(current)) : undefined;
  throw notCancellable(verdict && !verdict.ok ? verdict.message : CANCEL_MESSAGES.notActive);
}

function assertCancellable(ticket: TicketView): void {
  const verdict = canCancelTicket(toCancellable(ticket));
  if (!verdict.ok) throw notCancellable(verdict.message);
}

function toCancellable(ticket: TicketView) {
  return {
    status: ticket.status,
    issuedByAdmin: Boolean(ticket.issued_by_admin),
    resold: Boolean(ticket.resold_at),
  };
}

function notCancellable(message: string): AppError {
  return new AppError('NOT_CANCELLABLE', message);
}
