import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type RefundPage, refundPageResponseSchema } from '@utsav/domain/api/refunds';
import { PAGE_SIZE } from '@utsav/domain/constants';
import type { RefundStatus } from '@utsav/domain/refunds';
import { api } from '../../../lib/api-client';
import { ADMIN_REFUNDS_QUERY_KEY } from './keys';

export interface AdminRefundsQuery {
  status: RefundStatus | 'all';
  search: string;
  page: number;
  limit?: number;
}

/** GET /refunds/admin/all (status, search, page, limit): one page of refunds and where it is. */
export async function getAdminRefunds(query: AdminRefundsQuery, signal?: AbortSignal): Promise<RefundPage> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit ?? PAGE_SIZE) });
  if (query.status !== 'all') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  return refundPageResponseSchema.parse(await api.get<unknown>(`/refunds/admin/all?${params}`, { signal }));
}

export const adminRefundsQueryOptions = (query: AdminRefundsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_REFUNDS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAdminRefunds(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useAdminRefunds(query: AdminRefundsQuery) {
  return useQuery(adminRefundsQueryOptions(query));
}
