import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxSettingsView as TaxSettings, TaxSettingsAnswer } from '@utsav/domain/api/tax';
import { api, apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';

export type { TaxSettings, TaxSettingsAnswer };

export const taxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'tax-settings'],
    queryFn: ({ signal }) => api.get<TaxSettingsAnswer>('/admin/tax-settings', { signal }),
    // The form starts from what is stored now.
    staleTime: 0,
  });

export function useTaxSettings() {
  return useQuery(taxSettingsQueryOptions());
}

/** PUT /admin/tax-settings: the whole settings, checked by the server with the same schema as the form. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put<TaxSettingsAnswer>('/admin/tax-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(taxSettingsQueryOptions().queryKey, saved),
  });
}

/**
 * GET /admin/gst/export?month=YYYY-MM&format=csv|zip, saved as the file the server names (gst-2026-10.csv, or the
 * month's documents as PDFs in one zip).
 */
export async function downloadGstExport({ month, format }: GstExportRequest): Promise<void> {
  const params = new URLSearchParams({ month, format });
  const { blob, filename } = await apiRequestBlob(`/admin/gst/export?${params}`);
  saveBlob(blob, filename ?? `gst-${month}.${format}`);
}

export interface GstExportRequest {
  month: string;
  format: 'csv' | 'zip';
}

export function useDownloadGstExport() {
  return useMutation({ mutationFn: downloadGstExport });
}
