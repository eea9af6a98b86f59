import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE_PX } from './constants';
import { isIsoDate, istInstant, minutesOfDay, TIME_PATTERN } from './time';

// The event form's rules and messages (docs/product.md#event-manager). The web form and POST/PUT /event run this same schema,
// so a message shown under a field is exactly what the server would answer for it.

export const EVENT_MESSAGES = {
  name: 'Event name is required',
  dateRequired: 'Event date is required',
  datePast: 'Event date cannot be in the past',
  venue: 'Event venue is required',
  description: 'Event description is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  startFormat: 'Start time must be in HH:MM format (e.g., 18:00)',
  endFormat: 'End time must be in HH:MM format (e.g., 22:00)',
  endAfterStart: 'End time must be after start time',
  ticketPrice: 'Valid ticket price is required (must be greater than 0)',
  groupPrice4: 'Valid group price for 4+ tickets is required (must be greater than 0)',
  totalTickets: 'Valid total tickets count is required (must be greater than 0)',
  image: 'Invalid image format. Please upload a valid image file.',
  imagePick: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  imageSize: 'Image file size must be less than 5MB',
  imageDimensions: 'The image must be at most 8,000 × 8,000 pixels and 40 megapixels',
  imageRead: 'Failed to process image',
  salesOpenAt: 'Sales opening must be a date and time (IST), e.g. 2026-10-01T19:00',
  salesOpenAfterStart: 'Sales must open before the event starts',
  fixErrors: 'Please fix the validation errors before submitting',
  fixErrorsShort: 'Please fix the validation errors',
  /** A template: whoever shows it fills {{max}} from the refusal's limit (fieldErrors' params). */
  tooLong: 'Must be at most {{max}} characters',
} as const;

export const IMAGE_DATA_URL_PATTERN = /^data:image\/(jpeg|jpg|png|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, EVENT_MESSAGES.tooLong);

const positiveNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).finite(message).gt(0, message).max(10_000_000, message),
  );

/** Comma-separated text or a list; trimmed, empties dropped. */
export function parseFeatures(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return parts
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** An existing stored image is referenced by its URL when the event is edited without a new pick. */
function isImageReference(value: string): boolean {
  return (
    IMAGE_DATA_URL_PATTERN.test(value) ||
    /^\/api\/event\/image\/[\w.-]+$/.test(value) ||
    /^https:\/\/\S+$/.test(value)
  );
}

export function eventInputSchema(todayIst: string) {
  return z
    .object({
      name: requiredText(EVENT_MESSAGES.name, 200),
      venue: requiredText(EVENT_MESSAGES.venue, 300),
      description: requiredText(EVENT_MESSAGES.description, 5000),
      date: z
        .string({ error: EVENT_MESSAGES.dateRequired })
        .trim()
        .min(1, EVENT_MESSAGES.dateRequired)
        .refine(isIsoDate, EVENT_MESSAGES.dateRequired)
        .refine((date) => date >= todayIst, EVENT_MESSAGES.datePast),
      startTime: z
        .string({ error: EVENT_MESSAGES.startRequired })
        .trim()
        .min(1, EVENT_MESSAGES.startRequired)
        .regex(TIME_PATTERN, EVENT_MESSAGES.startFormat),
      endTime: z
        .string({ error: EVENT_MESSAGES.endRequired })
        .trim()
        .min(1, EVENT_MESSAGES.endRequired)
        .regex(TIME_PATTERN, EVENT_MESSAGES.endFormat),
      ticketPrice: positiveNumber(EVENT_MESSAGES.ticketPrice),
      groupPrice4: positiveNumber(EVENT_MESSAGES.groupPrice4),
      totalTickets: z.preprocess(
        (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
        z
          .number({ error: EVENT_MESSAGES.totalTickets })
          .int(EVENT_MESSAGES.totalTickets)
          .gt(0, EVENT_MESSAGES.totalTickets)
          .max(1_000_000, EVENT_MESSAGES.totalTickets),
      ),
      eventImage: z
        .string({ error: EVENT_MESSAGES.image })
        .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100, EVENT_MESSAGES.imageSize)
        .refine((value) => value === '' || isImageReference(value), EVENT_MESSAGES.image)
        .nullish(),
      features: z.preprocess(parseFeatures, z.array(z.string().max(200)).max(50)).optional(),
      aboutText: z.string().trim().max(5000, EVENT_MESSAGES.tooLong).nullish(),
      // Optional: when set, checkout refuses before it and the waiting room gathers people for the opening.
      salesOpenAt: z
        .string({ error: EVENT_MESSAGES.salesOpenAt })
        .trim()
        .max(40, EVENT_MESSAGES.salesOpenAt)
        .refine((value) => value === '' || parseSalesOpenAt(value) !== null, EVENT_MESSAGES.salesOpenAt)
        .transform((value) => (value === '' ? null : parseSalesOpenAt(value)!.toISOString()))
        .nullish(),
      /** Pass-out: a holder may leave and come back in once per exit. Left out of an edit: unchanged. */
      reentryAllowed: z.boolean({ error: 'Re-entry must be on or off' }).optional(),
      /**
       * Creating: false makes a draft that only staff see until POST /admin/event/publish; left out, the event is
       * on sale at once, as clients that predate drafts expect. Editing ignores it (publishing is its own call).
       */
      published: z.boolean({ error: 'Published must be true or false' }).optional(),
    })
    .superRefine((event, ctx) => {
      if (
        TIME_PATTERN.test(event.startTime) &&
        TIME_PATTERN.test(event.endTime) &&
        minutesOfDay(event.endTime) <= minutesOfDay(event.startTime)
      ) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: EVENT_MESSAGES.endAfterStart });
      }
      if (
        event.salesOpenAt &&
        isIsoDate(event.date) &&
        TIME_PATTERN.test(event.startTime) &&
        Date.parse(event.salesOpenAt) >= istInstant(event.date, event.startTime).getTime()
      ) {
        ctx.addIssue({ code: 'custom', path: ['salesOpenAt'], message: EVENT_MESSAGES.salesOpenAfterStart });
      }
    });
}

