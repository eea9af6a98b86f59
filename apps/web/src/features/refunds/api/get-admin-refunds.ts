import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@utsav/domain/constants';
import type { RefundStatus } from '@utsav/domain/refunds';
import { api } from '../../../lib/api-client';
import { type Refund, toRefunds } from '../types';
import { ADMIN_REFUNDS_QUERY_KEY } from './keys';

export interface AdminRefundsQuery {
  status: RefundStatus | 'all';
  search: string;
  page: number;
  limit?: number;
}

export interface AdminRefundsPage {
  refunds: Refund[];
  pagination: { current: number; total: number; count: number; totalRefunds: number };
}

const number = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** GET /refunds/admin/all (status, search, page, limit) → data.refunds and data.pagination. */
export async function getAdminRefunds(
  query: AdminRefundsQuery,
  signal?: AbortSignal,
): Promise<AdminRefundsPage> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit ?? PAGE_SIZE) });
  if (query.status !== 'all') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  const body = await api.get<{ refunds?: unknown; pagination?: Record<string, unknown> }>(
    `/refunds/admin/all?${params}`,
    { signal },
  );
  const refunds = toRefunds(body?.refunds);
  const pagination = body?.pagination ?? {};
  return {
    refunds,
    pagination: {
      current: number(pagination.current, query.page),
      total: number(pagination.total, 1),
      count: number(pagination.count, refunds.length),
      totalRefunds: number(pagination.totalRefunds, refunds.length),
    },
  };
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
