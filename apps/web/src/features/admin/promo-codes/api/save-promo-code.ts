import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminPromoCode, promoCodeAnswerSchema } from '@utsav/domain/api/promo-codes';
import { promoCodeInputSchema } from '@utsav/domain/promo-codes-schema';
import { api } from '../../../../lib/api-client';
import { PROMO_CODES_QUERY_KEY } from './get-promo-codes';

export type SavePromoCodeInput = { id: string | null; code: unknown };

/**
 * POST /admin/promo-codes (id null) or PUT /admin/promo-codes/{id}: checked by the schema the server runs, whose
 * refusals come back per field (VALIDATION_FAILED details), a taken code as `code`.
 */
export async function savePromoCode({ id, code }: SavePromoCodeInput): Promise<AdminPromoCode> {
  const payload = promoCodeInputSchema.parse(code);
  const body =
    id === null
      ? await api.post<unknown>('/admin/promo-codes', payload)
      : await api.put<unknown>(`/admin/promo-codes/${encodeURIComponent(id)}`, payload);
  return promoCodeAnswerSchema.parse(body).promoCode;
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_QUERY_KEY }),
  });
}
