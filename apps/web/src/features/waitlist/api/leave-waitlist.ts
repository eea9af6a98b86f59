import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../lib/query-keys';
import { WAITLIST_QUERY_KEY } from './get-waitlist';

/** DELETE /waitlist/me: leave the line, or turn an offer down (its seats go to the next person). */
export async function leaveWaitlist(): Promise<void> {
  await api.delete('/waitlist/me');
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: async () => {
      // An offer given up puts seats back.
      void queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
    },
  });
}
