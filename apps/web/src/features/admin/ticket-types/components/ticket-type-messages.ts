import { TICKET_TYPE_MESSAGES } from '@utsav/domain/ticket-types-schema';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './ticket-type-values';

// The editor checks the form with the shared schema in the browser, which words its messages in English
// (TICKET_TYPE_MESSAGES); they are shown through the catalog. A message from the server already comes in the
// reader's language and is shown as it is.
const KEYS: Record<keyof typeof TICKET_TYPE_MESSAGES, string> = {
  name: 'admin-ticket-types.validation.name',
  nameTooLong: 'admin-ticket-types.validation.tooLong',
  price: 'admin-ticket-types.validation.price',
  groupPrice4: 'admin-ticket-types.validation.groupPrice4',
  admits: 'admin-ticket-types.validation.admits',
  capacity: 'admin-ticket-types.validation.capacity',
  perPersonLimit: 'admin-ticket-types.validation.perPersonLimit',
  dateTime: 'admin-ticket-types.validation.dateTime',
  salesEndAfterStart: 'admin-ticket-types.validation.salesEndAfterStart',
  colour: 'admin-ticket-types.validation.colour',
  phaseLabel: 'admin-ticket-types.validation.phaseLabel',
  phaseQuantity: 'admin-ticket-types.validation.phaseQuantity',
  phasesTooMany: 'admin-ticket-types.validation.phasesTooMany',
  phaseOpenEndedNotLast: 'admin-ticket-types.validation.phaseOpenEndedNotLast',
  phaseEndsInOrder: 'admin-ticket-types.validation.phaseEndsInOrder',
  order: 'admin-ticket-types.validation.order',
};

const BY_SENTENCE = new Map<string, string>(
  (Object.keys(KEYS) as (keyof typeof TICKET_TYPE_MESSAGES)[]).map((name) => [
    TICKET_TYPE_MESSAGES[name],
    KEYS[name],
  ]),
);

/** A field's message in the reader's language, a template's limit filled in. */
export function useTypeMessage(): (message: FieldMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const { message: sentence, params } = typeof message === 'string' ? { message, params: {} } : message;
    const key = BY_SENTENCE.get(sentence);
    return key ? t(key, params) : sentence;
  };
}
