import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinWaitlistResponseSchema } from '@utsav/domain/api/waitlist';
import { joinWaitlistSchema } from '@utsav/domain/waitlist';
import { api } from '../../../lib/api-client';
import { WAITLIST_QUERY_KEY } from './get-waitlist';

/**
 * POST /waitlist { quantity, ticketTypeId? } → the place in line (1 = next); no type: the default. The server checks
 * the same schema.
 */
export async function joinWaitlist(input: {
  quantity: number;
  cap: number;
  ticketTypeId?: string | undefined;
}): Promise<{ position: number }> {
  const payload = joinWaitlistSchema(input.cap).parse({
    quantity: input.quantity,
    ...(input.ticketTypeId ? { ticketTypeId: input.ticketTypeId } : {}),
  });
  const { position } = joinWaitlistResponseSchema.parse(await api.post<unknown>('/waitlist', payload));
  return { position };
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
}
