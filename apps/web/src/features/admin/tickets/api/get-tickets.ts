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

/** Query of GET /admin/tickets/management (docs/product.md#ticket-management): status, search, page, limit. */
export const ticketsQuerySchema = z.object({
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
  const { status, search, page, limit } = ticketsQuerySchema.parse(query);
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (status !== 'all') params.set('status', status);
  if (search) params.set('search', search);
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
