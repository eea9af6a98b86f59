import { useInfiniteQuery } from '@tanstack/react-query';
import { type AuditPage, auditPageResponseSchema } from '@utsav/domain/api/audit';
import { api } from '../../../../lib/api-client';
import { currentLanguage } from '../../../../lib/i18n/language';

/** The viewer's filters as typed; blanks are no filter. */
export interface AuditFilters {
  action: string;
  userId: string;
  ticketId: string;
  orderId: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', userId: '', ticketId: '', orderId: '' };

/** GET /admin/audit: one page, newest first, below `before` (the previous page's `next`). */
export async function getAuditPage(
  filters: AuditFilters,
  before: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
  if (before) params.set('before', before);
  const query = params.size > 0 ? `?${params}` : '';
  return auditPageResponseSchema.parse(await api.get<unknown>(`/admin/audit${query}`, { signal }));
}

/** The pages read so far for these filters; 'Load more' asks for the next below the last. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    // The server words the entries in the reader's language: another language is another page.
    queryKey: ['admin', 'audit', filters, currentLanguage()] as const,
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
