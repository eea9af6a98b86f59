import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@utsav/domain/constants';
import { fitsPersonLimit } from '@utsav/domain/person-limit';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import {
  isSameEmail,
  RECIPIENT_CAP_MESSAGE,
  TRANSFER_MESSAGES,
  type TransferRequest,
  transferFee,
  transferRefusal,
  transferWindow,
} from '@utsav/domain/transfer';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import type { TransferRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { verifyCheckoutSignature } from '../../platform/payments/signatures';
import { findEventById } from '../../stores/events';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { findUserByEmail } from '../../stores/users';
import { requireNotCalledOff } from '../event/current-event';
import { capturedPaymentFor } from '../payments/captured-payment';
import { allowanceOf } from '../purchase/person-limit';
import { completeTransfer } from './completion';
import {
  findPendingTransfer,
  findTransferByRazorpayOrder,
  insertTransfer,
  markTransferFailed,
  setTransferRazorpayOrder,
} from './repo';

// POST /tickets/{id}/transfer starts a transfer: the rules are checked, the transfer row is written, and a
// Razorpay order for the fee is made (our row first, as purchase does: nothing can be paid before it exists).
// POST /tickets/transfer/verify-payment (or the webhook) completes it; see completion.ts.

export interface TransferCheckout {
  orderId: string;
  /** Rupees: Rs 50 per ticket. */
  amount: number;
  currency: string;
  key: string;
}

function notFound(): AppError {
  return new AppError('TICKET_NOT_FOUND', 'Ticket not found');
}

export async function startTransfer(
  ctx: AppContext,
  caller: UserRow,
  ticketId: string,
  input: TransferRequest,
): Promise<TransferCheckout> {
  const ticket = await findTicketView(ctx.db, ticketId);
  // Someone else's ticket looks exactly like a missing one.
  if (!ticket || ticket.user_id !== caller.id) throw notFound();
  const now = ctx.now();
  await assertTransferable(ctx, caller, ticket, input, now);

  const fee = rupeesToPaise(transferFee(1));
  const stamp = now.toISOString();
  const transfer: TransferRow = {
    id: randomUUID(),
    ticket_id: ticket.id,
    from_user_id: caller.id,
    recipient_email: input.recipientEmail,
    recipient_name: input.recipientName,
    recipient_user_id: null,
    new_ticket_id: null,
    fee_paise: fee,
    razorpay_order_id: null,
    razorpay_payment_id: null,
    razorpay_refund_id: null,
    status: 'created',
    failure_reason: null,
    created_at: stamp,
    updated_at: stamp,
    completed_at: null,
  };
  await insertTransfer(ctx.db, transfer);
  await recordAudit(
    ctx.db,
    {
      actorUserId: caller.id,
      action: 'transfer.created',
      entity: 'transfer',
      entityId: transfer.id,
      data: { ticketId: ticket.id, recipientEmail: input.recipientEmail },
    },
    now,
  );
  try {
    const order = await ctx.razorpay().createOrder({
      amount: fee,
      currency: CURRENCY,
      receipt: `tf-${transfer.id.slice(0, 30)}`,
      notes: { kind: 'transfer', transferId: transfer.id, ticketId: ticket.id },
      payment_capture: true,
    });
    await setTransferRazorpayOrder(ctx.db, transfer.id, order.id, ctx.now());
    return { orderId: order.id, amount: transferFee(1), currency: CURRENCY, key: ctx.config.razorpay.keyId };
  } catch (error) {
    await markTransferFailed(ctx.db, transfer.id, 'razorpay', null, ctx.now());
    ctx.log.error({ err: error, transferId: transfer.id }, 'creating the transfer fee order failed');
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      'We could not start the payment right now. You have not been charged. Please try again in a moment.',
    );
  }
}

