import { useMutation } from '@tanstack/react-query';
import { type TransferCheckout, transferCheckoutSchema } from '@utsav/domain/api/transfer';
import { type TransferRequest, transferRequestSchema } from '@utsav/domain/transfer';
import { api } from '../../../lib/api-client';

/** POST /tickets/{id}/transfer {recipientEmail, recipientName}: a Razorpay order for the fee. */
export async function startTransfer({
  ticketId,
  ...input
}: TransferRequest & { ticketId: string }): Promise<TransferCheckout> {
  const body = await api.post<unknown>(
    `/tickets/${encodeURIComponent(ticketId)}/transfer`,
    transferRequestSchema.parse(input),
  );
  return transferCheckoutSchema.parse(body);
}

export function useStartTransfer() {
  return useMutation({ mutationFn: startTransfer });
}
