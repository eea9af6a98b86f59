import { MANUAL_ISSUANCE_MESSAGES } from '@utsav/domain/manual-issuance-schema';
import { useTranslation } from 'react-i18next';

// The form's own checks word their messages in the shared English sentences; shown through the catalog.
const KEYS: Record<keyof typeof MANUAL_ISSUANCE_MESSAGES, string> = {
  noRecipient: 'admin-issuance.validation.noRecipient',
  incompleteNewUser: 'admin-issuance.validation.incompleteNewUser',
  email: 'admin-issuance.validation.email',
  quantity: 'admin-issuance.validation.quantity',
  notes: 'admin-issuance.validation.notes',
  name: 'admin-issuance.validation.name',
  invisibleName: 'admin-issuance.validation.invisibleName',
  ticketType: 'admin-issuance.validation.ticketType',
  free: 'admin-issuance.validation.free',
};

const BY_SENTENCE = new Map<string, string>(
  (Object.keys(KEYS) as (keyof typeof MANUAL_ISSUANCE_MESSAGES)[]).map((name) => [
    MANUAL_ISSUANCE_MESSAGES[name],
    KEYS[name],
  ]),
);

/** A form message in the reader's language (a server message already is, and passes through). */
export function useIssuanceMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = BY_SENTENCE.get(message);
    return key ? t(key) : message;
  };
}
