import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoCodeListAnswerSchema } from '@utsav/domain/api/promo-codes';
import { typeName } from '@utsav/domain/ticket-types';
import { type AdminTicketType, useAdminTicketTypes } from '../../../../lib/admin-ticket-types';
import { api } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';

/** A type the list can be filtered by (archived ones too: their tickets are still listed), with its phases. */
export interface FilterType {
  id: string;
  name: string;
  phases: { id: string; label: string }[];
}

function filterTypes(types: AdminTicketType[]): FilterType[] {
  const language = currentLanguage();
  return types.map((type) => ({
    id: type.id,
    // In the reader's language, as the ticket rows name it.
    name: typeName(type, language),
    phases: type.phases.map((phase) => ({ id: phase.id, label: phase.label })),
  }));
}

/** The event's types, from the admin's one reader of GET /admin/ticket-types. */
export function useFilterTypes() {
  return useAdminTicketTypes(filterTypes);
}

/** GET /admin/promo-codes, read for the codes' names only. */
export async function getFilterCodes(signal?: AbortSignal): Promise<{ id: string; code: string }[]> {
  const answer = promoCodeListAnswerSchema.parse(await api.get<unknown>('/admin/promo-codes', { signal }));
  return answer.promoCodes.map((code) => ({ id: code.id, code: code.code }));
}

export function useFilterCodes() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'tickets', 'filter-codes'],
      queryFn: ({ signal }) => getFilterCodes(signal),
      staleTime: 60_000,
    }),
  );
}
