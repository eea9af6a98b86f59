import { paiseToRupees } from '@utsav/domain/pricing';
import { REFUND_STATUS_LABELS, REFUND_STATUSES } from '@utsav/domain/refunds';
import { z } from 'zod';
import type { RefundWithHistory } from './service';

// A refund with the fields the original contract names (docs/contracts.md), with the MongoDB-era `_id` alias kept.
// Amounts in rupees. The person (user) is shown in staff views only.

const status = z.enum(REFUND_STATUSES);

export const refundJsonSchema = z.object({
  id: z.string(),
  _id: z.string(),
  refundId: z.string(),
  originalAmount: z.number(),
  processingFee: z.number(),
  refundAmount: z.number(),
  status,
  statusLabel: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  processedAt: z.string().nullable(),
  ticket: z.object({ id: z.string(), ticketId: z.string(), eventName: z.string() }),
  user: z.object({ name: z.string(), email: z.string() }).optional(),
  /** Razorpay's rfnd_… id of the current attempt and the last gateway error: staff views only. */
  razorpayRefundId: z.string().nullable().optional(),
  lastError: z.string().nullable().optional(),
  attempts: z.number().optional(),
  statusHistory: z.array(z.object({ status, timestamp: z.string(), notes: z.string() })),
});

export type RefundJson = z.infer<typeof refundJsonSchema>;

export function toRefundJson({ refund, history }: RefundWithHistory, view: 'owner' | 'staff'): RefundJson {
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
