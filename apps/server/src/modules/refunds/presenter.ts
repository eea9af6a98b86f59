import type { Refund } from '@utsav/domain/api/refunds';
import { paiseToRupees } from '@utsav/domain/pricing';
import { REFUND_STATUS_LABELS } from '@utsav/domain/refunds';
import { RESOLD_REASON } from '@utsav/domain/resale';
import type { RefundWithHistory } from './service';

// A refund with the fields the original contract names (docs/contracts.md), with the MongoDB-era `_id` alias kept.
// Amounts in rupees. The person (user) is shown in staff views only.

export function toRefundJson({ refund, history }: RefundWithHistory, view: 'owner' | 'staff'): Refund {
  return {
    id: refund.id,
    _id: refund.id,
    refundId: refund.refund_code,
    originalAmount: paiseToRupees(refund.original_amount_paise),
    processingFee: paiseToRupees(refund.processing_fee_paise),
    refundAmount: paiseToRupees(refund.refund_amount_paise),
    status: refund.status,
    statusLabel: REFUND_STATUS_LABELS[refund.status],
    reason: refund.reason,
    // The seller's refund of a resale: the sale sets both, in one transaction (purchase/resale-sale.ts).
    resale: Boolean(refund.ticket_resold_at) && refund.reason === RESOLD_REASON,
    createdAt: refund.created_at,
    updatedAt: refund.updated_at,
    processedAt: refund.processed_at,
    ticket: { id: refund.ticket_id, ticketId: refund.ticket_code, eventName: refund.event_name },
    ...(view === 'staff'
      ? {
          user: { name: refund.owner_name, email: refund.owner_email },
          razorpayRefundId: refund.razorpay_refund_id,
          lastError: refund.last_error,
          attempts: refund.attempts,
        }
      : {}),
    statusHistory: history.map((entry) => ({
      status: entry.status,
      timestamp: entry.created_at,
      notes: entry.notes,
    })),
  };
}
