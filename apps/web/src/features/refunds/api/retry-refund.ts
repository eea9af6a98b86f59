import { useMutation, useQueryClient } from '@tanstack/react-query';
import { oneRefundResponseSchema, type Refund } from '@utsav/domain/api/refunds';
import { api } from '../../../lib/api-client';
import { REFUNDS_QUERY_KEY } from './keys';

/** POST /refunds/admin/{id}/retry: a failed refund is sent again (admins only). */
export async function retryRefund(id: string): Promise<Refund> {
  const body = await api.post<unknown>(`/refunds/admin/${encodeURIComponent(id)}/retry`);
  return oneRefundResponseSchema.parse(body).refund;
}

export function useRetryRefund(options: { onSuccess?: (refund: Refund) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    onSuccess: async (refund) => {
      await queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY });
      options.onSuccess?.(refund);
    },
  });
}
