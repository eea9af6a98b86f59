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

/**
 * GET /tickets/documents?number=…: a document no checkout order reaches (tickets staff issued with payment
 * received, a transfer's fee and its credit note), by the number the ticket's view carries.
 */
export async function downloadNumberedDocument(number: string): Promise<void> {
  const { blob, filename } = await apiRequestBlob(`/tickets/documents?number=${encodeURIComponent(number)}`);
  saveBlob(blob, filename ?? 'invoice.pdf');
}

export function useDownloadNumberedDocument() {
  return useMutation({ mutationFn: downloadNumberedDocument });
}
