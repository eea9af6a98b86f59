import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminResalesResponseSchema } from '@utsav/domain/api/resale';
import type { ResaleSettingsInput } from '@utsav/domain/resale';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../../lib/query-keys';

export type AdminResales = z.infer<typeof adminResalesResponseSchema>;

export const adminResalesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'resales'],
    queryFn: async ({ signal }) =>
      adminResalesResponseSchema.parse(await api.get<unknown>('/admin/resales', { signal })),
    staleTime: 0,
  });

/** GET /admin/resales: every listing, the sums and the settings. */
export function useAdminResales() {
  return useQuery(adminResalesQueryOptions());
}

/** PUT /admin/resale-settings: the switch, the fee (rupees), the cut-off (hours); the server checks them again. */
export function useSaveResaleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResaleSettingsInput) => api.put<unknown>('/admin/resale-settings', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminResalesQueryOptions().queryKey }),
        // Resold tickets on offer in GET /event follow the switch and the cut-off.
        queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
      ]),
  });
}
