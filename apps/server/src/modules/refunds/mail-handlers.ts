import { isLanguage } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import {
  refundCompletedEmail,
  refundFailedEmail,
  refundInitiatedEmail,
} from '../../platform/mail/templates/refunds';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findRefundView, type RefundView } from './repo';

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
    to: {
      name: refund.owner_name,
      email: refund.owner_email,
      language: isLanguage(refund.owner_language) ? refund.owner_language : undefined,
    },
    eventName: refund.event_name,
    ticketId: refund.ticket_code,
    refundId: refund.refund_code,
    refundAmount: paiseToRupees(refund.refund_amount_paise),
  };
}

/** Handlers for the outbox kinds the refunds module enqueues: refund-initiated, -completed, -failed. */
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
    'refund-failed': async (payload, { id }) => {
      const refund = await refundOf(ctx, payload);
      const message = refundFailedEmail(await base(ctx, refund));
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
