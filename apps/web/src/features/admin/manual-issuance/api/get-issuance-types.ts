import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { api } from '../../../../lib/api-client';

export type IssuanceType = AdminTicketType;

/** GET /admin/ticket-types: the types staff may issue (hidden ones too), with what each has sold and holds. */
export async function getIssuanceTypes(signal?: AbortSignal): Promise<IssuanceType[]> {
  const answer = ticketTypeListAnswerSchema.parse(await api.get<unknown>('/admin/ticket-types', { signal }));
  return answer.ticketTypes.filter((type) => !type.archived);
}

export function useIssuanceTypes() {
  return useQuery(
    queryOptions({
      // Under 'admin': an issuance invalidates it, so the next one starts from the new figures.
      queryKey: ['admin', 'manual-issuance', 'types'],
      queryFn: ({ signal }) => getIssuanceTypes(signal),
      staleTime: 0,
    }),
  );
}
