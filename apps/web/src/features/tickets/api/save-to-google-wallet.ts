import { useMutation } from '@tanstack/react-query';
import { googleWalletLinkResponseSchema } from '@utsav/domain/api/wallet';
import { api } from '../../../lib/api-client';

/** GET /tickets/{id}/wallet/google → Google's "save" page for this ticket, opened in this tab. */
export async function saveToGoogleWallet({ ticketId }: { ticketId: string }): Promise<string> {
  const { url } = googleWalletLinkResponseSchema.parse(
    await api.get<unknown>(`/tickets/${encodeURIComponent(ticketId)}/wallet/google`),
  );
  // In this tab: a new window opened after an await is blocked as a pop-up on phones.
  window.location.assign(url);
  return url;
}

export function useSaveToGoogleWallet() {
  return useMutation({ mutationFn: saveToGoogleWallet });
}