async function assertTransferable(
  ctx: AppContext,
  caller: UserRow,
  ticket: TicketView,
  input: TransferRequest,
  now: Date,
): Promise<void> {
  // A night called off has nothing left to hand over: its tickets are being refunded.
  const event = await findEventById(ctx.db, ticket.event_id);
  if (event) requireNotCalledOff(event);
  const refusal = transferRefusal({
    status: ticket.status,
    transferredAt: ticket.transferred_at ?? null,
    resoldAt: ticket.resold_at ?? null,
  });
  if (refusal) throw new AppError('TRANSFER_NOT_ALLOWED', refusal);
  const window = transferWindow({ date: ticket.event_date, startTime: ticket.event_start_time }, now);
  if (!window.open) throw new AppError('TRANSFER_WINDOW_CLOSED', window.message);
  if (isSameEmail(input.recipientEmail, caller.email)) {
    throw new AppError('TRANSFER_NOT_ALLOWED', TRANSFER_MESSAGES.toSelf, [
      { field: 'recipientEmail', message: TRANSFER_MESSAGES.toSelf },
    ]);
  }
  const recipient = await findUserByEmail(ctx.db, input.recipientEmail);
  if (recipient) {
    const allowance = await allowanceOf(ctx.db, ctx, recipient.id, ticket.event_id, now);
    if (!fitsPersonLimit(allowance, 1)) {
      // The domain's sentence as a template, so the caller reads it in their language.
      throw new AppError('PERSON_LIMIT_REACHED', msg(RECIPIENT_CAP_MESSAGE, { limit: allowance.limit }));
    }
  }
  const since = new Date(now.getTime() - ctx.config.holdMinutes * 60_000);
  if (await findPendingTransfer(ctx.db, ticket.id, since)) {
    throw new AppError('TRANSFER_NOT_ALLOWED', TRANSFER_MESSAGES.pending);
  }
}

/** POST /tickets/transfer/verify-payment: the sender's ticket, now transferred. Replays answer the same. */
export async function verifyTransferPayment(
  ctx: AppContext,
  caller: UserRow,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<TicketView> {
  const transfer = await findTransferByRazorpayOrder(ctx.db, input.razorpay_order_id);
  if (!transfer || transfer.from_user_id !== caller.id || !transfer.razorpay_order_id) {
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  }
  if (
    !verifyCheckoutSignature(
      transfer.razorpay_order_id,
      input.razorpay_payment_id,
      input.razorpay_signature,
      ctx.config.razorpay.keySecret,
    )
  ) {
    throw new AppError(
      'PAYMENT_NOT_VERIFIED',
      'Payment verification failed: the payment signature is not valid. The ticket was not transferred.',
    );
  }
  if (transfer.status !== 'completed') {
    const payment =
      transfer.razorpay_payment_id === input.razorpay_payment_id && transfer.status === 'failed'
        ? null
        : await capturedPaymentFor(
            ctx,
            { razorpay_order_id: transfer.razorpay_order_id, amount_paise: transfer.fee_paise },
            input.razorpay_payment_id,
          );
    const result = payment ? await completeTransfer(ctx, transfer.id, payment) : null;
    if (!result || result.outcome === 'failed') {
      const reason =
        result?.outcome === 'failed'
          ? result.reason
          : transfer.failure_reason
            ? msg(transfer.failure_reason)
            : null;
      const fee = formatRupees(paiseToRupees(transfer.fee_paise));
      throw new AppError(
        'TRANSFER_NOT_ALLOWED',
        reason
          ? msg('{{reason}} The transfer fee of {{fee}} will be refunded in full.', { reason, fee })
          : msg('The transfer fee of {{fee}} will be refunded in full.', { fee }),
      );
    }
  }
  return (await findTicketView(ctx.db, transfer.ticket_id))!;
}

/** The webhook's path for a captured payment of a transfer fee; false when the order is not a transfer's. */
export async function settleTransferPayment(
  ctx: AppContext,
  payment: { id: string; order_id: string; amount: number; currency: string; status: string },
): Promise<boolean> {
  const transfer = await findTransferByRazorpayOrder(ctx.db, payment.order_id);
  if (!transfer) return false;
  if (payment.amount !== transfer.fee_paise || payment.currency !== CURRENCY) {
    ctx.log.error(
      { transferId: transfer.id, paymentId: payment.id },
      'transfer payment does not match its fee',
    );
    return true;
  }
  await completeTransfer(ctx, transfer.id, { id: payment.id, amount: payment.amount });
  return true;
}
