import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY, SETUP_QUERY_KEY } from '../../../../lib/query-keys';

/** POST /admin/event/publish: the draft goes on sale (it needs the organiser profile first). */
export function usePublishEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/admin/event/publish'),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
      ]),
  });
}
