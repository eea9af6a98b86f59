import { z } from 'zod';
import { REASON_MAX_LENGTH } from './constants';
import { lazySchema } from './lazy-schema';
import { CANCEL_MESSAGES } from './refunds';

// Payloads of the cancel and refund calls (docs/product.md#cancellation).

export const cancelReasonSchema = lazySchema(() =>
  z
    .string({ error: CANCEL_MESSAGES.reasonRequired })
    .trim()
    .min(1, CANCEL_MESSAGES.reasonRequired)
    .max(REASON_MAX_LENGTH, CANCEL_MESSAGES.reasonTooLong),
);

export const cancelTicketSchema = lazySchema(() => z.object({ reason: cancelReasonSchema }));

export const refundCreateSchema = lazySchema(() =>
  z.object({
    ticketId: z.string({ error: 'ticketId is required' }).trim().min(1, 'ticketId is required').max(64),
    reason: cancelReasonSchema,
  }),
);
