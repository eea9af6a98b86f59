import {
  GUEST_MESSAGE_TEXTS,
  guestMessageRequestSchema,
  MESSAGE_AUDIENCES,
  type MessageAudience,
} from '@utsav/domain/guest-messages';
import type { Language } from '@utsav/domain/languages';
import { useTranslation } from 'react-i18next';

// The compose form's values, checked by the schema the server runs; its English refusals are shown through the
// catalog (the server's own come in the reader's language already).

export interface MessageValues {
  subject: string;
  body: string;
  subjectHi: string;
  bodyHi: string;
  subjectGu: string;
  bodyGu: string;
  audience: MessageAudience;
  ticketTypeIds: string[];
}

export type MessageField = keyof MessageValues;
export type MessageErrors = Partial<Record<MessageField, string>>;

export const MESSAGE_FIELDS: readonly MessageField[] = [
  'subject',
  'body',
  'subjectHi',
  'bodyHi',
  'subjectGu',
  'bodyGu',
  'audience',
  'ticketTypeIds',
];

/** Catalog keys of the audiences, written out whole. */
export const AUDIENCE_LABELS: Record<MessageAudience, string> = {
  holders: 'admin-messages.audience.holders',
  'not-admitted': 'admin-messages.audience.not-admitted',
  admitted: 'admin-messages.audience.admitted',
  waitlist: 'admin-messages.audience.waitlist',
};

export const messageFieldId = (field: MessageField) => `msg-${field}`;

export function newMessageValues(): MessageValues {
  return {
    subject: '',
    body: '',
    subjectHi: '',
    bodyHi: '',
    subjectGu: '',
    bodyGu: '',
    audience: MESSAGE_AUDIENCES[0],
    ticketTypeIds: [],
  };
}

/** The field a refusal names ('ticketTypeIds.2' is the types' field). */
function fieldOf(path: string): MessageField | null {
  const head = path.split('.')[0] as MessageField;
  return MESSAGE_FIELDS.includes(head) ? head : null;
}

/** Per-field refusals, first one per field, from the schema's issues or the server's details. */
export function errorsOf(issues: readonly { field: string; message: string }[]): MessageErrors {
  const errors: MessageErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.field);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function validateMessage(values: MessageValues): MessageErrors {
  const result = guestMessageRequestSchema.safeParse(values);
  if (result.success) return {};
  return errorsOf(
    result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}

/** The languages the form holds a version in, English first (the preview offers these). */
export function writtenLanguages(values: MessageValues): Language[] {
  const languages: Language[] = ['en'];
  if (values.subjectHi.trim() && values.bodyHi.trim()) languages.push('hi');
  if (values.subjectGu.trim() && values.bodyGu.trim()) languages.push('gu');
  return languages;
}

const KEYS = new Map<string, string>([
  [GUEST_MESSAGE_TEXTS.subject, 'admin-messages.validation.subject'],
  [GUEST_MESSAGE_TEXTS.body, 'admin-messages.validation.body'],
  [GUEST_MESSAGE_TEXTS.audience, 'admin-messages.validation.audience'],
  [GUEST_MESSAGE_TEXTS.ticketTypeIds, 'admin-messages.validation.ticketTypeIds'],
  [GUEST_MESSAGE_TEXTS.pair, 'admin-messages.validation.pair'],
  [GUEST_MESSAGE_TEXTS.unknownType, 'admin-messages.validation.unknownType'],
]);

export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = KEYS.get(message);
    return key ? t(key) : message;
  };
}
