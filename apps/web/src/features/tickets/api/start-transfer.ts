import { useMutation } from '@tanstack/react-query';
import { type TransferRequest, transferRequestSchema } from '@utsav/domain/transfer';
import { api } from '../../../lib/api-client';

export interface TransferCheckout {
  orderId: string;
  /** Rupees (Rs 50 per ticket); checkout.js wants paise. */
  amount: number;
  currency: string;
  key: string;
}

/** POST /tickets/{id}/transfer {recipientEmail, recipientName}: a Razorpay order for the fee. */
export async function startTransfer({
  ticketId,
  ...input
}: TransferRequest & { ticketId: string }): Promise<TransferCheckout> {
  const body = await api.post<TransferCheckout>(
    `/tickets/${encodeURIComponent(ticketId)}/transfer`,
    transferRequestSchema.parse(input),
  );
  return { orderId: body.orderId, amount: body.amount, currency: body.currency, key: body.key };
}

export function useStartTransfer() {
  return useMutation({ mutationFn: startTransfer });
}