export type EventInput = z.infer<ReturnType<typeof eventInputSchema>>;

const IST_LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When sales open: an IST wall-clock "YYYY-MM-DDTHH:MM" (what the form's date-time field gives), or an
 * ISO instant with its offset (what GET /event answers, so a client can send back what it read).
 */
export function parseSalesOpenAt(value: string): Date | null {
  const local = IST_LOCAL_DATE_TIME.exec(value);
  if (local) return isIsoDate(local[1]!) ? istInstant(local[1]!, `${local[2]}:${local[3]}`) : null;
  if (!ISO_INSTANT.test(value) || !isIsoDate(value.slice(0, 10))) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The values a refusal's template may name: `{{max}}` and `{{min}}`, the limits of a too_big/too_small issue. */
export type IssueParams = Readonly<{ max?: number; min?: number }>;

/** One field's message; `params` fill its placeholders when the message is a template (EVENT_MESSAGES.tooLong). */
export interface FieldIssue {
  field: string;
  message: string;
  params?: IssueParams;
}

/**
 * The limits a zod issue carries (its `maximum`/`minimum`), for a message written as a template, so one
 * sentence per language serves every limit ("Must be at most {{max}} characters"). Undefined for a plain one.
 */
export function issueParams(
  message: string,
  issue: { maximum?: unknown; minimum?: unknown },
): IssueParams | undefined {
  if (!message.includes('{{')) return undefined;
  const limit = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  const max = limit(issue.maximum);
  const min = limit(issue.minimum);
  return { ...(max === undefined ? {} : { max }), ...(min === undefined ? {} : { min }) };
}

/** The first message per field, in the shape of the error envelope's details. */
export function fieldErrors(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const details: FieldIssue[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    if (seen.has(field)) continue;
    seen.add(field);
    const params = issueParams(issue.message, issue as { maximum?: unknown; minimum?: unknown });
    details.push(params ? { field, message: issue.message, params } : { field, message: issue.message });
  }
  return details;
}

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The image type told by the file's first bytes, never by its name or data-URL prefix. */
/** Whether a picture of `width` × `height` pixels is one the event accepts (constants.ts IMAGE_MAX_*). */
export function imageDimensionsAllowed(width: number, height: number): boolean {
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width > 0 &&
    height > 0 &&
    width <= IMAGE_MAX_SIDE_PX &&
    height <= IMAGE_MAX_SIDE_PX &&
    width * height <= IMAGE_MAX_PIXELS
  );
}

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return 'gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}
