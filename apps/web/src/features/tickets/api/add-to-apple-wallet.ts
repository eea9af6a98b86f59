import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/**
 * GET /tickets/{id}/wallet/apple → the .pkpass, saved as a file: Safari on iPhone opens a downloaded pass
 * in Wallet, and on other devices it lands in Downloads to be shared to an iPhone.
 */
export async function addToAppleWallet({ ticketId, ticketCode }: { ticketId: string; ticketCode: string }) {
  const { blob, filename } = await apiRequestBlob(`/tickets/${encodeURIComponent(ticketId)}/wallet/apple`);
  const pass = new Blob([blob], { type: 'application/vnd.apple.pkpass' });
  saveBlob(pass, filename ?? `Utsav-${ticketCode}.pkpass`);
}

export function useAddToAppleWallet() {
  return useMutation({ mutationFn: addToAppleWallet });
}
