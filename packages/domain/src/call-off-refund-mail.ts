import { CALL_OFF_REASON, CALL_OFF_REFUND_ATTEMPTS } from './event-change';

// One "refund complete" mail per order when the night is called off (decision 0632): which refunds it covers, when
// it is due and what it says it refunded. The server decides under the order's lock and mails from these rules.

/** A refund as the call-off's order mail sees it. */
export interface CallOffMailRefund {
  id: string;
  orderId: string | null;
  reason: string | null;
  status: string;
  attempts: number;
  /** What this refund gives back, in paise. */
  amountPaise: number;
}

/** The call-off's own refunds of one order are mailed together; any other refund keeps its own mails. */
export function belongsToCallOffMail(
  refund: Pick<CallOffMailRefund, 'orderId' | 'reason'>,
  orderId: string,
): boolean {
  return refund.reason === CALL_OFF_REASON && refund.orderId === orderId;
}

/**
 * A call-off refund that failed is retried by the call-off job while it has attempts left: the guest is not told of a
 * failure that may fix itself. Only the failure of its last attempt is final (and mailed as a failure).
 */
export function callOffFailureRetried(attempts: number): boolean {
  return attempts < CALL_OFF_REFUND_ATTEMPTS;
}

/** Settled: processed, or failed for good (the job's attempts used up). Pending, processing and retried ones are not. */
export function callOffRefundSettled(refund: Pick<CallOffMailRefund, 'status' | 'attempts'>): boolean {
  return refund.status === 'processed' || callOffRefundFailedForGood(refund);
}

/** Failed for good: its own failure mail went, and the order's mail counts it as not refunded. */
export function callOffRefundFailedForGood(refund: Pick<CallOffMailRefund, 'status' | 'attempts'>): boolean {
  return refund.status === 'failed' && !callOffFailureRetried(refund.attempts);
}

/** What the order's mail says was refunded: the sum of its completed refunds, in paise. */
export function callOffRefundedPaise(
  completed: ReadonlyArray<Pick<CallOffMailRefund, 'amountPaise'>>,
): number {
  return completed.reduce((sum, refund) => sum + refund.amountPaise, 0);
}

export interface CallOffOrderMail<R extends CallOffMailRefund = CallOffMailRefund> {
  /** Every call-off refund of the order is settled. */
  settled: boolean;
  /** The mail is due: all settled and at least one refund completed (an order whose refunds all failed gets only
   *  its failure mails). */
  due: boolean;
  /** The processed refunds the mail lists, by id (a stable order for the mail and its tests). */
  completed: R[];
  /** Their sum, in paise: what the mail says was refunded. */
  refundedPaise: number;
}

/** The order mail from the order's refunds (others in the list are ignored). */
export function callOffOrderMail<R extends CallOffMailRefund>(
  orderId: string,
  refunds: readonly R[],
): CallOffOrderMail<R> {
  const own = refunds.filter((refund) => belongsToCallOffMail(refund, orderId));
  const settled = own.length > 0 && own.every(callOffRefundSettled);
  const completed = own
    .filter((refund) => refund.status === 'processed')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    settled,
    due: settled && completed.length > 0,
    completed,
    refundedPaise: callOffRefundedPaise(completed),
  };
}

/** The outbox row of an order's mail, under an id of its own: its primary key lets it be queued only once. */
export function callOffOrderMailKey(orderId: string): string {
  return `call-off-refunds-completed:${orderId}`;
}
