import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferVerifySchema } from '@utsav/domain/transfer';
import { api } from '../../../lib/api-client';
import type { CheckoutSuccess } from '../checkout/razorpay';
import { type Ticket, toTicket } from '../types';
import { MY_TICKETS_QUERY_KEY } from './get-my-tickets';

/** POST /tickets/transfer/verify-payment: the sender's ticket, now transferred. */
export async function verifyTransferPayment(input: CheckoutSuccess): Promise<Ticket | null> {
  const body = await api.post<{ ticket?: unknown }>(
    '/tickets/transfer/verify-payment',
    transferVerifySchema.parse(input),
  );
  return toTicket(body?.ticket);
}

export function useVerifyTransferPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTransferPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY });
    },
  });
}
