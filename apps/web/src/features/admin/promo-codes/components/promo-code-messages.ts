import { PROMO_CODE_MESSAGES } from '@utsav/domain/promo-codes-schema';
import { TICKET_TYPE_MESSAGES } from '@utsav/domain/ticket-types-schema';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './promo-code-values';

// The panel checks the form with the shared schema in the browser, which words its messages in English
// (PROMO_CODE_MESSAGES); shown through the catalog. The server's messages come in the reader's language.
const KEYS: Record<keyof typeof PROMO_CODE_MESSAGES, string> = {
  code: 'admin-promo-codes.validation.code',
  kind: 'admin-promo-codes.validation.kind',
  percent: 'admin-promo-codes.validation.percent',
  amount: 'admin-promo-codes.validation.amount',
  validUntilAfterFrom: 'admin-promo-codes.validation.validUntilAfterFrom',
  maxUses: 'admin-promo-codes.validation.maxUses',
  minQuantity: 'admin-promo-codes.validation.minQuantity',
  ticketTypeIds: 'admin-promo-codes.validation.ticketTypeIds',
  codeExists: 'admin-promo-codes.validation.codeExists',
};

const BY_SENTENCE = new Map<string, string>([
  ...(Object.keys(KEYS) as (keyof typeof PROMO_CODE_MESSAGES)[]).map(
    (name) => [PROMO_CODE_MESSAGES[name], KEYS[name]] as const,
  ),
  // The dates are the ticket types' IST date-time fields.
  [TICKET_TYPE_MESSAGES.dateTime, 'admin-promo-codes.validation.dateTime'],
]);

export function useCodeMessage(): (message: FieldMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const { message: sentence, params } = typeof message === 'string' ? { message, params: {} } : message;
    const key = BY_SENTENCE.get(sentence);
    return key ? t(key, params) : sentence;
  };
}
