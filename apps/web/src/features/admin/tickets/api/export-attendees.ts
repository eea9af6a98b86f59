import { useMutation } from '@tanstack/react-query';
import { attendeeExportQuerySchema } from '@utsav/domain/api/attendees';
import { apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';
import type { ExportFormat } from './export-tickets';

/**
 * GET /admin/attendees/export?format=csv|json: who is coming, one row per ticket with the checkout answers, saved
 * as attendees.csv or attendees.json. Read as bytes, like the ticket export: the server streams it.
 */
export async function exportAttendees(format: ExportFormat): Promise<void> {
  const query = attendeeExportQuerySchema.parse({ format });
  const { blob } = await apiRequestBlob(`/admin/attendees/export?format=${query.format}`);
  saveBlob(blob, `attendees.${query.format}`);
}

export function useExportAttendees() {
  return useMutation({ mutationFn: exportAttendees });
}
