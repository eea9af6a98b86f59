import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { typeName } from '@utsav/domain/ticket-types';
import { api } from './api-client';
import { currentLanguage } from './i18n/language';

export type { AdminTicketType };

// The one reader of GET /admin/ticket-types in the web: the Ticket Types editor, the Promo Codes panel, manual
// issuance, Ticket Management's filters and the dashboard's figures per type all share this query (one request,
// one cache entry), each taking what it needs with `select`. Saving, reordering or issuing invalidates it.

export const TICKET_TYPES_QUERY_KEY = ['admin', 'ticket-types'] as const;

/** GET /admin/ticket-types: every type of the event (hidden and archived too), in order, with its sales. */
export async function getAdminTicketTypes(signal?: AbortSignal): Promise<AdminTicketType[]> {
  return ticketTypeListAnswerSchema.parse(await api.get<unknown>('/admin/ticket-types', { signal }))
    .ticketTypes;
}

export const adminTicketTypesQueryOptions = () =>
  queryOptions({
    queryKey: TICKET_TYPES_QUERY_KEY,
    queryFn: ({ signal }) => getAdminTicketTypes(signal),
    // Sales move while a screen is open; what an edit or an issuance starts from should be recent.
    staleTime: 10_000,
  });

/** Types still sold (archived ones left out), each named in the reader's language as every other screen does. */
export function sellableTypesNamed(types: readonly AdminTicketType[]): AdminTicketType[] {
  const language = currentLanguage();
  return types.filter((type) => !type.archived).map((type) => ({ ...type, name: typeName(type, language) }));
}

/** The types as stored, or what `select` takes of them (re-run on each render, so names follow the language). */
export function useAdminTicketTypes<T = AdminTicketType[]>(select?: (types: AdminTicketType[]) => T) {
  return useQuery({ ...adminTicketTypesQueryOptions(), select });
}
