import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { pageQuerySchema } from './page-query';
import { SHOWN_TICKET_STATUSES, type ShownTicketStatus } from './ticket-status';

// Payloads of the staff ticket calls (docs/product.md#ticket-management).

export const TICKET_STATUSES = ['active', 'used', 'cancelled'] as const;
export type TicketStatusValue = (typeof TICKET_STATUSES)[number];

/** Most tickets one bulk update, PDF or zip call takes. */
export const MAX_TICKETS_PER_CALL = 500;

export const BULK_UPDATE_MESSAGE = 'Please select tickets and status';

/** A template: the error handler fills {{max}} from the refusal's limit. */
export const TOO_MANY_TICKETS_MESSAGE = 'At most {{max}} tickets at a time';

const status = (message: string) => z.enum(TICKET_STATUSES, { error: message });

/** PATCH /tickets/admin/{id}/status. */
export const ticketStatusChangeSchema = lazySchema(() =>
  z.object({
    status: status('Status must be one of active, used, cancelled'),
    /** The status the admin saw when confirming; when given, a ticket that moved on meanwhile is refused. */
    expectedStatus: status('Status must be one of active, used, cancelled').optional(),
  }),
);

const UNDO_MESSAGE = 'Please name the status change to undo';
const changeId = lazySchema(() =>
  z.string({ error: UNDO_MESSAGE }).trim().min(1, UNDO_MESSAGE).max(64, UNDO_MESSAGE),
);

/** POST /tickets/admin/{id}/status/undo: takes back the single status change `changeId` names. */
export const ticketStatusUndoSchema = lazySchema(() => z.object({ changeId }));

const ticketIds = (message: string) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(64, message), { error: message })
    .min(1, message)
    .max(MAX_TICKETS_PER_CALL, TOO_MANY_TICKETS_MESSAGE);

/** PATCH /admin/tickets/bulk-update. */
export const bulkStatusUpdateSchema = lazySchema(() =>
  z.object({
    ticketIds: ticketIds(BULK_UPDATE_MESSAGE),
    status: status(BULK_UPDATE_MESSAGE),
  }),
);

/** POST /tickets/admin/generate-pdf and generate-separate-pdfs. */
export const ticketDocumentsSchema = lazySchema(() =>
  z.object({
    ticketIds: ticketIds('Please choose the tickets to download'),
  }),
);

/**
 * POST /admin/tickets/bulk-update/undo: takes back a bulk update, every change it answered (ticket and change),
 * all or nothing.
 */
export const bulkStatusUndoSchema = lazySchema(() =>
  z.object({
    changes: z
      .array(
        z.object({
          ticketId: z.string({ error: UNDO_MESSAGE }).trim().min(1, UNDO_MESSAGE).max(64, UNDO_MESSAGE),
          changeId,
        }),
        { error: UNDO_MESSAGE },
      )
      .min(1, UNDO_MESSAGE)
      .max(MAX_TICKETS_PER_CALL, TOO_MANY_TICKETS_MESSAGE),
  }),
);

// ---- GET /admin/tickets/management and GET /admin/tickets/export: one set of filters for the list, its count and the
// export, so what the screen shows is what the file holds.

/** A filter value meaning "tickets without one" (no price phase: hand-issued or priced by the type; no code). */
export const NO_FILTER_VALUE = 'none';

const filterId = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(64, message).optional();

export const TICKET_FILTER_MESSAGES = {
  status: 'Status must be one of active, used, cancelled, transferred or all',
  search: 'Search must be at most 100 characters',
  ticketType: 'Please choose a ticket type',
  phase: 'Please choose a price phase',
  promoCode: 'Please choose a promo code',
  format: 'Format must be csv or json',
} as const;

const F = TICKET_FILTER_MESSAGES;

/** The filters every staff list of tickets takes; absent or blank: not filtered. */
export const ticketFilterQuerySchema = lazySchema(() =>
  z.object({
    // As shown (ticket-status.ts): 'transferred' lists tickets revoked by a transfer, which 'cancelled' leaves out.
    status: z.enum([...SHOWN_TICKET_STATUSES, 'all', ''], { error: F.status }).optional(),
    search: z.string({ error: F.search }).trim().max(100, F.search).optional(),
    /** A type's id. */
    ticketTypeId: filterId(F.ticketType),
    /** A phase's id, or `none`: tickets sold at no phase. */
    phaseId: filterId(F.phase),
    /** A code's id, or `none`: tickets that took no code. */
    promoCodeId: filterId(F.promoCode),
  }),
);

export const ticketListQuerySchema = lazySchema(() => ticketFilterQuerySchema.extend(pageQuerySchema.shape));

export const ticketExportQuerySchema = lazySchema(() =>
  ticketFilterQuerySchema.extend({
    format: z.enum(['csv', 'json'], { error: F.format }).default('csv'),
  }),
);

export type TicketFilterQuery = z.infer<typeof ticketFilterQuerySchema>;

/** The filter as the server's queries take it: 'all' and blanks mean no filter. */
export interface TicketFilter {
  status?: ShownTicketStatus | undefined;
  search?: string | undefined;
  ticketTypeId?: string | undefined;
  phaseId?: string | undefined;
  promoCodeId?: string | undefined;
}

export function ticketFilterOf(query: TicketFilterQuery): TicketFilter {
  return {
    status: query.status === 'all' || query.status === '' ? undefined : query.status,
    search: query.search || undefined,
    ticketTypeId: query.ticketTypeId,
    phaseId: query.phaseId,
    promoCodeId: query.promoCodeId,
  };
}
