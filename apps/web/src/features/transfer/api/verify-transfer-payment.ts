import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@utsav/domain/api/tickets';
import { transferVerifiedSchema } from '@utsav/domain/api/transfer';
import { transferVerifySchema } from '@utsav/domain/transfer';
import { api } from '../../../lib/api-client';
import { MY_TICKETS_QUERY_KEY } from '../../../lib/query-keys';
import type { CheckoutSuccess } from '../../../lib/razorpay';

/** POST /tickets/transfer/verify-payment: the sender's ticket, now transferred. */
export async function verifyTransferPayment(input: CheckoutSuccess): Promise<Ticket> {
  const body = await api.post<unknown>('/tickets/transfer/verify-payment', transferVerifySchema.parse(input));
  return transferVerifiedSchema.parse(body).ticket;
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
