import { matchTemplate } from '@utsav/domain/message-templates';
import { QUANTITY_MESSAGE } from '@utsav/domain/purchase-schema';
import { type Message, msg } from './i18n/messages';

// Schema refusals the shared schemas write with their number filled in (the web shows them as they are).
const TEMPLATES = [QUANTITY_MESSAGE];

/** A schema's finished sentence as its template and number, so it is answered in the caller's language. */
export function numberedSentence(message: string): string | Message {
  const found = matchTemplate(message, TEMPLATES);
  return found ? msg(found.template, found.params) : message;
}
