import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import { type FieldIssue, fieldErrors, type IssueParams } from '@utsav/domain/event-schema';
import type { PromoKind } from '@utsav/domain/promo-codes';
import { promoCodeInputSchema } from '@utsav/domain/promo-codes-schema';
import { istDateTimeLocal } from '@utsav/domain/time';

// The Promo Codes panel's form as text, checked by the schema the server runs (@utsav/domain/promo-codes-schema);
// its messages and the server's details are keyed by field name.

export interface CodeValues {
  code: string;
  kind: PromoKind;
  value: string;
  ticketTypeIds: string[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerPerson: string;
  minQuantity: string;
  active: boolean;
}

export type FieldMessage = string | { message: string; params: IssueParams };
export type CodeErrors = Readonly<Record<string, FieldMessage>>;

const text = (value: number | null) => (value === null ? '' : String(value));
const local = (iso: string | null) => (iso ? istDateTimeLocal(new Date(iso)) : '');

export function newCodeValues(): CodeValues {
  return {
    code: '',
    kind: 'percent',
    value: '',
    ticketTypeIds: [],
    validFrom: '',
    validUntil: '',
    maxUses: '',
    maxUsesPerPerson: '',
    minQuantity: '',
    active: true,
  };
}

export function codeValues(code: AdminPromoCode): CodeValues {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'unlock' ? '' : String(code.value),
    ticketTypeIds: [...code.ticketTypeIds],
    validFrom: local(code.validFrom),
    validUntil: local(code.validUntil),
    maxUses: text(code.maxUses),
    maxUsesPerPerson: text(code.maxUsesPerPerson),
    minQuantity: text(code.minQuantity),
    active: code.active,
  };
}

/** The body of POST / PUT (the schema reads '' as "none"; an access code has no value). */
export function codeBody(values: CodeValues): Record<string, unknown> {
  const { value, ...rest } = values;
  return values.kind === 'unlock' ? rest : { ...rest, value };
}

export function mapCodeErrors(details: readonly FieldIssue[]): CodeErrors {
  const errors: Record<string, FieldMessage> = {};
  for (const { field, message, params } of details) {
    const key = field.split('.')[0] ?? field;
    if (!errors[key]) errors[key] = params ? { message, params } : message;
  }
  return errors;
}

export function validateCode(values: CodeValues): { ok: true } | { ok: false; errors: CodeErrors } {
  const result = promoCodeInputSchema.safeParse(codeBody(values));
  return result.success ? { ok: true } : { ok: false, errors: mapCodeErrors(fieldErrors(result.error)) };
}

export const CODE_FIELDS = [
  'code',
  'kind',
  'value',
  'ticketTypeIds',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerPerson',
  'minQuantity',
] as const;

export function codeFieldId(field: string): string {
  return `pc-${field}`;
}
