import { ApiError } from '../../../lib/api-client';
import { IdentityError } from '../../../lib/identity';
import type { Step } from './purchase-types';

// The toasts of guest-side §8, verbatim.
export const PURCHASE_MESSAGES = {
  orderFailed: 'Failed to create payment order. Please try again.',
  orderNotCreated: 'Failed to create order',
  verificationFailed: 'Payment verification failed. Please contact support.',
  verificationError: 'An error occurred during payment verification. Please contact support.',
  cancelled: 'Payment cancelled',
  signInFailed: 'Sign-in failed. Please try again.',
  signInCancelled: 'Sign-in was cancelled.',
  signInBlocked: 'Pop-up was blocked. Please allow pop-ups for this site.',
  checkoutUnavailable: 'The payment window could not be opened. Please check your connection and try again.',
} as const;

/** Toast ids of failures that a later success makes stale (cleared when the payment is confirmed). */
export const FAILURE_TOAST_IDS = ['purchase-order-failed', 'purchase-payment-failed'] as const;

/**
 * 'Payment failed: {reason}', without saying it twice when the provider's reason is itself
 * 'Payment failed' (or starts with it).
 */
export function paymentFailedMessage(reason: string | undefined): string {
  const text = reason?.trim().replace(/[.!]+$/, '') ?? '';
  if (!text) return 'Payment failed';
  if (/^payment failed\b/i.test(text)) return text;
  return `Payment failed: ${text}`;
}

const STEP_TITLES: Record<Step, string> = {
  select: 'Book Your Tickets',
  signin: 'Sign In Required',
  confirm: 'Confirm Your Purchase',
  waiting: 'You Are in the Line',
  paying: 'Complete Your Payment',
  verifying: 'Confirming your payment…',
  unverified: 'Payment Not Confirmed',
};

const LIMIT_REACHED_TITLE = 'Ticket Limit Reached';

export function dialogTitle(step: Step, soldOut: boolean, limitReached: boolean): string {
  if (step === 'verifying' || step === 'unverified' || step === 'paying') return STEP_TITLES[step];
  if (soldOut) return 'Event Sold Out';
  if (limitReached && step !== 'signin') return LIMIT_REACHED_TITLE;
  return STEP_TITLES[step];
}

export function ticketsLabel(count: number): string {
  return `${count} ${count === 1 ? 'ticket' : 'tickets'}`;
}

export function signInMessage(error: unknown): string {
  if (error instanceof IdentityError) {
    if (error.code === 'popup-closed') return PURCHASE_MESSAGES.signInCancelled;
    if (error.code === 'popup-blocked') return PURCHASE_MESSAGES.signInBlocked;
  }
  return PURCHASE_MESSAGES.signInFailed;
}

/** A refused order the guest can act on: the price moved, the tickets are gone, or the person's cap is reached. */
export function isStaleEventError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'PRICE_CHANGED' || error.code === 'SOLD_OUT' || error.code === 'PERSON_LIMIT_REACHED')
  );
}
