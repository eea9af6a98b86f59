import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organiser } from '@utsav/domain/organiser';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY, SETUP_QUERY_KEY } from '../../../../lib/query-keys';

/** What the form sends: every field (blank optional ones clear it); the logo as a new picture's data URL, its URL, or ''. */
export type OrganiserBody = Omit<Organiser, 'logo'> & { logo: string };

export const organiserQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'organiser'],
    queryFn: async ({ signal }) =>
      (await api.get<{ organiser: Organiser | null }>('/admin/organiser', { signal })).organiser,
    // The form starts from what is stored now.
    staleTime: 0,
  });

/** GET /admin/organiser: the profile, or null before it is filled in. */
export function useOrganiserProfile() {
  return useQuery(organiserQueryOptions());
}

/** PUT /admin/organiser: the whole profile. Every page naming the organiser reads it again. */
export function useSaveOrganiser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrganiserBody) =>
      (await api.put<{ organiser: Organiser }>('/admin/organiser', body)).organiser,
    onSuccess: (saved) => {
      queryClient.setQueryData(organiserQueryOptions().queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
      ]);
    },
  });
}
