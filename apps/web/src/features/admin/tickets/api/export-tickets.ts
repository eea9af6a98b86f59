import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';
import { filterParams, type TypeFilters } from './get-tickets';

export const exportFormatSchema = z.enum(['csv', 'json']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/**
 * GET /admin/tickets/export?format=csv|json with the list's filters (the file holds what the list shows), saved as
 * tickets.csv or tickets.json. Read as bytes, not parsed: the server streams the file, and a 50,000-ticket export
 * should not become a JavaScript object first.
 */
export async function exportTickets(input: {
  format: ExportFormat;
  filters: TypeFilters & { status: string; search: string };
}): Promise<void> {
  const params = filterParams(input.filters);
  params.set('format', exportFormatSchema.parse(input.format));
  const { blob } = await apiRequestBlob(`/admin/tickets/export?${params}`);
  saveBlob(blob, `tickets.${input.format}`);
}

export function useExportTickets() {
  return useMutation({ mutationFn: exportTickets });
}
