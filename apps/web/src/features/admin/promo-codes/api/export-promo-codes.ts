import { useMutation } from '@tanstack/react-query';
import { apiRequestBlob } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/download';

/** GET /admin/promo-codes/export: each code with its use as CSV, saved as promo-codes.csv (read as bytes). */
export async function exportPromoCodes(): Promise<void> {
  const { blob } = await apiRequestBlob('/admin/promo-codes/export');
  saveBlob(blob, 'promo-codes.csv');
}

export function useExportPromoCodes() {
  return useMutation({ mutationFn: exportPromoCodes });
}
