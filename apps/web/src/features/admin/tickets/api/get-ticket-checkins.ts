import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** One pass through a gate: an entry or (re-entry on) an exit. */
export interface TicketPass {
  direction: 'in' | 'out';
  at: string;
  gate: string | null;
  deviceId: string | null;
  scannedBy: { name: string } | null;
  method: 'scan' | 'typed' | 'search';
  offline: boolean;
}

/** GET /admin/tickets/:id/checkins: the ticket's entries and exits, oldest first. */
export async function getTicketCheckins(id: string, signal?: AbortSignal): Promise<TicketPass[]> {
  const body = await api.get<{ history?: TicketPass[] }>(
    `/admin/tickets/${encodeURIComponent(id)}/checkins`,
    {
      signal,
    },
  );
  return Array.isArray(body?.history) ? body.history : [];
}

export const ticketCheckinsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tickets', id, 'checkins'],
    queryFn: ({ signal }) => getTicketCheckins(id, signal),
  });

export function useTicketCheckins(id: string) {
  return useQuery(ticketCheckinsQueryOptions(id));
}
