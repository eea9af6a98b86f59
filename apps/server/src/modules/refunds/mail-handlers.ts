import { callOffRefundedPaise, callOffRefundFailedForGood } from '@utsav/domain/call-off-refund-mail';
import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import { isLanguage } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import { callOffRefundCompletedEmail } from '../../platform/mail/templates/call-off-refund';
import {
  refundCompletedEmail,
  refundFailedEmail,
  refundInitiatedEmail,
} from '../../platform/mail/templates/refunds';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { CALL_OFF_MAIL_KIND } from './call-off-mail';
import { findRefundView, findRefundViewsOfOrder, type RefundView } from './repo';

// The refund emails, sent by the outbox worker after the transaction that moved the refund committed. The
// row names only the refund; each handler reloads it, so a retry later still mails current facts.

async function refundOf(ctx: AppContext, payload: Record<string, unknown>): Promise<RefundView> {
  const id = payload.refundId;
  if (typeof id !== 'string' || id === '') throw new Error('outbox payload lacks "refundId"');
  const refund = await findRefundView(ctx.db, id);
  if (!refund) throw new Error(`refund ${id} not found`);
  return refund;
}

async function base(ctx: AppContext, refund: RefundView) {
  return {
    organiser: await ctx.organiser(),
    to: guestOf(refund),
    eventName: refund.event_name,
    ticketId: refund.ticket_code,
    refundId: refund.refund_code,
    refundAmount: paiseToRupees(refund.refund_amount_paise),
  };
}

function guestOf(refund: RefundView) {
  return {
    name: refund.owner_name,
    email: refund.owner_email,
    language: isLanguage(refund.owner_language) ? refund.owner_language : undefined,
  };
}

/** Handlers for the outbox kinds the refunds module enqueues: refund-initiated, -completed, -failed, and a
 *  called-off night's one completion mail per order (call-off-mail.ts). */
export function refundMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const refundsUrl = `${ctx.config.publicUrl}/dashboard/guest`;
  return {
    'refund-initiated': async (payload, { id }) => {
      const refund = await refundOf(ctx, payload);
      const message = refundInitiatedEmail({
        ...(await base(ctx, refund)),
        originalAmount: paiseToRupees(refund.original_amount_paise),
        deduction: paiseToRupees(refund.processing_fee_paise),
        refundsUrl,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
    'refund-completed': async (payload, { id }) => {
      const refund = await refundOf(ctx, payload);
      const message = refundCompletedEmail(await base(ctx, refund));
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
    // The refunds the order's mail covers were named when it was queued (all processed: that never changes); the
    // failed ones counted are those still failed for good, each of which had its own failure mail.
    [CALL_OFF_MAIL_KIND]: async (payload, { id }) => {
      const orderId = payload.orderId;
      const named = Array.isArray(payload.refundIds) ? payload.refundIds : [];
      if (typeof orderId !== 'string' || orderId === '' || named.length === 0) {
        throw new Error('outbox payload lacks "orderId" or "refundIds"');
      }
      const refunds = await findRefundViewsOfOrder(ctx.db, orderId, CALL_OFF_REASON);
      const covered = refunds.filter((refund) => named.includes(refund.id));
      const first = covered[0];
      if (!first || covered.length !== named.length) throw new Error(`refunds of order ${orderId} not found`);
      const failedCount = refunds.filter(callOffRefundFailedForGood).length;
      const message = callOffRefundCompletedEmail({
        organiser: await ctx.organiser(),
        to: guestOf(first),
        eventName: first.event_name,
        refunds: covered.map((refund) => ({
          ticketCode: refund.ticket_code,
          refundCode: refund.refund_code,
        })),
        refundedPaise: callOffRefundedPaise(
          covered.map((refund) => ({ amountPaise: refund.refund_amount_paise })),
        ),
        failedCount,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
    'refund-failed': async (payload, { id }) => {
      const refund = await refundOf(ctx, payload);
      const message = refundFailedEmail(await base(ctx, refund));
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
