import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TransferRecord, transferListSchema } from '@utsav/domain/api/transfer';
import { api } from '../../../../lib/api-client';

/** One transfer as ticket management lists it. */
export type AdminTransfer = TransferRecord;

export const TRANSFERS_QUERY_KEY = ['admin', 'transfers'] as const;

/** GET /tickets/admin/transfers: every transfer, newest first (the history in ticket management). */
export async function getTransfers(signal?: AbortSignal): Promise<AdminTransfer[]> {
  return transferListSchema.parse(await api.get<unknown>('/tickets/admin/transfers', { signal })).transfers;
}

export const transfersQueryOptions = () =>
  queryOptions({ queryKey: TRANSFERS_QUERY_KEY, queryFn: ({ signal }) => getTransfers(signal) });

export function useTransfers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...transfersQueryOptions(), enabled: options.enabled ?? true });
}
