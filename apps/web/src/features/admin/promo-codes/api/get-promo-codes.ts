import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminPromoCode, promoCodeListAnswerSchema } from '@utsav/domain/api/promo-codes';
import { api } from '../../../../lib/api-client';

export type { AdminPromoCode };

export const PROMO_CODES_QUERY_KEY = ['admin', 'promo-codes'] as const;

/** GET /admin/promo-codes: the event's codes with each one's use (tickets, orders, discount, revenue). */
export async function getPromoCodes(signal?: AbortSignal): Promise<AdminPromoCode[]> {
  return promoCodeListAnswerSchema.parse(await api.get<unknown>('/admin/promo-codes', { signal })).promoCodes;
}

export const promoCodesQueryOptions = () =>
  queryOptions({
    queryKey: PROMO_CODES_QUERY_KEY,
    queryFn: ({ signal }) => getPromoCodes(signal),
    staleTime: 10_000,
  });

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions());
}
