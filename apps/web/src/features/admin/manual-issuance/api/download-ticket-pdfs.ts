import { useMutation } from '@tanstack/react-query';
import { ticketDocumentsSchema } from '@utsav/domain/admin-tickets-schema';
import { istDate } from '@utsav/domain/time';
import { apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';

export const ticketPdfsSchema = ticketDocumentsSchema;

/** 'Priya Shah' on 2026-11-21 → priya-shah-tickets-2026-11-21.zip, when the server names no file. */
export function fallbackZipName(recipient: string, now = new Date()): string {
  const slug =
    recipient
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-') || 'tickets';
  return `${slug}-tickets-${istDate(now)}.zip`;
}

/**
 * POST /tickets/admin/generate-separate-pdfs {ticketIds} → a zip with one PDF per ticket, saved under the
 * name the server's Content-Disposition gives, else the recipient's name and the date.
 */
export async function downloadTicketPdfs({
  ticketIds,
  recipient,
}: {
  ticketIds: string[];
  recipient: string;
}) {
  const { blob, filename } = await apiRequestBlob('/tickets/admin/generate-separate-pdfs', {
    method: 'POST',
    body: ticketPdfsSchema.parse({ ticketIds }),
  });
  const name = filename ?? fallbackZipName(recipient);
  saveBlob(blob, name);
  return name;
}

export function useDownloadTicketPdfs() {
  return useMutation({ mutationFn: downloadTicketPdfs });
}
