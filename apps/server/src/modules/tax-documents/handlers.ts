import type { AppContext } from '../../platform/context';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { issueOrderDocument, issueStaffSaleDocument } from './sale';

// The outbox kinds this module handles (composed in src/outbox.ts). Each is queued by the transaction that makes
// the sale, so a document is made exactly when the sale committed; issuing is once per source, so a retry or a
// second instance making the same document finds it made.

export function taxDocumentHandlers(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    'tax-document': async (payload) => {
      if (typeof payload.orderId === 'string') {
        await issueOrderDocument(ctx, stringField(payload, 'orderId'));
        return;
      }
      const ticketIds = payload.ticketIds;
      if (!Array.isArray(ticketIds) || !ticketIds.every((id) => typeof id === 'string')) {
        throw new Error('outbox payload lacks "orderId" or "ticketIds"');
      }
      await issueStaffSaleDocument(ctx, ticketIds, stringField(payload, 'userId'));
    },
  };
}
