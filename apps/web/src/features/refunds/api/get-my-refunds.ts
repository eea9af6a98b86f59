import { queryOptions, useQuery } from '@tanstack/react-query';
import { myRefundsResponseSchema, type Refund } from '@utsav/domain/api/refunds';
import { api } from '../../../lib/api-client';
import { MY_REFUNDS_QUERY_KEY } from './keys';

/** GET /refunds/my-refunds: the person's refunds, newest first. */
export async function getMyRefunds(signal?: AbortSignal): Promise<Refund[]> {
  return myRefundsResponseSchema.parse(await api.get<unknown>('/refunds/my-refunds', { signal })).refunds;
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
