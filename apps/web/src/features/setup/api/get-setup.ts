import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SETUP_QUERY_KEY } from '../../../lib/query-keys';

/** GET /setup (docs/product.md#first-run): how far this install is from selling, and whether the caller may lead it. */
export interface SetupStatus {
  adminExists: boolean;
  canBecomeOrganiser: boolean;
  bootstrap: 'first-caller' | 'listed-email' | 'none';
  organiserProfile: boolean;
  event: 'none' | 'draft' | 'published';
  complete: boolean;
}

/** Asked per person: who is signed in changes canBecomeOrganiser. */
export const setupQueryOptions = (who: string | null) =>
  queryOptions({
    queryKey: [...SETUP_QUERY_KEY, who ?? 'signed-out'],
    queryFn: async ({ signal }) => (await api.get<{ setup: SetupStatus }>('/setup', { signal })).setup,
    staleTime: 0,
  });

export function useSetupStatus(who: string | null, enabled = true) {
  return useQuery({ ...setupQueryOptions(who), enabled });
}
