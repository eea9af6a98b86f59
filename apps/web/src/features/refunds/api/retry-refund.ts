import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Refund, toRefund } from '../types';
import { REFUNDS_QUERY_KEY } from './keys';

/** POST /refunds/admin/{id}/retry: a failed refund is sent again (admins only). */
export async function retryRefund(id: string): Promise<Refund> {
  const body = await api.post<{ refund?: unknown }>(`/refunds/admin/${encodeURIComponent(id)}/retry`);
  const refund = toRefund(body?.refund);
  if (!refund) throw new Error('The refund could not be read');
  return refund;
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
