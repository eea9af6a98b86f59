import { queryOptions, useQuery } from '@tanstack/react-query';
import { allowanceResponseSchema } from '@utsav/domain/api/purchase';
import type { PersonAllowance } from '@utsav/domain/person-limit';
import { api } from '../../../lib/api-client';
import { TICKETS_QUERY_KEY } from '../../../lib/query-keys';

export const PURCHASE_ALLOWANCE_QUERY_KEY = [...TICKETS_QUERY_KEY, 'allowance'] as const;

/** GET /tickets/allowance → how many more tickets the signed-in person may buy; null when no event is on sale. */
export async function getPurchaseAllowance(signal?: AbortSignal): Promise<PersonAllowance | null> {
  return allowanceResponseSchema.parse(await api.get<unknown>('/tickets/allowance', { signal })).allowance;
}

// Asked afresh each time the purchase dialog opens: holds in another tab or a payment since change it. Keyed
// by the person too, so someone signing in after another on the same phone never sees the other's numbers.
export const purchaseAllowanceQueryOptions = (person: string) =>
  queryOptions({
    queryKey: [...PURCHASE_ALLOWANCE_QUERY_KEY, person],
    queryFn: ({ signal }) => getPurchaseAllowance(signal),
    staleTime: 0,
  });

/** Only for a signed-in person (`person` is null when signed out: nothing is asked). */
export function usePurchaseAllowance(person: string | null, options: { enabled: boolean }) {
  return useQuery({
    ...purchaseAllowanceQueryOptions(person ?? ''),
    enabled: options.enabled && person !== null,
  });
}
