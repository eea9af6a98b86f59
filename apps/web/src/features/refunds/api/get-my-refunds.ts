import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Refund, toRefunds } from '../types';
import { MY_REFUNDS_QUERY_KEY } from './keys';

/** GET /refunds/my-refunds → data.refunds, newest first. */
export async function getMyRefunds(signal?: AbortSignal): Promise<Refund[]> {
  const body = await api.get<{ refunds?: unknown }>('/refunds/my-refunds', { signal });
  return toRefunds(body?.refunds);
}

const IN_FLIGHT_REFRESH_MS = 5000;

export const myRefundsQueryOptions = () =>
  queryOptions({
    queryKey: MY_REFUNDS_QUERY_KEY,
    queryFn: ({ signal }) => getMyRefunds(signal),
    staleTime: 0,
  });

/** While a refund is on its way (pending or processing) the list looks again every few seconds. */
export function useMyRefunds(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...myRefundsQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: (query) =>
      query.state.data?.some((refund) => refund.status === 'pending' || refund.status === 'processing')
        ? IN_FLIGHT_REFRESH_MS
        : false,
  });
}
