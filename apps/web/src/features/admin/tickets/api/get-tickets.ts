import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_STATUSES, type TicketStatusValue } from '@utsav/domain/admin-tickets-schema';
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

export interface AdminTicket {
  id: string;
  ticketId: string;
  userName: string;
  userEmail: string;
  eventName: string;
  price: number;
  status: ShownStatus;
  /** A refund holds this ticket's money: it can never be re-activated. */
  refunded: boolean;
  /** Issued by an order (bought online): never deleted. */
  fromOrder: boolean;
  receivedByTransfer: boolean;
  /** For a ticket issued by hand: its cash or UPI payment was received. */
  paymentReceived: boolean;
  /** Given to someone else: to whom and when. */
  transfer: { toName: string; at: string } | null;
  createdAt: string | null;
  cancellationReason: string | null;
  cancelledAt: string | null;
  /** The first admission (entry time) and who scanned it. */
  usedAt: string | null;
  scannedBy: string | null;
  issuedByAdmin: boolean;
  issuedBy: string | null;
  notes: string | null;
}

export interface TicketsPage {
  tickets: AdminTicket[];
  pagination: { current: number; total: number; count: number; totalItems: number };
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function toAdminTicket(raw: unknown): AdminTicket | null {
  const ticket = obj(raw);
  const id = text(ticket.id) ?? text(ticket._id);
  if (!id) return null;
  const user = obj(ticket.user);
  const metadata = obj(ticket.metadata);
  const status = (SHOWN_TICKET_STATUSES as readonly string[]).includes(String(ticket.status))
    ? (ticket.status as ShownStatus)
    : 'active';
  const transfer = obj(ticket.transfer);
  return {
    id,
    ticketId: text(ticket.ticketId) ?? id,
    userName: text(user.name) ?? '—',
    userEmail: text(user.email) ?? '',
    eventName: text(ticket.eventName) ?? text(obj(ticket.event).name) ?? '—',
    price: Number(ticket.price) || 0,
    status,
    refunded: ticket.refunded === true,
    fromOrder: ticket.fromOrder === true,
    receivedByTransfer: ticket.receivedByTransfer === true,
    paymentReceived: ticket.paymentReceived === true,
    transfer:
      text(transfer.toName) && text(transfer.at)
        ? { toName: text(transfer.toName)!, at: text(transfer.at)! }
        : null,
    createdAt: text(ticket.createdAt),
    cancellationReason: text(ticket.cancellationReason),
    cancelledAt: text(ticket.cancelledAt),
    usedAt: text(ticket.usedAt),
    scannedBy: text(obj(ticket.scannedBy).name),
    issuedByAdmin: metadata.issuedByAdmin === true,
    issuedBy: text(obj(metadata.issuedBy).name),
    notes: text(metadata.notes),
  };
}

export async function getTickets(query: TicketsQuery, signal?: AbortSignal): Promise<TicketsPage> {
  const { status, search, page, limit } = ticketsQuerySchema.parse(query);
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (status !== 'all') params.set('status', status);
  if (search) params.set('search', search);
  const body = await api.get<Raw>(`/admin/tickets/management?${params}`, { signal });
  const data = obj(body?.data);
  const rawTickets = (
    Array.isArray(body?.tickets) ? body.tickets : Array.isArray(data.tickets) ? data.tickets : []
  ) as unknown[];
  const tickets = rawTickets.map(toAdminTicket).filter((ticket): ticket is AdminTicket => ticket !== null);
  const pagination = obj(body?.pagination ?? data.pagination);
  const n = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return {
    tickets,
    pagination: {
      current: n(pagination.current, 1),
      total: Math.max(1, n(pagination.total, 1)),
      count: n(pagination.count, tickets.length),
      totalItems: n(pagination.totalTickets, tickets.length),
    },
  };
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
