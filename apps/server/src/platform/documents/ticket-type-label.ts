import type { Language } from '@utsav/domain/languages';
import { typeName } from '@utsav/domain/ticket-types';
import { msg, renderMessage } from '../i18n/messages';

// A ticket's type as every document and mail shows it, the way My Tickets does: the type's name in the reader's
// language, and "admits 2" only when one ticket lets in more than one person ("Couple pass · admits 2").

/** The type a ticket was sold as: plain data, so an outbox row or the document worker can carry it. */
export interface TicketTypeShown {
  name: string;
  nameHi?: string | null | undefined;
  nameGu?: string | null | undefined;
  /** The ticket's own admits (what it was sold admitting). */
  admits: number;
}

export function ticketTypeLabel(type: TicketTypeShown, language: Language): string {
  const name = typeName(
    { name: type.name, nameHi: type.nameHi ?? null, nameGu: type.nameGu ?? null },
    language,
  );
  if (type.admits <= 1) return name;
  return renderMessage(msg('{{name}} · admits {{count}}', { name, count: type.admits }), language);
}
