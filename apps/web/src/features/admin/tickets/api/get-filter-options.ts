import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoCodeListAnswerSchema } from '@utsav/domain/api/promo-codes';
import { ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { typeName } from '@utsav/domain/ticket-types';
import { api } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';

/** What the list can be filtered by: the event's types with their phases, and its codes (ids and names). */
export interface FilterOptions {
  types: { id: string; name: string; phases: { id: string; label: string }[] }[];
  codes: { id: string; code: string }[];
}

/** GET /admin/ticket-types and GET /admin/promo-codes, read for their names only. */
export async function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  const [types, codes] = await Promise.all([
    api.get<unknown>('/admin/ticket-types', { signal }),
    api.get<unknown>('/admin/promo-codes', { signal }),
  ]);
  return {
    types: ticketTypeListAnswerSchema.parse(types).ticketTypes.map((type) => ({
      id: type.id,
      // In the reader's language, as the ticket rows name it.
      name: typeName(type, currentLanguage()),
      phases: type.phases.map((phase) => ({ id: phase.id, label: phase.label })),
    })),
    codes: promoCodeListAnswerSchema
      .parse(codes)
      .promoCodes.map((code) => ({ id: code.id, code: code.code })),
  };
}

export function useFilterOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'tickets', 'filter-options', currentLanguage()],
      queryFn: ({ signal }) => getFilterOptions(signal),
      staleTime: 60_000,
    }),
  );
}
