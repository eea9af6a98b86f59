import { z } from 'zod';
import { QUESTION_KINDS } from '../checkout-questions';
import { lazySchema } from '../lazy-schema';

// GET/PUT /api/admin/checkout-questions, GET /event's `checkoutQuestions`, and the answers staff read back (a ticket's
// detail in Ticket Management, the gate's search result). Shapes only: the rules are ../checkout-questions and
// ../checkout-answers.

export const checkoutQuestionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(QUESTION_KINDS),
    label: z.string(),
    labelHi: z.string().nullable(),
    labelGu: z.string().nullable(),
    options: z.array(z.string()).nullable(),
    required: z.boolean(),
    perTicket: z.boolean(),
    ticketTypeIds: z.array(z.string()).nullable(),
  }),
);

export const checkoutQuestionsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    questions: z.array(checkoutQuestionSchema),
  }),
);
export type CheckoutQuestionsResponse = z.infer<typeof checkoutQuestionsResponseSchema>;

/** A question as GET /event sends it: labelled in the caller's language. */
export const askedQuestionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(QUESTION_KINDS),
    label: z.string(),
    options: z.array(z.string()).nullable(),
    required: z.boolean(),
    perTicket: z.boolean(),
    /** Null: asked in every order; else only in orders with a ticket of one of these types. */
    ticketTypeIds: z.array(z.string()).nullable(),
  }),
);

/** One answer given for a ticket (its order's answers and its own), as staff read it. */
export const ticketAnswerSchema = lazySchema(() =>
  z.object({
    questionId: z.string(),
    kind: z.enum(QUESTION_KINDS),
    /** The question's English label when it was answered. */
    label: z.string(),
    /** As a person reads it: '+91 98765 43210', 'Yes', the text. */
    value: z.string(),
    /** True when answered for this ticket alone; false: for the whole order. */
    perTicket: z.boolean(),
  }),
);
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

/** GET /admin/tickets/{id}/answers. */
export const ticketAnswersResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    answers: z.array(ticketAnswerSchema),
  }),
);
