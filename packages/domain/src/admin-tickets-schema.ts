import { z } from 'zod';

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
export const ticketStatusChangeSchema = z.object({
  status: status('Status must be one of active, used, cancelled'),
  /** The status the admin saw when confirming; when given, a ticket that moved on meanwhile is refused. */
  expectedStatus: status('Status must be one of active, used, cancelled').optional(),
});

const UNDO_MESSAGE = 'Please name the status change to undo';
const changeId = z.string({ error: UNDO_MESSAGE }).trim().min(1, UNDO_MESSAGE).max(64, UNDO_MESSAGE);

/** POST /tickets/admin/{id}/status/undo: takes back the single status change `changeId` names. */
export const ticketStatusUndoSchema = z.object({ changeId });

const ticketIds = (message: string) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(64, message), { error: message })
    .min(1, message)
    .max(MAX_TICKETS_PER_CALL, TOO_MANY_TICKETS_MESSAGE);

/** PATCH /admin/tickets/bulk-update. */
export const bulkStatusUpdateSchema = z.object({
  ticketIds: ticketIds(BULK_UPDATE_MESSAGE),
  status: status(BULK_UPDATE_MESSAGE),
});

/** POST /tickets/admin/generate-pdf and generate-separate-pdfs. */
export const ticketDocumentsSchema = z.object({
  ticketIds: ticketIds('Please choose the tickets to download'),
});

/**
 * POST /admin/tickets/bulk-update/undo: takes back a bulk update, every change it answered (ticket and change),
 * all or nothing.
 */
export const bulkStatusUndoSchema = z.object({
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
});
