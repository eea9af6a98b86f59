import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SalesBreakdownAnswer, salesBreakdownResponseSchema } from '@utsav/domain/api/analytics';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';

export type SalesBreakdown = SalesBreakdownAnswer;

/** GET /admin/analytics/sales-breakdown: sold tickets, people and revenue per type, phase and code. */
export async function getSalesBreakdown(signal?: AbortSignal): Promise<SalesBreakdown> {
  const answer = await api.get<unknown>('/admin/analytics/sales-breakdown', { signal });
  return salesBreakdownResponseSchema.parse(answer).data;
}

export function useSalesBreakdown() {
  return useQuery(
    queryOptions({
      // Type names come in the reader's language.
      queryKey: ['admin', 'analytics', 'sales-breakdown', currentLanguage()],
      queryFn: ({ signal }) => getSalesBreakdown(signal),
      staleTime: CACHE_DASHBOARD_STATS_MS,
    }),
  );
}
