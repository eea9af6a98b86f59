import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';

/** The organiser's tax settings as GET/PUT /admin/tax-settings answer them (amounts in rupees). */
export interface TaxSettings {
  registered: boolean;
  gstin: string | null;
  stateCode: string | null;
  legalName: string | null;
  tradeName: string | null;
  address: string | null;
  sacCode: string;
  sacDescription: string;
  ratePercent: number;
  exemptUpToPerPerson: number;
  invoicePrefix: string;
  pricesIncludeTax: boolean;
  placeOfSupplyStateCode: string | null;
}

export interface TaxSettingsAnswer {
  settings: TaxSettings;
  /** null until an admin first saves them (the defaults are shown). */
  updatedAt: string | null;
}

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

/** GET /admin/gst/export?month=YYYY-MM&format=csv, saved as the file the server names (gst-2026-10.csv). */
export async function downloadGstExport(month: string): Promise<void> {
  const params = new URLSearchParams({ month, format: 'csv' });
  const { blob, filename } = await apiRequestBlob(`/admin/gst/export?${params}`);
  saveBlob(blob, filename ?? `gst-${month}.csv`);
}

export function useDownloadGstExport() {
  return useMutation({ mutationFn: downloadGstExport });
}
