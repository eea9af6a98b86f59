import type { PricingTier } from '@utsav/domain/pricing';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { IdentityError } from '../../../lib/identity';
import type { Step } from './purchase-types';

// The dialog's words are catalog keys (locales/<language>/purchase.json); the English catalog holds the toasts
// of docs/product.md#purchase verbatim.
export const PURCHASE_MESSAGES = {
  orderFailed: 'purchase.toast.orderFailed',
  orderNotCreated: 'purchase.toast.orderNotCreated',
  verificationFailed: 'purchase.toast.verificationFailed',
  verificationError: 'purchase.toast.verificationError',
  cancelled: 'purchase.toast.cancelled',
  signInFailed: 'purchase.toast.signInFailed',
  signInCancelled: 'purchase.toast.signInCancelled',
  signInBlocked: 'purchase.toast.signInBlocked',
  checkoutUnavailable: 'purchase.toast.checkoutUnavailable',
  offerWithdrawn: 'purchase.toast.offerWithdrawn',
  resaleWithdrawn: 'purchase.toast.resaleWithdrawn',
} as const;

/** Toast ids of failures that a later success makes stale (cleared when the payment is confirmed). */
export const FAILURE_TOAST_IDS = ['purchase-order-failed', 'purchase-payment-failed'] as const;

/**
 * 'Payment failed: {reason}', without saying it twice when the provider's reason is itself
 * 'Payment failed' (or starts with it).
 */
export function paymentFailedMessage(reason: string | undefined, t: TFunction): string {
  const text = reason?.trim().replace(/[.!]+$/, '') ?? '';
  if (!text) return t('purchase.toast.paymentFailed');
  if (/^payment failed\b/i.test(text)) return text;
  return t('purchase.toast.paymentFailedBecause', { reason: text });
}

const STEP_TITLES: Record<Step, string> = {
  select: 'purchase.title.select',
  signin: 'purchase.title.signin',
  confirm: 'purchase.title.confirm',
  waiting: 'queue.title',
  paying: 'purchase.title.paying',
  verifying: 'purchase.title.verifying',
  unverified: 'purchase.title.unverified',
};

export function dialogTitle(step: Step, soldOut: boolean, limitReached: boolean, t: TFunction): string {
  if (step === 'verifying' || step === 'unverified' || step === 'paying') return t(STEP_TITLES[step]);
  if (soldOut) return t('purchase.title.soldOut');
  if (limitReached && step !== 'signin') return t('purchase.title.limitReached');
  return t(STEP_TITLES[step]);
}

/** "5 tickets", in the reader's language. */
export function ticketsLabel(count: number, t: TFunction): string {
  return t('purchase.tickets', { count });
}

const TIER_NAMES: Record<PricingTier, string> = {
  Individual: 'purchase.tier.individual',
  Group: 'purchase.tier.group',
};

/** The tier's name as the reader reads it (the server's and the provider's label stays English). */
export function tierName(tier: PricingTier, t: TFunction): string {
  return t(TIER_NAMES[tier]);
}

export function signInMessage(error: unknown, t: TFunction): string {
  if (error instanceof IdentityError) {
    if (error.code === 'popup-closed') return t(PURCHASE_MESSAGES.signInCancelled);
    if (error.code === 'popup-blocked') return t(PURCHASE_MESSAGES.signInBlocked);
  }
  return t(PURCHASE_MESSAGES.signInFailed);
}

const STALE_EVENT_CODES: readonly (string | undefined)[] = [
  'PRICE_CHANGED',
  'SOLD_OUT',
  'PERSON_LIMIT_REACHED',
  'RESALE_OFFER_WITHDRAWN',
];

/**
 * A refused order the guest can act on: the price moved, the tickets are gone, the person's cap is reached, or the
 * seller withdrew the resold ticket their waitlist offer held (they wait again at their place) or the dialog offered.
 */
export function isStaleEventError(error: unknown): error is ApiError {
  return error instanceof ApiError && STALE_EVENT_CODES.includes(error.code);
}

/**
 * The toast's title for such a refusal: a withdrawn resold ticket says so (the waitlist offer that held it, or the
 * one the dialog offered when `resale`); the server's sentence says the rest.
 */
export function staleEventTitle(error: ApiError, t: TFunction, resale = false): string {
  if (error.code !== 'RESALE_OFFER_WITHDRAWN') return t(PURCHASE_MESSAGES.orderFailed);
  return t(resale ? PURCHASE_MESSAGES.resaleWithdrawn : PURCHASE_MESSAGES.offerWithdrawn);
}

/**
 * What the guest reads for a refused request: the server's own message (already in their language, sent for
 * our Accept-Language), except the connection failure, which the client itself words.
 */
export function reasonText(error: ApiError, t: TFunction): string {
  return error.code === 'NETWORK_ERROR' ? t('purchase.notice.network') : error.message;
}
