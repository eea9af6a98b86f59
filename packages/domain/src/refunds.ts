import {
  CANCELLATION_DEDUCTION_PER_TICKET,
  CANCELLATION_MIN_DAYS,
  MIN_REFUND_PER_TICKET,
  REASON_MAX_LENGTH,
} from './constants';
import { istInstant } from './time';
import { TRANSFER_MESSAGES } from './transfer';

// Cancellation and refund rules (docs/product.md#cancellation, docs/architecture.md#a-refund).

const DAY_MS = 86_400_000;

export const REFUND_STATUSES = ['pending', 'processing', 'processed', 'failed', 'cancelled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund request created and waiting to be processed',
  processing: 'Refund is being processed by the payment gateway',
  processed: 'Refund completed successfully',
  failed: 'Refund processing failed - manual intervention required',
  cancelled: 'Refund request was cancelled',
};

export const CANCEL_MESSAGES = {
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${REASON_MAX_LENGTH} characters`,
  adminIssued: 'Tickets issued by an admin cannot be cancelled',
  notActive: 'Only active tickets can be cancelled',
  resold:
    'This ticket was resold, so it cannot be cancelled. The refund of your resale goes back to your payment.',
} as const;

/**
 * Whole days left until the event day begins in Mumbai, rounded up: 9 days and 1 minute counts as 10.
 * Negative once the event day has begun.
 */
export function daysUntilEvent(eventDate: string, now: Date): number {
  const days = Math.ceil((istInstant(eventDate).getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // Math.ceil(-0.2) is -0, which would print as "0" but compare oddly.
}

export type CancellationWindow =
  | { open: true; daysRemaining: number }
  | { open: false; daysRemaining: number; message: string };

export function cancellationWindow(eventDate: string, now: Date): CancellationWindow {
  const daysRemaining = daysUntilEvent(eventDate, now);
  if (daysRemaining >= CANCELLATION_MIN_DAYS) return { open: true, daysRemaining };
  return { open: false, daysRemaining, message: cancellationClosedMessage(Math.max(0, daysRemaining)) };
}

/** The product's refusal (docs/product.md#cancellation) as a template, so the server can say it in the reader's language. */
export const CANCELLATION_CLOSED_MESSAGE =
  'Tickets can only be cancelled at least {{days}} days before the event. Only {{count}} days remaining until the event.';

export function cancellationClosedMessage(daysRemaining: number): string {
  return CANCELLATION_CLOSED_MESSAGE.replace('{{days}}', String(CANCELLATION_MIN_DAYS)).replace(
    '{{count}}',
    String(daysRemaining),
  );
}

export interface RefundQuote {
  originalAmount: number;
  processingFee: number;
  refundAmount: number;
}

/**
 * Refund for cancelled tickets, in rupees: price − ₹20 per ticket, at least ₹1 per ticket
 * (₹500 → ₹480; three of ₹500 → ₹1,440), and never more than the ticket's price: each price is what was paid for
 * that ticket after any discount, so a ₹0 ticket (free pass, 100% code) refunds nothing and a ₹10 one ₹1.
 * Computed in paise so fractions never drift.
 */
export function refundQuote(ticketPrices: readonly number[]): RefundQuote {
  let originalPaise = 0;
  let refundPaise = 0;
  for (const price of ticketPrices) {
    const paise = Math.round(price * 100);
    originalPaise += paise;
    refundPaise += Math.min(
      paise,
      Math.max(MIN_REFUND_PER_TICKET * 100, paise - CANCELLATION_DEDUCTION_PER_TICKET * 100),
    );
  }
  return {
    originalAmount: originalPaise / 100,
    processingFee: (originalPaise - refundPaise) / 100,
    refundAmount: refundPaise / 100,
  };
}

/**
 * A refund without the ₹20 deduction: a called-off night, or a holder giving a ticket back in the free-refund
 * period after a postponement (./event-change). Each ticket's price comes back whole.
 */
export function fullRefundQuote(ticketPrices: readonly number[]): RefundQuote {
  const originalPaise = ticketPrices.reduce((sum, price) => sum + Math.round(price * 100), 0);
  return { originalAmount: originalPaise / 100, processingFee: 0, refundAmount: originalPaise / 100 };
}

/**
 * Whether cancelling sends money back. A ticket paid ₹0 (a free pass, a 100% code; a ₹0 order is issued without a
 * payment) has nothing to refund: cancelling it only gives its place, its type's and phase's ticket and its code's
 * use back. No refund is created for it, so nothing is ever asked of Razorpay for a payment that never was.
 */
export function refundIsDue(quote: Pick<RefundQuote, 'refundAmount'>): boolean {
  return quote.refundAmount > 0;
}

/** What the guest is told when a ticket that cost nothing is cancelled (the server says it in their language). */
export const FREE_TICKET_CANCELLED_MESSAGE =
  'Your ticket is cancelled. It was free, so there is no refund to send, and its place is back on sale.';

export function refundAmount(ticketPrice: number, quantity = 1): number {
  return refundQuote(Array.from({ length: quantity }, () => ticketPrice)).refundAmount;
}

/** What a guest sees for a ticket: may it be cancelled by its owner, and if not, why. */
export function canCancelTicket(ticket: {
  status: string;
  issuedByAdmin: boolean;
  /** Received by transfer: the refund would go to the first buyer's card (see ./transfer). */
  receivedByTransfer?: boolean;
  /** Its resale sold: said as such, not as "not active" (the seller's refund is the resale's). */
  resold?: boolean;
}): { ok: true } | { ok: false; message: string } {
  if (ticket.receivedByTransfer) return { ok: false, message: TRANSFER_MESSAGES.notCancellable };
  if (ticket.issuedByAdmin) return { ok: false, message: CANCEL_MESSAGES.adminIssued };
  if (ticket.resold) return { ok: false, message: CANCEL_MESSAGES.resold };
  if (ticket.status !== 'active') return { ok: false, message: CANCEL_MESSAGES.notActive };
  return { ok: true };
}
