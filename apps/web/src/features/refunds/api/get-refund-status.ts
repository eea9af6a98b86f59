import { queryOptions, useQuery } from '@tanstack/react-query';
import { oneRefundResponseSchema, type Refund } from '@utsav/domain/api/refunds';
import { api } from '../../../lib/api-client';
import { REFUNDS_QUERY_KEY } from './keys';

/** GET /refunds/status/{id}: one refund as it stands. */
export async function getRefundStatus(id: string, signal?: AbortSignal): Promise<Refund> {
  const body = await api.get<unknown>(`/refunds/status/${encodeURIComponent(id)}`, { signal });
  return oneRefundResponseSchema.parse(body).refund;
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
