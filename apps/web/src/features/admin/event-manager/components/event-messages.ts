import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './event-form-values';

// The event form's own checks run the shared schema in the browser, which words its messages in English
// (EVENT_MESSAGES, the product's sentences). They are shown through the catalog; a message from the server
// already comes in the reader's language (Accept-Language) and is shown as it is.
const KEYS: Record<keyof typeof EVENT_MESSAGES, string> = {
  name: 'admin-event.validation.name',
  dateRequired: 'admin-event.validation.dateRequired',
  datePast: 'admin-event.validation.datePast',
  venue: 'admin-event.validation.venue',
  description: 'admin-event.validation.description',
  startRequired: 'admin-event.validation.startRequired',
  endRequired: 'admin-event.validation.endRequired',
  startFormat: 'admin-event.validation.startFormat',
  endFormat: 'admin-event.validation.endFormat',
  endAfterStart: 'admin-event.validation.endAfterStart',
  ticketPrice: 'admin-event.validation.ticketPrice',
  groupPrice4: 'admin-event.validation.groupPrice4',
  totalTickets: 'admin-event.validation.totalTickets',
  image: 'admin-event.validation.image',
  imagePick: 'admin-event.validation.imagePick',
  imageSize: 'admin-event.validation.imageSize',
  imageDimensions: 'admin-event.validation.imageDimensions',
  imageRead: 'admin-event.validation.imageRead',
  salesOpenAt: 'admin-event.validation.salesOpenAt',
  salesOpenAfterStart: 'admin-event.validation.salesOpenAfterStart',
  fixErrors: 'admin-event.validation.fixErrors',
  fixErrorsShort: 'admin-event.validation.fixErrorsShort',
  tooLong: 'admin-event.validation.tooLong',
};

const BY_SENTENCE = new Map<string, string>(
  (Object.keys(KEYS) as (keyof typeof EVENT_MESSAGES)[]).map((name) => [EVENT_MESSAGES[name], KEYS[name]]),
);

/** A form message in the reader's language, a template's limit filled in. */
export function useEventMessage(): (message: FieldMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const { message: sentence, params } = typeof message === 'string' ? { message, params: {} } : message;
    const key = BY_SENTENCE.get(sentence);
    return key ? t(key, params) : sentence;
  };
}
