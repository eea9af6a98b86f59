import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OfferCheckout {
  orderId: string;
  /** Rupees; checkout.js wants paise (amountPaise). */
  amount: number;
  amountPaise: number;
  currency: string;
  key: string;
  quantity: number;
}

/** POST /waitlist/me/checkout: the Razorpay order for the seats held by the offer (the same one if asked twice). */
export async function checkoutWaitlistOffer(): Promise<OfferCheckout> {
  const body = await api.post<OfferCheckout>('/waitlist/me/checkout');
  return {
    orderId: body.orderId,
    amount: body.amount,
    amountPaise: body.amountPaise,
    currency: body.currency,
    key: body.key,
    quantity: body.quantity,
  };
}

export function useCheckoutWaitlistOffer() {
  return useMutation({ mutationFn: checkoutWaitlistOffer });
}
