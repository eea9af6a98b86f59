import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';

export const exportFormatSchema = z.enum(['csv', 'json']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/**
 * GET /admin/tickets/export?format=csv|json, saved as tickets.csv or tickets.json. Read as bytes, not parsed:
 * the server streams the file, and a 50,000-ticket export should not become a JavaScript object first.
 */
export async function exportTickets(format: ExportFormat): Promise<void> {
  const { blob } = await apiRequestBlob(`/admin/tickets/export?format=${exportFormatSchema.parse(format)}`);
  saveBlob(blob, `tickets.${format}`);
}

export function useExportTickets() {
  return useMutation({ mutationFn: exportTickets });
}
