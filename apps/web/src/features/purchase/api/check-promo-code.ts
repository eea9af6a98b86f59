import { useMutation } from '@tanstack/react-query';
import { type PromoCheckAnswer, promoCheckAnswerSchema } from '@utsav/domain/api/promo-codes';
import { DEFAULT_ORDER_QUANTITY_CAP } from '@utsav/domain/constants';
import { type PromoCheckInput, promoCheckSchema } from '@utsav/domain/promo-codes-schema';
import { api } from '../../../lib/api-client';

export { type PromoCheckInput, promoCheckSchema };

/**
 * POST /promo-codes/check: the chosen tickets priced with the code, as the checkout would price them now (nothing
 * is reserved), with the reason when it does not apply and the hidden types an access code opens. Signed in
 * only, and limited per person (RATE_LIMITED): the dialog asks when the guest applies a code and again, once,
 * after they stop changing their tickets.
 */
export async function checkPromoCode(input: PromoCheckInput): Promise<PromoCheckAnswer> {
  const payload = promoCheckSchema(DEFAULT_ORDER_QUANTITY_CAP).parse(input);
  return promoCheckAnswerSchema.parse(await api.post<unknown>('/promo-codes/check', payload));
}

// Nothing to invalidate: a check changes nothing on the server.
export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
