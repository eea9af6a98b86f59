import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { PROMO_CODES_QUERY_KEY } from './get-promo-codes';

/** DELETE /admin/promo-codes/{id}: a code never used is removed; a used one is switched off (its figures stay). */
export async function deletePromoCode(id: string): Promise<void> {
  await api.delete<unknown>(`/admin/promo-codes/${encodeURIComponent(id)}`);
}

export function useDeletePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_QUERY_KEY }),
  });
}
