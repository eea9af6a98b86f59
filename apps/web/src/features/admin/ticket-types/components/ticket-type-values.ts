import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import { type FieldIssue, fieldErrors, type IssueParams } from '@utsav/domain/event-schema';
import { DEFAULT_TYPE_COLOUR, TYPE_COLOURS } from '@utsav/domain/ticket-types';
import { ticketTypeInputSchema } from '@utsav/domain/ticket-types-schema';
import { istDateTimeLocal } from '@utsav/domain/time';

// The Ticket Types editor's form as text (a half-typed price is not lost to number parsing), checked by the
// schema the server runs (@utsav/domain/ticket-types-schema), whose messages are keyed by the field's path:
// `price`, `phases.1.endsAt`. The server's VALIDATION_FAILED details use the same paths.

export interface PhaseValues {
  /** Identity for React only: phases have no id until saved, and are matched by position on the server. */
  key: string;
  label: string;
  price: string;
  /** IST wall clock YYYY-MM-DDTHH:MM, or ''. */
  endsAt: string;
  quantity: string;
}

export interface TypeValues {
  name: string;
  nameHi: string;
  nameGu: string;
  description: string;
  price: string;
  groupPrice4: string;
  admits: string;
  capacity: string;
  perPersonLimit: string;
  salesStart: string;
  salesEnd: string;
  colour: string;
  hidden: boolean;
  paused: boolean;
  archived: boolean;
  phases: PhaseValues[];
}

export type FieldMessage = string | { message: string; params: IssueParams };
/** Messages by field path ('name', 'phases.0.label'). */
export type FieldErrorMap = Readonly<Record<string, FieldMessage>>;

let phaseKeys = 0;
export function newPhaseKey(): string {
  phaseKeys += 1;
  return `phase-${phaseKeys}`;
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const local = (iso: string | null) => (iso ? istDateTimeLocal(new Date(iso)) : '');

/** A new type's form: the next colour not used yet, admitting one. */
export function newTypeValues(existing: readonly Pick<AdminTicketType, 'colour'>[]): TypeValues {
  const used = new Set(existing.map((type) => type.colour.toUpperCase()));
  return {
    name: '',
    nameHi: '',
    nameGu: '',
    description: '',
    price: '',
    groupPrice4: '',
    admits: '1',
    capacity: '',
    perPersonLimit: '',
    salesStart: '',
    salesEnd: '',
    colour: TYPE_COLOURS.find((colour) => !used.has(colour)) ?? DEFAULT_TYPE_COLOUR,
    hidden: false,
    paused: false,
    archived: false,
    phases: [],
  };
}

/** A stored type as the form edits it (instants shown on the IST wall clock). */
export function typeValues(type: AdminTicketType): TypeValues {
  return {
    name: type.name,
    nameHi: text(type.nameHi),
    nameGu: text(type.nameGu),
    description: type.description,
    price: text(type.price),
    groupPrice4: text(type.groupPrice4),
    admits: text(type.admits),
    capacity: text(type.capacity),
    perPersonLimit: text(type.perPersonLimit),
    salesStart: local(type.salesStart),
    salesEnd: local(type.salesEnd),
    colour: type.colour,
    hidden: type.hidden,
    paused: type.paused,
    archived: type.archived,
    phases: type.phases.map((phase) => ({
      key: phase.id,
      label: phase.label,
      price: text(phase.price),
      endsAt: local(phase.endsAt),
      quantity: text(phase.quantity),
    })),
  };
}

/** The body of POST / PUT: the form's text as the schema reads it (it turns '' into "none"). */
export function typeBody(values: TypeValues): Record<string, unknown> {
  const { phases, ...rest } = values;
  return { ...rest, phases: phases.map(({ key: _key, ...phase }) => phase) };
}

/** A stored type sent back as it is with one change (pause, resume, archive, restore). */
export function typeBodyWith(type: AdminTicketType, change: Partial<TypeValues>): Record<string, unknown> {
  return typeBody({ ...typeValues(type), ...change });
}

/** Field paths → their first message, for the form; the server's details and the schema's issues alike. */
export function mapFieldErrors(details: readonly FieldIssue[]): FieldErrorMap {
  const errors: Record<string, FieldMessage> = {};
  for (const { field, message, params } of details) {
    if (!errors[field]) errors[field] = params ? { message, params } : message;
  }
  return errors;
}

export function validateType(values: TypeValues): { ok: true } | { ok: false; errors: FieldErrorMap } {
  const result = ticketTypeInputSchema.safeParse(typeBody(values));
  return result.success ? { ok: true } : { ok: false, errors: mapFieldErrors(fieldErrors(result.error)) };
}

/** The form's fields in the order they appear, for moving focus to the first refused one. */
export function fieldOrder(values: TypeValues): string[] {
  const phases = values.phases.flatMap((_, index) =>
    ['label', 'price', 'endsAt', 'quantity'].map((field) => `phases.${index}.${field}`),
  );
  return [
    'name',
    'nameHi',
    'nameGu',
    'description',
    'price',
    'groupPrice4',
    'admits',
    'colour',
    'capacity',
    'perPersonLimit',
    'salesStart',
    'salesEnd',
    'hidden',
    'paused',
    'phases',
    ...phases,
  ];
}

/** The DOM id of a field's control: `tt-phases-0-label`. */
export function fieldId(path: string): string {
  return `tt-${path.replace(/\./g, '-')}`;
}
