import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export interface AdminTransfer {
  id: string;
  status: 'created' | 'completed' | 'failed' | 'expired';
  ticketId: string;
  newTicketId: string | null;
  from: { name: string; email: string };
  to: { name: string; email: string };
  fee: number;
  failureReason: string | null;
  createdAt: string;
  completedAt: string | null;
}

export const TRANSFERS_QUERY_KEY = ['admin', 'transfers'] as const;

/** GET /tickets/admin/transfers: every transfer, newest first (the history in ticket management). */
export async function getTransfers(signal?: AbortSignal): Promise<AdminTransfer[]> {
  const body = await api.get<{ transfers?: AdminTransfer[] }>('/tickets/admin/transfers', { signal });
  return Array.isArray(body?.transfers) ? body.transfers : [];
}

export const transfersQueryOptions = () =>
  queryOptions({ queryKey: TRANSFERS_QUERY_KEY, queryFn: ({ signal }) => getTransfers(signal) });

export function useTransfers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...transfersQueryOptions(), enabled: options.enabled ?? true });
}
