import { useMutation } from '@tanstack/react-query';
import { type Checkout, checkoutSchema } from '@utsav/domain/api/purchase';
import type { CheckoutAnswer } from '@utsav/domain/checkout-answers';
import { api } from '../../../lib/api-client';

/**
 * POST /waitlist/me/checkout: the Razorpay order for the seats held by the offer (the same one if asked twice), with
 * the answers to the organiser's questions (judged as create-order's are).
 */
export async function checkoutWaitlistOffer(answers: readonly CheckoutAnswer[] = []): Promise<Checkout> {
  const body = answers.length > 0 ? { answers } : undefined;
  return checkoutSchema.parse(await api.post<unknown>('/waitlist/me/checkout', body));
}

export function useCheckoutWaitlistOffer() {
  return useMutation({ mutationFn: checkoutWaitlistOffer });
}
