import { useMutation } from '@tanstack/react-query';
import { type Checkout, checkoutSchema } from '@utsav/domain/api/purchase';
import { api } from '../../../lib/api-client';

/** POST /waitlist/me/checkout: the Razorpay order for the seats held by the offer (the same one if asked twice). */
export async function checkoutWaitlistOffer(): Promise<Checkout> {
  return checkoutSchema.parse(await api.post<unknown>('/waitlist/me/checkout'));
}

export function useCheckoutWaitlistOffer() {
  return useMutation({ mutationFn: checkoutWaitlistOffer });
}
