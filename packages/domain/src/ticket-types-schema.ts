import { z } from 'zod';
import { EVENT_MESSAGES, parseSalesOpenAt } from './event-schema';
import { lazySchema } from './lazy-schema';

// POST /admin/ticket-types and PUT /admin/ticket-types/{id}: the Ticket Types editor and the server run this one
// schema, so a message under a field is what the server answers for it (details[].field, as the event form's).
// Money in rupees here; the server stores paise. Dates are IST wall-clock "YYYY-MM-DDTHH:MM" (what the form's
// date-time field gives) or ISO instants with their offset (what the API answers), stored as instants.

export const TICKET_TYPE_MESSAGES = {
  name: 'Ticket type name is required',
  /** The event form's template: whoever shows it fills {{max}} (fieldErrors' params). */
  nameTooLong: EVENT_MESSAGES.tooLong,
  price: 'Price must be a number of rupees, 0 or more',
  groupPrice4: 'Group price must be a number of rupees greater than 0',
  admits: 'Admits must be a whole number of people from 1 to 20',
  capacity: 'Capacity must be a whole number of tickets greater than 0',
  perPersonLimit: 'Per-person limit must be a whole number of tickets greater than 0',
  dateTime: 'Must be a date and time (IST), e.g. 2026-10-01T19:00',
  salesEndAfterStart: 'Sales must end after they start',
  colour: 'Colour must be a hex colour such as #C2410C',
  phaseLabel: 'Phase label is required',
  phaseQuantity: 'Phase quantity must be a whole number of tickets greater than 0',
  phasesTooMany: 'At most 10 price phases',
  phaseOpenEndedNotLast: 'Only the last phase may have neither an end date nor a quantity',
  phaseEndsInOrder: 'Each phase must end after the one before it',
  order: 'List every ticket type once, in the new order',
} as const;

const M = TICKET_TYPE_MESSAGES;

export const TICKET_TYPE_NAME_MAX = 80;
export const TICKET_TYPE_DESCRIPTION_MAX = 500;
export const PHASE_LABEL_MAX = 60;
export const MAX_PHASES = 10;
export const MAX_ADMITS = 20;
export const COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** A number (or a numeric string from a form field); '' and null read as "not set". */
const numeric = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

const rupees = (message: string, min: 'zero' | 'positive') => {
  const number = z.number({ error: message }).finite(message).max(10_000_000, message);
  return min === 'zero' ? number.min(0, message) : number.gt(0, message);
};

const wholeCount = (message: string, max = 1_000_000) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

/** Optional on create and edit: absent, null or '' all mean "none". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(numeric, schema.nullable()).optional();

/** An IST date-time field: '' or null for none; the instant as an ISO string. */
export const istDateTimeField = lazySchema(() =>
  z
    .string({ error: M.dateTime })
    .trim()
    .max(40, M.dateTime)
    .refine((value) => value === '' || parseSalesOpenAt(value) !== null, M.dateTime)
    .transform((value) => (value === '' ? null : parseSalesOpenAt(value)!.toISOString()))
    .nullish(),
);

const text = (max: number) => z.string().trim().max(max, M.nameTooLong);
const optionalName = lazySchema(() =>
  text(TICKET_TYPE_NAME_MAX)
    .transform((value) => (value === '' ? null : value))
    .nullish(),
);

export const phaseInputSchema = lazySchema(() =>
  z.object({
    label: z.string({ error: M.phaseLabel }).trim().min(1, M.phaseLabel).max(PHASE_LABEL_MAX, M.nameTooLong),
    price: z.preprocess(numeric, rupees(M.price, 'zero')),
    endsAt: istDateTimeField,
    quantity: optional(wholeCount(M.phaseQuantity)),
  }),
);

export type PhaseInput = z.infer<typeof phaseInputSchema>;

export const ticketTypeInputSchema = lazySchema(() =>
  z
    .object({
      name: z.string({ error: M.name }).trim().min(1, M.name).max(TICKET_TYPE_NAME_MAX, M.nameTooLong),
      nameHi: optionalName,
      nameGu: optionalName,
      description: text(TICKET_TYPE_DESCRIPTION_MAX).default(''),
      price: z.preprocess(numeric, rupees(M.price, 'zero')),
      groupPrice4: optional(rupees(M.groupPrice4, 'positive')),
      admits: z.preprocess(numeric, wholeCount(M.admits, MAX_ADMITS)).default(1),
      capacity: optional(wholeCount(M.capacity)),
      perPersonLimit: optional(wholeCount(M.perPersonLimit, 1000)),
      salesStart: istDateTimeField,
      salesEnd: istDateTimeField,
      colour: z.string({ error: M.colour }).trim().regex(COLOUR_PATTERN, M.colour).optional(),
      hidden: z.boolean({ error: 'Hidden must be on or off' }).default(false),
      paused: z.boolean({ error: 'Paused must be on or off' }).default(false),
      /** A type with sales is archived rather than deleted: kept for its tickets, no longer sold or listed. */
      archived: z.boolean({ error: 'Archived must be on or off' }).default(false),
      phases: z
        .array(phaseInputSchema, { error: 'phases must be a list' })
        .max(MAX_PHASES, M.phasesTooMany)
        .default([]),
    })
    .superRefine((type, ctx) => {
      if (type.salesStart && type.salesEnd && Date.parse(type.salesEnd) <= Date.parse(type.salesStart)) {
        ctx.addIssue({ code: 'custom', path: ['salesEnd'], message: M.salesEndAfterStart });
      }
      let lastEnd = Number.NEGATIVE_INFINITY;
      type.phases.forEach((phase, index) => {
        const openEnded = !phase.endsAt && (phase.quantity === null || phase.quantity === undefined);
        if (openEnded && index < type.phases.length - 1) {
          ctx.addIssue({
            code: 'custom',
            path: ['phases', index, 'endsAt'],
            message: M.phaseOpenEndedNotLast,
          });
        }
        if (phase.endsAt) {
          const end = Date.parse(phase.endsAt);
          if (end <= lastEnd)
            ctx.addIssue({ code: 'custom', path: ['phases', index, 'endsAt'], message: M.phaseEndsInOrder });
          lastEnd = Math.max(lastEnd, end);
        }
      });
    }),
);

export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

/** PUT /admin/ticket-types/order: every type of the event once, first to last. */
export const ticketTypeOrderSchema = lazySchema(() =>
  z.object({
    ids: z
      .array(z.string().trim().min(1).max(128), { error: M.order })
      .min(1, M.order)
      .max(100, M.order)
      .refine((ids) => new Set(ids).size === ids.length, M.order),
  }),
);

export type TicketTypeOrderInput = z.infer<typeof ticketTypeOrderSchema>;
