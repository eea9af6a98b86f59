import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { HISTORY_NOTES } from './gateway';
import { appendHistory, idempotencyKeyFor, insertRefund } from './repo';

// A refund of one ticket, created inside the caller's transaction (a cancellation, a resale's sale): pending, its
// first history line, the mail the caller names, and its tax documents' job. Razorpay is asked after the commit (gateway.ts sendRefund);
// a send that fails stays pending and the refund job sends it again (jobs.ts).

export interface QueuedRefund {
  ticketId: string;
  orderId: string;
  userId: string;
  paymentId: string;
  originalPaise: number;
  feePaise: number;
  refundPaise: number;
  reason: string;
  /** The outbox mail queued with it; null when the caller queues its own. */
  mail: 'refund-initiated' | null;
}

/** The refund's id. The caller has checked, under the order's lock, that it stays within what was paid. */
export async function queueRefund(trx: Db, refund: QueuedRefund, now: Date): Promise<string> {
  const id = randomUUID();
  await insertRefund(trx, {
    id,
    refund_code: newRefundCode(),
    ticket_id: refund.ticketId,
    order_id: refund.orderId,
    user_id: refund.userId,
    payment_id: refund.paymentId,
    razorpay_refund_id: null,
    original_amount_paise: refund.originalPaise,
    processing_fee_paise: refund.feePaise,
    refund_amount_paise: refund.refundPaise,
    status: 'pending',
    reason: refund.reason,
    idempotency_key: idempotencyKeyFor(id, 1),
    attempts: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    processed_at: null,
    last_error: null,
  });
  await appendHistory(trx, id, 'pending', HISTORY_NOTES.created, now);
  if (refund.mail) {
    await enqueueOutbox(trx, refund.mail, { refundId: id, amount: refund.refundPaise / 100 }, now);
  }
  // Its credit note and the invoice of the deduction kept (modules/tax-documents/credits.ts), made after the commit.
  await enqueueOutbox(trx, 'tax-document', { refundId: id }, now);
  return id;
}

const REFUND_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** RF-XXXXXXXXXX: 50 random bits in Crockford base32, like ticket codes. */
export function newRefundCode(): string {
  let code = '';
  for (const byte of randomBytes(10)) code += REFUND_CODE_ALPHABET[byte & 31];
  return `RF-${code}`;
}
