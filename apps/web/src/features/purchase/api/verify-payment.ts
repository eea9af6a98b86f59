import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type VerifiedPayment, verifiedPaymentSchema } from '@utsav/domain/api/purchase';
import type { Ticket } from '@utsav/domain/api/tickets';
import { type VerifyPaymentInput, verifyPaymentSchema } from '@utsav/domain/purchase-schema';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY, MY_TICKETS_QUERY_KEY } from '../../../lib/query-keys';
import { PURCHASE_ALLOWANCE_QUERY_KEY } from './get-purchase-allowance';

export { type VerifyPaymentInput, verifyPaymentSchema };

/** The server answered 2xx but did not confirm the payment. */
export class PaymentNotVerifiedError extends Error {
  override readonly name = 'PaymentNotVerifiedError';
}

/** POST /tickets/verify-payment: the checkout's three signed ids; the server issues the tickets once. */
export async function verifyPayment(input: VerifyPaymentInput): Promise<VerifiedPayment> {
  const payload = verifyPaymentSchema.parse(input);
  const verified = verifiedPaymentSchema.safeParse(
    await api.post<unknown>('/tickets/verify-payment', payload),
  );
  if (!verified.success) throw new PaymentNotVerifiedError('Payment not verified');
  return verified.data;
}

/** The list with the newly issued tickets first (newest first, as the server sends it), none twice. */
export function withNewTickets(current: Ticket[] | undefined, issued: Ticket[]): Ticket[] {
  const ids = new Set(issued.map((ticket) => ticket.id));
  return [...issued, ...(current ?? []).filter((ticket) => !ids.has(ticket.id))];
}

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: async (verified) => {
      // The answer carries the new tickets: My Tickets shows them at once, before the refetch below lands
      // (a guest tapping 'View My Tickets' never sees the old list).
      if (verified.tickets.length > 0) {
        queryClient.setQueryData<Ticket[]>(MY_TICKETS_QUERY_KEY, (current) =>
          withNewTickets(current, verified.tickets),
        );
      }
      // New tickets, and fewer available: both views are stale now. Not awaited, so a slow refetch never
      // holds back the move to /payment-success.
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PURCHASE_ALLOWANCE_QUERY_KEY });
    },
  });
}
