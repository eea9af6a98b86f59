import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonAllowance } from '@utsav/domain/person-limit';
import { api } from '../../../lib/api-client';

export const PURCHASE_ALLOWANCE_QUERY_KEY = ['tickets', 'allowance'] as const;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** GET /tickets/allowance → how many more tickets the signed-in person may buy; null when no event is on sale. */
export async function getPurchaseAllowance(signal?: AbortSignal): Promise<PersonAllowance | null> {
  const body = await api.get<{ allowance?: unknown }>('/tickets/allowance', { signal });
  const raw = body?.allowance as Record<string, unknown> | null | undefined;
  if (!raw || !isCount(raw.limit) || !isCount(raw.held) || !isCount(raw.bought) || !isCount(raw.remaining)) {
    return null;
  }
  return { limit: raw.limit, held: raw.held, bought: raw.bought, remaining: raw.remaining };
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
