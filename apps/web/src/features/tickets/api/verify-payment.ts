import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type VerifyPaymentInput, verifyPaymentSchema } from '@utsav/domain/purchase-schema';
import { api } from '../../../lib/api-client';
import { type Ticket, toTickets } from '../types';
import { MY_TICKETS_QUERY_KEY } from './get-my-tickets';
import { PURCHASE_ALLOWANCE_QUERY_KEY } from './get-purchase-allowance';

export { type VerifyPaymentInput, verifyPaymentSchema };

/** The query key of GET /event (features/event); a purchase changes availableTickets. */
const EVENT_QUERY_KEY = ['event'] as const;

/** The server answered 2xx but did not confirm the payment. */
export class PaymentNotVerifiedError extends Error {
  override readonly name = 'PaymentNotVerifiedError';
}

export interface VerifiedPayment {
  tickets: Ticket[];
  orderId: string | null;
}

/** POST /tickets/verify-payment: the checkout's three signed ids; the server issues the tickets once. */
export async function verifyPayment(input: VerifyPaymentInput): Promise<VerifiedPayment> {
  const payload = verifyPaymentSchema.parse(input);
  const body = await api.post<{ success?: boolean; tickets?: unknown; orderId?: unknown; error?: unknown }>(
    '/tickets/verify-payment',
    payload,
  );
  if (!body?.success) {
    throw new PaymentNotVerifiedError(typeof body?.error === 'string' ? body.error : 'Payment not verified');
  }
  return {
    tickets: toTickets(body.tickets),
    orderId: typeof body.orderId === 'string' ? body.orderId : null,
  };
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
