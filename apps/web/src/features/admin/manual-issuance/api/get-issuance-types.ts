import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { typeName } from '@utsav/domain/ticket-types';
import { api } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';

export type IssuanceType = AdminTicketType;

/** GET /admin/ticket-types: the types staff may issue (hidden ones too), with what each has sold and holds. */
export async function getIssuanceTypes(signal?: AbortSignal): Promise<IssuanceType[]> {
  const answer = ticketTypeListAnswerSchema.parse(await api.get<unknown>('/admin/ticket-types', { signal }));
  // Named in the reader's language (the organiser's Hindi or Gujarati name when given), as every other screen does.
  return answer.ticketTypes
    .filter((type) => !type.archived)
    .map((type) => ({ ...type, name: typeName(type, currentLanguage()) }));
}

export function useIssuanceTypes() {
  return useQuery(
    queryOptions({
      // Under 'admin': an issuance invalidates it, so the next one starts from the new figures.
      queryKey: ['admin', 'manual-issuance', 'types', currentLanguage()],
      queryFn: ({ signal }) => getIssuanceTypes(signal),
      staleTime: 0,
    }),
  );
}
