import { EVENT_DEFAULTS } from '@utsav/domain/constants';
import {
  EVENT_MESSAGES,
  type EventInput,
  type FieldIssue,
  fieldErrors,
  type IssueParams,
} from '@utsav/domain/event-schema';
import { istDateTimeLocal, minutesOfDay, TIME_PATTERN } from '@utsav/domain/time';
import type { AdminEvent } from '../api/get-admin-event';
import { saveEventSchema } from '../api/save-event';

/** What the form holds: text as typed, so a half-typed price is not lost to number parsing. */
export interface EventFormValues {
  name: string;
  date: string;
  startTime: string;
  endTime: string;
  venue: string;
  description: string;
  ticketPrice: string;
  groupPrice4: string;
  totalTickets: string;
  /** A data URL of a new pick, the stored image's URL, or '' for none. */
  eventImage: string;
  features: string;
  aboutText: string;
  /** IST wall-clock YYYY-MM-DDTHH:MM (a datetime-local field), or '' for sales open now. */
  salesOpenAt: string;
  /** Pass-out: guests may go out and come back in (the gate scanner's Exit mode). */
  reentryAllowed: boolean;
}

/** The text fields (every field but the re-entry switch). */
export type EventField = Exclude<keyof EventFormValues, 'reentryAllowed'>;
/** A field's message: a sentence, or a template with the limit it names ("Must be at most {{max}} characters"). */
export type FieldMessage = string | { message: string; params: IssueParams };
export type FieldErrorMap = Partial<Record<EventField, FieldMessage>>;

/** The fields in the order they appear, for focusing the first invalid one. */
export const FIELD_ORDER: EventField[] = [
  'name',
  'description',
  'eventImage',
  'date',
  'startTime',
  'endTime',
  'venue',
  'ticketPrice',
  'groupPrice4',
  'totalTickets',
  'features',
  'aboutText',
  'salesOpenAt',
];

/** A new event starts from the defaults (docs/product.md#event-manager): 6:30 PM - 10:30 PM, ₹299, no venue. */
export function initialValues(event: AdminEvent | null): EventFormValues {
  if (!event) {
    return {
      name: '',
      date: '',
      startTime: EVENT_DEFAULTS.startTime,
      endTime: EVENT_DEFAULTS.endTime,
      // The place is the organiser's to name: a sample venue would go out on the night's tickets unnoticed.
      venue: '',
      description: '',
      ticketPrice: String(EVENT_DEFAULTS.ticketPrice),
      groupPrice4: '',
      totalTickets: '',
      eventImage: '',
      features: '',
      aboutText: '',
      salesOpenAt: '',
      reentryAllowed: false,
    };
  }
  return {
    name: event.name,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    venue: event.venue,
    description: event.description,
    ticketPrice: String(event.ticketPrice),
    groupPrice4: event.groupPrice4 === null ? '' : String(event.groupPrice4),
    totalTickets: String(event.totalTickets),
    eventImage: event.eventImage ?? '',
    features: event.features.join(', '),
    aboutText: event.aboutText ?? '',
    salesOpenAt: event.salesOpenAt ? istDateTimeLocal(new Date(event.salesOpenAt)) : '',
    reentryAllowed: event.reentryAllowed,
  };
}

function isField(value: string): value is EventField {
  return (FIELD_ORDER as string[]).includes(value);
}

/** Runs the shared schema (docs/product.md#event-manager): the parsed body, or one message per field. */
export function validateEvent(
  values: EventFormValues,
): { ok: true; event: EventInput } | { ok: false; errors: FieldErrorMap } {
  const result = saveEventSchema().safeParse({
    ...values,
    eventImage: values.eventImage === '' ? null : values.eventImage,
    aboutText: values.aboutText.trim() === '' ? null : values.aboutText,
    salesOpenAt: values.salesOpenAt.trim() === '' ? null : values.salesOpenAt,
  });
  if (result.success) return { ok: true, event: result.data };
  const errors = mapFieldErrors(fieldErrors(result.error));
  // zod runs the schema's cross-field check only once every field passes; the form says it at once.
  if (
    !errors.endTime &&
    TIME_PATTERN.test(values.startTime) &&
    TIME_PATTERN.test(values.endTime) &&
    minutesOfDay(values.endTime) <= minutesOfDay(values.startTime)
  ) {
    errors.endTime = EVENT_MESSAGES.endAfterStart;
  }
  return { ok: false, errors };
}

/** Server or schema details ({field, message}) onto the form's fields; unknown fields are dropped. */
export function mapFieldErrors(details: readonly FieldIssue[]): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const { field, message, params } of details) {
    const key = field.split('.')[0] ?? field;
    if (isField(key) && !errors[key]) errors[key] = params ? { message, params } : message;
  }
  return errors;
}
