import type { AppContext } from '../../platform/context';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { issueLatePaymentCredit, issueRefundDocuments, issueTransferFeeDocuments } from './credits';
import { issueOrderDocument, issueStaffSaleDocument } from './sale';

// The outbox kinds this module handles (composed in src/outbox.ts). Each is queued by the transaction that makes
// the sale, so a document is made exactly when the sale committed; issuing is once per source, so a retry or a
// second instance making the same document finds it made.

export function taxDocumentHandlers(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    'tax-document': async (payload) => {
      if (typeof payload.refundId === 'string') {
        await issueRefundDocuments(ctx, stringField(payload, 'refundId'));
        return;
      }
      if (typeof payload.transferId === 'string') {
        await issueTransferFeeDocuments(ctx, stringField(payload, 'transferId'));
        return;
      }
      if (typeof payload.orderId === 'string') {
        const orderId = stringField(payload, 'orderId');
        await issueOrderDocument(ctx, orderId);
        // A late payment given back whole (payments/payment-refunds.ts): its credit note too.
        if (payload.latePaymentRefund === true) await issueLatePaymentCredit(ctx, orderId);
        return;
      }
      // Staff issuance with payment received makes its document in its own transaction now (decision 1408); a
      // job it queued before that still runs here.
      const ticketIds = payload.ticketIds;
      if (!Array.isArray(ticketIds) || !ticketIds.every((id) => typeof id === 'string')) {
        throw new Error('outbox payload lacks "orderId" or "ticketIds"');
      }
      await issueStaffSaleDocument(ctx, ticketIds, stringField(payload, 'userId'));
    },
  };
}
