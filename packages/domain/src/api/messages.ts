import { z } from 'zod';
import { MESSAGE_AUDIENCES } from '../guest-messages';
import { LANGUAGES } from '../languages';
import { lazySchema } from '../lazy-schema';

// POST/GET /api/admin/messages, GET /api/admin/messages/{id} and POST /api/admin/messages/preview. Shapes only:
// the rules are ../guest-messages.

export const guestMessageSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    subject: z.string(),
    audience: z.enum(MESSAGE_AUDIENCES),
    ticketTypeIds: z.array(z.string()),
    /** Sent only to the admin who asked. */
    test: z.boolean(),
    /** The languages it is written in, English first. */
    languages: z.array(z.enum(LANGUAGES)),
    sentBy: z.object({ id: z.string().nullable(), name: z.string() }),
    createdAt: z.string(),
    /** People it was sent to, one mail each. */
    recipients: z.number(),
    /** Mails still waiting in the outbox (retries included). */
    queued: z.number(),
    sent: z.number(),
    /** Mails the outbox gave up on. */
    failed: z.number(),
  }),
);
export type GuestMessageSummary = z.infer<typeof guestMessageSummarySchema>;

export const guestMessageDetailSchema = lazySchema(() =>
  guestMessageSummarySchema.extend({
    body: z.string(),
    subjectHi: z.string().nullable(),
    bodyHi: z.string().nullable(),
    subjectGu: z.string().nullable(),
    bodyGu: z.string().nullable(),
  }),
);
export type GuestMessageDetail = z.infer<typeof guestMessageDetailSchema>;

export const guestMessageAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: guestMessageDetailSchema,
  }),
);
export type GuestMessageAnswer = z.infer<typeof guestMessageAnswerSchema>;

export const guestMessageListAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    messages: z.array(guestMessageSummarySchema),
  }),
);
export type GuestMessageListAnswer = z.infer<typeof guestMessageListAnswerSchema>;

export const guestMessagePreviewAnswerSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    /** How many people the message would go to now (one each, however many tickets they hold). */
    recipients: z.number(),
    /** The mail as the admin who asks would receive it in the chosen language. */
    email: z.object({
      language: z.enum(LANGUAGES),
      subject: z.string(),
      html: z.string(),
      text: z.string(),
    }),
  }),
);
export type GuestMessagePreviewAnswer = z.infer<typeof guestMessagePreviewAnswerSchema>;
