import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_STATUSES, type TicketStatusValue } from '@utsav/domain/admin-tickets-schema';
import { type AdminTicket, type TicketPage, ticketPageResponseSchema } from '@utsav/domain/api/admin-tickets';
import { PAGE_SIZE } from '@utsav/domain/constants';
import { SHOWN_TICKET_STATUSES, type ShownTicketStatus } from '@utsav/domain/ticket-status';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

export { SHOWN_TICKET_STATUSES, TICKET_STATUSES };
/** A status staff can set (stored). */
export type TicketStatus = TicketStatusValue;
/** A status as the list shows it (@utsav/domain/ticket-status): a transferred ticket is 'transferred'. */
export type ShownStatus = ShownTicketStatus;

/** The list's filters beyond status and search: an id, `none` (phase, code: tickets without one), or '' for all. */
export const typeFiltersSchema = z.object({
  ticketTypeId: z.string().default(''),
  phaseId: z.string().default(''),
  promoCodeId: z.string().default(''),
});
export type TypeFilters = z.output<typeof typeFiltersSchema>;
export const NO_TYPE_FILTERS: TypeFilters = { ticketTypeId: '', phaseId: '', promoCodeId: '' };

/** The filters as query parameters, the same for the list and the export (the server's one schema reads both). */
export function filterParams(filters: TypeFilters & { status?: string; search?: string }): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.search) params.set('search', filters.search);
  if (filters.ticketTypeId) params.set('ticketTypeId', filters.ticketTypeId);
  if (filters.phaseId) params.set('phaseId', filters.phaseId);
  if (filters.promoCodeId) params.set('promoCodeId', filters.promoCodeId);
  return params;
}

/**
 * Query of GET /admin/tickets/management (docs/product.md#ticket-management): status, search, type, phase, code,
 * page, limit.
 */
export const ticketsQuerySchema = typeFiltersSchema.extend({
  status: z.enum(['all', ...SHOWN_TICKET_STATUSES]).default('all'),
  search: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type TicketsQuery = z.input<typeof ticketsQuerySchema>;

/** A ticket as the staff list shows it (@utsav/domain/api/admin-tickets). */
export type { AdminTicket };

/** One page of tickets (`pagination.totalTickets`: every ticket the filter matches). */
export type TicketsPage = Omit<TicketPage, 'success'>;

export async function getTickets(query: TicketsQuery, signal?: AbortSignal): Promise<TicketsPage> {
  const parsed = ticketsQuerySchema.parse(query);
  const params = filterParams(parsed);
  params.set('page', String(parsed.page));
  params.set('limit', String(parsed.limit));
  const { tickets, pagination } = ticketPageResponseSchema.parse(
    await api.get<unknown>(`/admin/tickets/management?${params}`, { signal }),
  );
  // An empty list is still one (empty) page to the pager.
  return { tickets, pagination: { ...pagination, total: Math.max(1, pagination.total) } };
}

export const ticketsQueryOptions = (query: TicketsQuery) =>
  queryOptions({
    queryKey: ['admin', 'tickets', 'list', ticketsQuerySchema.parse(query)],
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTickets(query: TicketsQuery) {
  return useQuery(ticketsQueryOptions(query));
}
