import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketAnswersResponseSchema } from '@utsav/domain/api/checkout-questions';
import { api } from '../../../../lib/api-client';

/** GET /admin/tickets/{id}/answers: what the buyer answered for this ticket at checkout. */
export function useTicketAnswers(ticketId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'tickets', ticketId, 'answers'],
      queryFn: async ({ signal }) =>
        ticketAnswersResponseSchema.parse(
          await api.get<unknown>(`/admin/tickets/${encodeURIComponent(ticketId)}/answers`, { signal }),
        ).answers,
    }),
  );
}
