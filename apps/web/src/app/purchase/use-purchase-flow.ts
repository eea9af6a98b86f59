import { useQueryClient } from '@tanstack/react-query';
import { GUEST_REFRESH_AFTER_PURCHASE_MS } from '@utsav/domain/constants';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/context/auth-context';
import { eventQueryOptions } from '../../features/event/api/get-event';
import type { Buyer, PurchaseResult } from '../../features/purchase/checkout/purchase-types';
import { MY_TICKETS_QUERY_KEY } from '../../lib/query-keys';
import { rememberVerifiedPayment } from '../../lib/verified-payment';
import { useNavigationActions } from '../shell/use-navigation-actions';

/** Navigation state of /payment-success. */
export interface PaymentSuccessState {
  count: number;
  /** The verified order (see verified-payment.ts). */
  orderId: string;
}

/**
 * What the purchase dialog needs from the rest of the app, the same on the landing page and the guest
 * dashboard: who is buying, how to sign in mid-purchase, and where a verified purchase goes.
 */
export function usePurchaseFlow() {
  const { status, user, signIn } = useAuth();
  const { afterSignIn } = useNavigationActions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const buyer = useMemo<Buyer | null>(
    () => (status === 'signed-in' && user ? { name: user.name, email: user.email } : null),
    [status, user],
  );

  // The dialog reports a failed sign-in itself (a toast above it), so the page banner stays quiet.
  const onSignIn = useCallback(async () => {
    const signedIn = await signIn('header');
    afterSignIn(signedIn);
    return signedIn;
  }, [signIn, afterSignIn]);

  const onPurchased = useCallback(
    (result: PurchaseResult) => {
      // The verify call already refreshed both views; one more pass after a short delay picks up anything
      // the server finished a moment later (the refresh waits 500 ms after a purchase: docs/product.md#guest-dashboard).
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: eventQueryOptions().queryKey });
      }, GUEST_REFRESH_AFTER_PURCHASE_MS);
      const orderId = result.orderId ?? `verified-${Date.now()}`;
      rememberVerifiedPayment(orderId);
      const state: PaymentSuccessState = { count: result.count, orderId };
      void navigate('/payment-success', { state });
    },
    [navigate, queryClient],
  );

  const onEventStale = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: eventQueryOptions().queryKey });
  }, [queryClient]);

  return { buyer, onSignIn, onPurchased, onEventStale };
}
