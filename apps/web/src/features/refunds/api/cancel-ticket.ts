import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelResponseSchema, type Refund } from '@utsav/domain/api/refunds';
import { cancelTicketSchema } from '@utsav/domain/refund-schemas';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY, TICKETS_QUERY_KEY } from '../../../lib/query-keys';
import { REFUNDS_QUERY_KEY } from './keys';

export { cancelTicketSchema };
export type CancelTicketInput = z.infer<typeof cancelTicketSchema> & { ticketId: string };

/** The call answered without a refund: nothing to show the guest but a retry. */
export class RefundNotInitiatedError extends Error {
  override readonly name = 'RefundNotInitiatedError';
}

/**
 * PATCH /tickets/cancel/{id} {reason}: the ticket is cancelled and its refund created; null when the ticket cost
 * nothing (a free pass, a 100% code), which is cancelled without a refund.
 */
export async function cancelTicket({ ticketId, reason }: CancelTicketInput): Promise<Refund | null> {
  const payload = cancelTicketSchema.parse({ reason });
  const body = await api.patch<unknown>(`/tickets/cancel/${encodeURIComponent(ticketId)}`, payload);
  const cancelled = cancelResponseSchema.safeParse(body);
  if (!cancelled.success) throw new RefundNotInitiatedError('The refund was not initiated');
  return cancelled.data.refund;
}

/** Cancelling changes the guest's tickets, refunds and the event's availability. */
export function useCancelTicket(options: { onSuccess?: (refund: Refund | null) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTicket,
    onSuccess: async (refund) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: REFUNDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
      ]);
      options.onSuccess?.(refund);
    },
  });
}
