import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from './api-client';
import { saveBlob } from './download';

/**
 * GET /tickets/orders/{orderId}/document: the order's tax invoice, bill of supply or receipt as a PDF, fetched
 * with the session (the buyer's on My Tickets, staff's in Ticket Management) and saved under the name the server
 * gives it (its number).
 */
export async function downloadOrderDocument(orderId: string): Promise<void> {
  const { blob, filename } = await apiRequestBlob(`/tickets/orders/${encodeURIComponent(orderId)}/document`);
  saveBlob(blob, filename ?? 'invoice.pdf');
}

export function useDownloadOrderDocument() {
  return useMutation({ mutationFn: downloadOrderDocument });
}
