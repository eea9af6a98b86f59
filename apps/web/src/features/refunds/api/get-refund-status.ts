import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Refund, toRefund } from '../types';
import { REFUNDS_QUERY_KEY } from './keys';

/** GET /refunds/status/{id} → data.refund. */
export async function getRefundStatus(id: string, signal?: AbortSignal): Promise<Refund> {
  const body = await api.get<{ refund?: unknown }>(`/refunds/status/${encodeURIComponent(id)}`, { signal });
  const refund = toRefund(body?.refund);
  if (!refund) throw new Error('The refund could not be read');
  return refund;
}

export const refundStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...REFUNDS_QUERY_KEY, 'status', id],
    queryFn: ({ signal }) => getRefundStatus(id, signal),
    staleTime: 0,
  });

export function useRefundStatus(id: string | null) {
  return useQuery({ ...refundStatusQueryOptions(id ?? ''), enabled: id !== null });
}
